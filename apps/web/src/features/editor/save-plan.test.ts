import type { ShowcaseInput } from '@showcase/schema';
import { buildShowcaseImage } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { planSave, settleConflict } from './save-plan';

const base: ShowcaseInput = {
  title: 'Original title',
  description: 'Original description',
  url: 'https://example.com/',
  images: [],
  tags: ['web'],
};

const image = (id: string, alt = '') => buildShowcaseImage('u1', 's1', { id, alt });

describe('planSave', () => {
  it('writes only the fields the user changed', () => {
    expect(planSave(base, { ...base, title: 'Mine' }, base)).toEqual({
      kind: 'write',
      changes: { title: 'Mine' },
    });
  });

  it('keeps an edit of another field made elsewhere by not writing that field', () => {
    const current = { ...base, description: 'Theirs' };
    expect(planSave(base, { ...base, title: 'Mine' }, current)).toEqual({
      kind: 'write',
      changes: { title: 'Mine' },
    });
  });

  it('reports a conflict when the same field changed elsewhere to another value', () => {
    const current = { ...base, title: 'Theirs', tags: ['web', 'art'] };
    const mine = { ...base, title: 'Mine', tags: ['web', 'pwa'], description: 'Also mine' };
    expect(planSave(base, mine, current)).toEqual({
      kind: 'conflict',
      conflicts: [
        { field: 'title', theirs: 'Theirs', mine: 'Mine' },
        { field: 'tags', theirs: 'web, art', mine: 'web, pwa' },
      ],
    });
  });

  it('is no conflict when both sides made the same change', () => {
    const current = { ...base, title: 'Same' };
    expect(planSave(base, { ...base, title: 'Same' }, current)).toEqual({
      kind: 'write',
      changes: {},
    });
  });

  it('writes the whole image list when it changed, compared by content', () => {
    const withImages = { ...base, images: [image('a'), image('b')] };
    const reordered = { ...withImages, images: [image('b'), image('a')] };
    expect(planSave(withImages, reordered, withImages)).toEqual({
      kind: 'write',
      changes: { images: reordered.images },
    });
    const copied = { ...withImages, images: withImages.images.map((one) => ({ ...one })) };
    expect(planSave(withImages, copied, withImages)).toEqual({ kind: 'write', changes: {} });
  });

  it('reports images changed here and elsewhere as a conflict, described in words', () => {
    const withImages = { ...base, images: [image('a', 'A lamp')] };
    const mine = { ...withImages, images: [] };
    const theirs = { ...withImages, images: [image('a', 'A lamp'), image('b')] };
    expect(planSave(withImages, mine, theirs)).toEqual({
      kind: 'conflict',
      conflicts: [{ field: 'images', theirs: '2 images, the cover: A lamp', mine: '' }],
    });
  });

  it('after settling, keeping mine writes mine and keeping theirs writes nothing for the field', () => {
    const current = { ...base, title: 'Theirs', description: 'Theirs too' };
    const mine = { ...base, title: 'Mine', description: 'Mine too' };
    const settled = settleConflict(settleConflict(base, current, 'title'), current, 'description');
    // Kept mine for the title; took theirs for the description (the form now holds theirs).
    expect(planSave(settled, { ...mine, description: 'Theirs too' }, current)).toEqual({
      kind: 'write',
      changes: { title: 'Mine' },
    });
  });

  it('a further edit elsewhere after settling is a new conflict', () => {
    const current = { ...base, title: 'Theirs' };
    const settled = settleConflict(base, current, 'title');
    const later = { ...base, title: 'Theirs again' };
    expect(planSave(settled, { ...base, title: 'Mine' }, later)).toMatchObject({
      kind: 'conflict',
      conflicts: [{ field: 'title', theirs: 'Theirs again', mine: 'Mine' }],
    });
  });
});
