import type { Firestore } from 'firebase/firestore';
import { getCountFromServer, query, where } from './sdk';
import { showcasesCollection } from './showcases';

// Apart from showcases.ts: only the tag filter's lazy suggestions count, so the aggregation
// code stays out of the gallery's first paint.

/**
 * How many published showcases carry `tag`: exactly what the gallery filtered by it lists, as
 * one count aggregation on the server (the tag filter's suggestions show it).
 */
export async function countPublishedWithTag(db: Firestore, tag: string): Promise<number> {
  const tagged = query(
    showcasesCollection(db),
    where('status', '==', 'published'),
    where('tags', 'array-contains', tag),
  );
  return (await getCountFromServer(tagged)).data().count;
}
