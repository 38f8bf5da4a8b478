import { serverTimestamp } from 'firebase/firestore';
import type { ShowcaseInput } from '@showcase/schema';
import { searchTermsFor } from '@showcase/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { showcaseUpdateFields } from './showcase-writes';
import { loadFirestoreSdk } from './sdk';

// The data layer's functions call into the SDK, which the app loads with its first database.
beforeAll(loadFirestoreSdk);

const owner = { uid: 'u1', name: 'Ada' };
/** The document as stored: its terms are the ones its title and tags give. */
const stored = {
  title: 'Walnut Lamp',
  tags: ['diy'],
  searchTerms: searchTermsFor('Walnut Lamp', ['diy']),
};

const fields = (changes: Partial<ShowcaseInput>, from: typeof stored | null = stored) =>
  showcaseUpdateFields(changes, from, 'published', owner);

describe('showcaseUpdateFields: which fields an update writes', () => {
  it('writes only the changed fields and the bookkeeping when title and tags stay', () => {
    expect(fields({ description: 'Now with a dimmer.' })).toEqual({
      description: 'Now with a dimmer.',
      status: 'published',
      ownerName: 'Ada',
      updatedAt: serverTimestamp(),
    });
  });

  it('writes the terms of the new title with the stored tags', () => {
    expect(fields({ title: 'Oak Lamp' })).toMatchObject({
      title: 'Oak Lamp',
      searchTerms: searchTermsFor('Oak Lamp', ['diy']),
    });
  });

  it('writes the terms of the new tags with the stored title', () => {
    const written = fields({ tags: ['wood', 'light'] });
    expect(written.searchTerms).toEqual(searchTermsFor('Walnut Lamp', ['wood', 'light']));
    expect(written).not.toHaveProperty('title');
  });

  it('adds the terms to a document stored without them, whatever the edit', () => {
    expect(
      fields({ url: 'https://example.com/lamp' }, { ...stored, searchTerms: [] }),
    ).toMatchObject({ url: 'https://example.com/lamp', searchTerms: stored.searchTerms });
  });

  it('writes the terms of the whole input when this device has no view of the document', () => {
    const input: ShowcaseInput = {
      title: 'Desk',
      description: '',
      url: 'https://example.com/desk',
      images: [],
      tags: ['wood'],
    };
    const written = fields(input, null);
    expect(written).toMatchObject({ searchTerms: searchTermsFor('Desk', ['wood']), images: [] });
    // A legacy image is left as stored: the form no longer edits it.
    expect(written).not.toHaveProperty('imageUrl');
    expect(written).not.toHaveProperty('imageAlt');
  });
});
