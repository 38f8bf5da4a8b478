import { describe, expect, it } from 'vitest';
import { feedOrder, IN_QUERY_MAX, mergeFeedChunks, ownerChunks } from './following-feed';

const at = (id: string, minute: number | null, likeCount = 0) => ({
  id,
  createdAt: minute === null ? null : new Date(Date.UTC(2026, 0, 1, 0, minute)),
  likeCount,
});

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

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

describe('mergeFeedChunks, newest first', () => {
  it('merges chunks newest first and keeps the newest max', () => {
    const merged = mergeFeedChunks(
      [[at('a', 50), at('b', 10)], [at('c', 40), at('d', 30)], [at('e', 60)]],
      'newest',
      4,
    );
    expect(ids(merged)).toEqual(['e', 'a', 'c', 'd']);
  });

  it('puts pending items (no time yet) first and breaks ties by id, descending as Firestore does', () => {
    const merged = mergeFeedChunks([[at('b', 5), at('p', null)], [at('a', 5)]], 'newest', 10);
    expect(ids(merged)).toEqual(['p', 'b', 'a']);
  });

  it('ignores likes', () => {
    expect(ids(mergeFeedChunks([[at('old', 1, 9)], [at('new', 2, 0)]], 'newest', 2))).toEqual([
      'new',
      'old',
    ]);
  });

  it('keeps an item found in two chunks once, and copes with empty chunks and max 0', () => {
    expect(mergeFeedChunks([[at('a', 1)], [at('a', 1)], []], 'newest', 5)).toHaveLength(1);
    expect(mergeFeedChunks([[at('a', 1)]], 'newest', 0)).toEqual([]);
  });
});

describe('mergeFeedChunks, most liked first', () => {
  it('orders by likes across chunks and keeps the most liked max', () => {
    const merged = mergeFeedChunks(
      [
        [at('a', 10, 7), at('b', 50, 2)],
        [at('c', 20, 9), at('d', 30, 1)],
      ],
      'liked',
      3,
    );
    expect(ids(merged)).toEqual(['c', 'a', 'b']);
  });

  it('breaks equal likes by the newest, then by id descending, as the Everyone gallery does', () => {
    const merged = mergeFeedChunks(
      [
        [at('old', 1, 3), at('x', 5, 3)],
        [at('new', 9, 3), at('y', 5, 3), at('pending', null, 3)],
      ],
      'liked',
      10,
    );
    expect(ids(merged)).toEqual(['pending', 'new', 'y', 'x', 'old']);
  });

  it('is exact: the first max of the whole list are among each chunk’s first max', () => {
    const all = Array.from({ length: 40 }, (_, index) =>
      at(`s${String(index).padStart(2, '0')}`, index % 7, (index * 13) % 11),
    );
    const order = feedOrder('liked');
    const chunks = [all.slice(0, 15), all.slice(15, 28), all.slice(28)].map((chunk) =>
      [...chunk].sort(order).slice(0, 6),
    );
    expect(ids(mergeFeedChunks(chunks, 'liked', 6))).toEqual(ids([...all].sort(order).slice(0, 6)));
  });
});
