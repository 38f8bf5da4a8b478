// The Following feed on the device: Firestore's `in` takes at most 30 values, so the followed
// makers are split into chunks of 30, each chunk is one live query (newest `max` of its makers),
// and the chunks are merged here. The newest `max` overall are always among the chunks' own
// newest `max`, so the merge is exact. docs/decisions/2026-11-27-follows-and-the-following-feed.md

/** Firestore's limit on the values of one `in` filter. */
export const IN_QUERY_MAX = 30;

/** `uids` without repeats, in chunks of at most `size`; no chunk when there is no uid. */
export function ownerChunks(uids: readonly string[], size = IN_QUERY_MAX): string[][] {
  const unique = [...new Set(uids)];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += size)
    chunks.push(unique.slice(start, start + size));
  return chunks;
}

type Dated = { id: string; createdAt: Date | null };

/**
 * The newest `max` items of all chunks, newest first. An item without a time yet (its write
 * is pending) is the newest; equal times fall back to the id, so the order never flickers.
 * An item in two chunks (a maker listed twice) is kept once.
 */
export function mergeNewestFirst<T extends Dated>(
  chunks: readonly (readonly T[])[],
  max: number,
): T[] {
  const byId = new Map<string, T>();
  for (const chunk of chunks)
    for (const item of chunk) if (!byId.has(item.id)) byId.set(item.id, item);
  const time = (item: T) => item.createdAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...byId.values()]
    .sort((a, b) => time(b) - time(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, Math.max(0, max));
}
