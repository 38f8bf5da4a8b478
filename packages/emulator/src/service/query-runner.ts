// Runs compiled queries against the store, scanning only the collections a query names.
import type { Document } from '../model/types.js';
import { runCompiledQuery, type CompiledQuery } from '../query/query.js';
import type { Store } from '../store/store.js';

/** The documents a query could match: its collection, its collection group, or everything
 * below its parent for a kindless (all-descendants, empty id) query. */
export function queryCandidates(store: Store, compiled: CompiledQuery): Iterable<Document> {
  if (!compiled.allDescendants)
    return store.collectionDocuments(`${compiled.parent}/${compiled.collectionId}`);
  if (compiled.collectionId === '') return store.descendantDocuments(compiled.parent);
  return store.collectionGroupDocuments(compiled.parent, compiled.collectionId);
}

export function runQueryOnStore(
  store: Store,
  compiled: CompiledQuery,
): { documents: Document[]; skippedResults: number } {
  return runCompiledQuery(compiled, queryCandidates(store, compiled));
}

/** A document that changed in one commit (or a clear): `after` is null when it was deleted. */
export type DocumentChange = {
  readonly name: string;
  readonly before: Document | null;
  readonly after: Document | null;
};
