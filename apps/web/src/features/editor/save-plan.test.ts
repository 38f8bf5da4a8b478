import type { ShowcaseInput } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { planSave, settleConflict } from './save-plan';

const base: ShowcaseInput = {
  title: 'Original title',
  description: 'Original description',
  url: 'https://example.com/',
  imageUrl: null,
  imageAlt: null,
  tags: ['web'],
};

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

  it('writes a removed image as null', () => {
    const withImage = { ...base, imageUrl: 'https://example.com/a.png' };
    expect(planSave(withImage, { ...withImage, imageUrl: null }, withImage)).toEqual({
      kind: 'write',
      changes: { imageUrl: null },
    });
  });

  it('treats the image description like any field: removed as null, empty when compared', () => {
    const described = { ...base, imageAlt: 'A lamp' };
    expect(planSave(described, { ...described, imageAlt: null }, described)).toEqual({
      kind: 'write',
      changes: { imageAlt: null },
    });
    expect(
      planSave(described, { ...described, imageAlt: null }, { ...described, imageAlt: 'Theirs' }),
    ).toEqual({
      kind: 'conflict',
      conflicts: [{ field: 'imageAlt', theirs: 'Theirs', mine: '' }],
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
