// The Following feed on the device: Firestore's `in` takes at most 30 values, so the followed
// makers are split into chunks of 30, each chunk is one live query (the first `max` of its
// makers in the feed's order), and the chunks are merged here in that same order. The first
// `max` overall are always among the chunks' own first `max`, so the merge is exact.
// docs/decisions/2026-11-27-follows-and-the-following-feed.md

/** Firestore's limit on the values of one `in` filter. */
export const IN_QUERY_MAX = 30;

/** The feed's orders, as the gallery's sort names them. */
export type FeedSort = 'newest' | 'liked';

/** `uids` without repeats, in chunks of at most `size`; no chunk when there is no uid. */
export function ownerChunks(uids: readonly string[], size = IN_QUERY_MAX): string[][] {
  const unique = [...new Set(uids)];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += size)
    chunks.push(unique.slice(start, start + size));
  return chunks;
}

type Ranked = { id: string; createdAt: Date | null; likeCount: number };

/**
 * The order of the gallery's queries, here: Most liked is `likeCount` desc then `createdAt`
 * desc, Newest is `createdAt` desc; Firestore then orders by document id in the direction of
 * the last `orderBy`, so equal times fall back to the id, descending. An item without a time
 * yet (its write is pending) is the newest.
 */
export function feedOrder(sort: FeedSort): (a: Ranked, b: Ranked) => number {
  const time = (item: Ranked) => item.createdAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const newest = (a: Ranked, b: Ranked) =>
    time(b) - time(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  return sort === 'liked' ? (a, b) => b.likeCount - a.likeCount || newest(a, b) : newest;
}

/**
 * The first `max` items of all chunks in the feed's order. An item in two chunks (a maker
 * listed twice) is kept once.
 */
export function mergeFeedChunks<T extends Ranked>(
  chunks: readonly (readonly T[])[],
  sort: FeedSort,
  max: number,
): T[] {
  const byId = new Map<string, T>();
  for (const chunk of chunks)
    for (const item of chunk) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort(feedOrder(sort)).slice(0, Math.max(0, max));
}
