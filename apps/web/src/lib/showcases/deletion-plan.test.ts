import { buildShowcaseImage } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import type { ShowcaseChild } from './deletion-plan';
import { gsUrlOfDownloadUrl, leftoverBatches, planShowcaseDeletion } from './deletion-plan';

const likes = (count: number): ShowcaseChild[] =>
  Array.from({ length: count }, (_, index) => ({ kind: 'likes', id: `u${index}` }));
const comments = (count: number): ShowcaseChild[] =>
  Array.from({ length: count }, (_, index) => ({ kind: 'comments', id: `c${index}` }));
const bare = { id: 's1', ownerUid: 'u1', images: [] };

describe('planShowcaseDeletion', () => {
  const cover = buildShowcaseImage('u1', 's1', { id: 'cover', widths: [480, 960] });
  const detail = buildShowcaseImage('u1', 's1', { id: 'detail', widths: [480] });

  it('deletes every stored width of every image, and the likes and comments with the showcase', () => {
    const children: ShowcaseChild[] = [...likes(2), ...comments(1)];
    expect(
      planShowcaseDeletion({ id: 's1', ownerUid: 'u1', images: [cover, detail] }, children),
    ).toEqual({
      first: children,
      record: false,
      storageObjects: [
        'gs://demo-showcase.appspot.com/users/u1/showcases/s1/cover/480.webp',
        'gs://demo-showcase.appspot.com/users/u1/showcases/s1/cover/960.webp',
        'gs://demo-showcase.appspot.com/users/u1/showcases/s1/detail/480.webp',
      ],
    });
  });

  it("never deletes what is outside this showcase's own folder", () => {
    const elsewhere = buildShowcaseImage('u1', 's2', { id: 'other' });
    const foreign = buildShowcaseImage('u2', 's1', { id: 'theirs' });
    expect(
      planShowcaseDeletion({ id: 's1', ownerUid: 'u1', images: [elsewhere, foreign] }, [])
        .storageObjects,
    ).toEqual([]);
  });

  it('499 likes and comments fit beside the showcase in one batch', () => {
    const plan = planShowcaseDeletion(bare, [...likes(300), ...comments(199)]);
    expect(plan.record).toBe(false);
    expect(plan.first).toHaveLength(499);
  });

  it('past 499: the first batch takes 498 and the record; the rest follow in batches of 500', () => {
    const plan = planShowcaseDeletion(bare, [...likes(900), ...comments(600)]);
    expect(plan.record).toBe(true);
    expect(plan.first).toHaveLength(498);
    const later = leftoverBatches([...likes(900), ...comments(600)].slice(498));
    expect(later.map((batch) => [batch.children.length, batch.deleteRecord])).toEqual([
      [500, false],
      [500, false],
      [2, true],
    ]);
  });

  it('read from the cache: a record even when few, so the server’s leftovers are found later', () => {
    const plan = planShowcaseDeletion(bare, likes(2), false);
    expect(plan.record).toBe(true);
    expect(plan.first).toHaveLength(2);
  });

  it('reads gs:// addresses from download URLs only', () => {
    expect(gsUrlOfDownloadUrl('https://example.com/a.png')).toBeNull();
  });
});

describe('leftoverBatches', () => {
  it('a full last batch leaves the record to a batch of its own', () => {
    expect(leftoverBatches(likes(500)).map((batch) => batch.deleteRecord)).toEqual([false, true]);
    expect(leftoverBatches([])).toEqual([{ children: [], deleteRecord: true }]);
  });
});
