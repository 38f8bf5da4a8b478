import { describe, expect, it } from 'vitest';
import type { ShowcaseFormValues, ShowcaseInput, ShowcaseStatus } from '../src/index.js';
import {
  changedShowcaseFields,
  emptyShowcaseForm,
  formatTags,
  parseTags,
  showcaseFormValues,
  validateShowcaseForm,
} from '../src/index.js';

const valid: ShowcaseFormValues = {
  title: '  My app  ',
  description: ' Built in a weekend. ',
  url: 'https://example.com/app',
  imageUrl: '',
  imageAlt: '',
  tags: 'react, Web  pwa,react',
};

function errorsOf(patch: Partial<ShowcaseFormValues>, status: ShowcaseStatus = 'published') {
  const result = validateShowcaseForm({ ...valid, ...patch }, status);
  return result.ok ? {} : result.errors;
}

describe('parseTags', () => {
  it('splits on commas and whitespace, lower-cases, strips #, drops duplicates in order', () => {
    expect(parseTags('React, web\tpwa  #Web,,react\nnew-thing')).toEqual([
      'react',
      'web',
      'pwa',
      'new-thing',
    ]);
  });
  it('returns nothing for blank input', () => {
    expect(parseTags('  , ,\n')).toEqual([]);
  });
  it('round-trips through formatTags', () => {
    expect(parseTags(formatTags(['a', 'b-c', '9']))).toEqual(['a', 'b-c', '9']);
  });
});

describe('validateShowcaseForm', () => {
  it('normalizes a valid form', () => {
    expect(validateShowcaseForm(valid)).toEqual({
      ok: true,
      value: {
        title: 'My app',
        description: 'Built in a weekend.',
        url: 'https://example.com/app',
        imageUrl: null,
        imageAlt: null,
        tags: ['react', 'web', 'pwa'],
      },
    });
  });

  it('keeps links and image URLs as typed, so editing shows them unchanged', () => {
    const url = 'https://Example.com/Ünï?Q=Ä#Teil-2';
    const imageUrl = 'https://Bücher.example/Bild.png';
    const result = validateShowcaseForm({ ...valid, url: ` ${url} `, imageUrl });
    expect(result.ok && result.value).toMatchObject({ url, imageUrl });
    if (!result.ok) return;
    expect(showcaseFormValues(result.value)).toMatchObject({ url, imageUrl });
  });

  it('reports every missing required field on the empty form', () => {
    const result = validateShowcaseForm(emptyShowcaseForm);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(['title', 'url']);
  });

  it('needs only a title for a draft', () => {
    const result = validateShowcaseForm(emptyShowcaseForm, 'draft');
    expect(result.ok ? {} : result.errors).toEqual({ title: 'Give your showcase a title.' });
    expect(validateShowcaseForm({ ...emptyShowcaseForm, title: ' Idea ' }, 'draft')).toEqual({
      ok: true,
      value: {
        title: 'Idea',
        description: '',
        url: '',
        imageUrl: null,
        imageAlt: null,
        tags: [],
      },
    });
  });

  it('checks a link typed into a draft, since it is stored as typed', () => {
    expect(errorsOf({ url: '   ' }, 'draft').url).toBeUndefined();
    expect(errorsOf({ url: 'example.com' }, 'draft').url).toMatch(/http/);
    expect(errorsOf({ url: 'https://example.com/app' }, 'draft').url).toBeUndefined();
  });

  it('limits the title to 80 characters after trimming, counting code points', () => {
    expect(errorsOf({ title: '   ' }).title).toMatch(/title/);
    expect(errorsOf({ title: ` ${'a'.repeat(80)} ` }).title).toBeUndefined();
    expect(errorsOf({ title: 'a'.repeat(81) }).title).toMatch(/80 characters/);
    expect(errorsOf({ title: '😀'.repeat(80) }).title).toBeUndefined();
  });

  it('limits the description to 2,000 characters', () => {
    expect(errorsOf({ description: 'x'.repeat(2000) }).description).toBeUndefined();
    expect(errorsOf({ description: 'x'.repeat(2001) }).description).toMatch(/2,000/);
  });

  it('requires an http(s) link', () => {
    expect(errorsOf({ url: '' }).url).toMatch(/Add a link/);
    expect(errorsOf({ url: 'javascript:alert(1)' }).url).toMatch(/http/);
    expect(errorsOf({ url: 'example.com' }).url).toMatch(/http/);
    expect(errorsOf({ url: `https://e.com/${'a'.repeat(2048)}` }).url).toMatch(/2048/);
  });

  it('accepts an empty image URL and rejects unsafe ones', () => {
    expect(errorsOf({ imageUrl: '   ' }).imageUrl).toBeUndefined();
    expect(errorsOf({ imageUrl: 'data:image/png;base64,AAAA' }).imageUrl).toMatch(/http/);
    const result = validateShowcaseForm({ ...valid, imageUrl: ' https://img.example/a.png ' });
    expect(result.ok && result.value.imageUrl).toBe('https://img.example/a.png');
  });

  it('limits the image description to 200 characters and keeps none as null', () => {
    expect(errorsOf({ imageAlt: '🖼'.repeat(200) }).imageAlt).toBeUndefined();
    expect(errorsOf({ imageAlt: 'x'.repeat(201) }).imageAlt).toBe(
      'Keep the image description to 200 characters (now 201).',
    );
    const described = validateShowcaseForm({ ...valid, imageAlt: '  A walnut lamp  ' });
    expect(described.ok && described.value.imageAlt).toBe('A walnut lamp');
    const blank = validateShowcaseForm({ ...valid, imageAlt: '   ' });
    expect(blank.ok && blank.value.imageAlt).toBeNull();
  });

  it('enforces the tag pattern and count', () => {
    expect(errorsOf({ tags: 'a b c d e' }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'a b c d e f' }).tags).toMatch(/at most 5/);
    expect(errorsOf({ tags: 'a a a a a a' }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'under_score' }).tags).toMatch(/"under_score"/);
    expect(errorsOf({ tags: 'x'.repeat(25) }).tags).toMatch(/24 characters/);
    expect(errorsOf({ tags: 'x'.repeat(24) }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'ünïcode' }).tags).toMatch(/a–z/);
  });
});

/** Saved fields, as the app reads them from a stored showcase. */
const saved: ShowcaseInput = {
  title: 'My app',
  description: 'Built in a weekend.',
  url: 'https://example.com/app',
  imageUrl: null,
  imageAlt: 'A phone showing the app',
  tags: ['react', 'web'],
};

describe('showcaseFormValues', () => {
  it('turns saved fields back into what validates to the same fields', () => {
    expect(showcaseFormValues(saved)).toEqual({
      title: 'My app',
      description: 'Built in a weekend.',
      url: 'https://example.com/app',
      imageUrl: '',
      imageAlt: 'A phone showing the app',
      tags: 'react, web',
    });
    expect(validateShowcaseForm(showcaseFormValues(saved))).toEqual({ ok: true, value: saved });
  });
});

describe('changedShowcaseFields', () => {
  it('is empty for equal versions, tag lists compared by content', () => {
    expect(changedShowcaseFields(saved, { ...saved, tags: ['react', 'web'] })).toEqual([]);
  });

  it('names every field that differs, in form order', () => {
    expect(
      changedShowcaseFields(saved, {
        ...saved,
        tags: ['web', 'react'],
        imageUrl: 'https://example.com/a.png',
        imageAlt: null,
        title: 'My app 2',
      }),
    ).toEqual(['title', 'imageUrl', 'imageAlt', 'tags']);
  });
});
