import { buildShowcaseImage } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { gsUrlOfDownloadUrl, LIKES_PER_DELETION_MAX, planShowcaseDeletion } from './deletion-plan';

describe('planShowcaseDeletion', () => {
  const cover = buildShowcaseImage('u1', 's1', { id: 'cover', widths: [480, 960] });
  const detail = buildShowcaseImage('u1', 's1', { id: 'detail', widths: [480] });

  it('deletes every stored width of every image, and the likes with the showcase', () => {
    expect(
      planShowcaseDeletion({ id: 's1', ownerUid: 'u1', images: [cover, detail] }, ['a', 'b']),
    ).toEqual({
      likeIds: ['a', 'b'],
      likesLeft: 0,
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

  it('keeps to one batch: likes beyond its room are counted as left behind', () => {
    const likes = Array.from({ length: LIKES_PER_DELETION_MAX + 3 }, (_, index) => `u${index}`);
    const plan = planShowcaseDeletion({ id: 's1', ownerUid: 'u1', images: [] }, likes);
    expect(plan.likeIds).toHaveLength(LIKES_PER_DELETION_MAX);
    expect(plan.likesLeft).toBe(3);
  });

  it('reads gs:// addresses from download URLs only', () => {
    expect(gsUrlOfDownloadUrl('https://example.com/a.png')).toBeNull();
  });
});
