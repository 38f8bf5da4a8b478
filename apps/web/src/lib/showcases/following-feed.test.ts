import { describe, expect, it } from 'vitest';
import { IN_QUERY_MAX, mergeNewestFirst, ownerChunks } from './following-feed';

const at = (id: string, minute: number | null) => ({
  id,
  createdAt: minute === null ? null : new Date(Date.UTC(2026, 0, 1, 0, minute)),
});

describe('ownerChunks', () => {
  it('splits followed makers into chunks of at most 30, without repeats', () => {
    const uids = Array.from({ length: 65 }, (_, index) => `u${index}`);
    const chunks = ownerChunks([...uids, 'u0', 'u1']);
    expect(chunks.map((chunk) => chunk.length)).toEqual([IN_QUERY_MAX, IN_QUERY_MAX, 5]);
    expect(chunks.flat()).toEqual(uids);
  });

  it('gives no chunk (no query) for nobody followed', () => {
    expect(ownerChunks([])).toEqual([]);
  });
});

describe('mergeNewestFirst', () => {
  it('merges chunks newest first and keeps the newest max', () => {
    const merged = mergeNewestFirst(
      [[at('a', 50), at('b', 10)], [at('c', 40), at('d', 30)], [at('e', 60)]],
      4,
    );
    expect(merged.map((item) => item.id)).toEqual(['e', 'a', 'c', 'd']);
  });

  it('puts pending items (no time yet) first and breaks ties by id', () => {
    const merged = mergeNewestFirst([[at('b', 5), at('p', null)], [at('a', 5)]], 10);
    expect(merged.map((item) => item.id)).toEqual(['p', 'a', 'b']);
  });

  it('keeps an item found in two chunks once, and copes with empty chunks and max 0', () => {
    expect(mergeNewestFirst([[at('a', 1)], [at('a', 1)], []], 5)).toHaveLength(1);
    expect(mergeNewestFirst([[at('a', 1)]], 0)).toEqual([]);
  });
});
