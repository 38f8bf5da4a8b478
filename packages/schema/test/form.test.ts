import { describe, expect, it } from 'vitest';
import type { ShowcaseFormValues, ShowcaseInput, ShowcaseStatus } from '../src/index.js';
import {
  buildShowcaseImage,
  changedShowcaseFields,
  completeWebAddress,
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
  tags: 'react, Web,  pwa,react',
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
        images: [],
        title: 'My app',
        description: 'Built in a weekend.',
        url: 'https://example.com/app',
        tags: ['react', 'web', 'pwa'],
      },
    });
  });

  it('keeps links as typed, so editing shows them unchanged', () => {
    const url = 'https://Example.com/Ünï?Q=Ä#Teil-2';
    const result = validateShowcaseForm({ ...valid, url: ` ${url} ` });
    expect(result.ok && result.value).toMatchObject({ url });
    if (!result.ok) return;
    expect(showcaseFormValues(result.value)).toMatchObject({ url });
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
      value: { images: [], title: 'Idea', description: '', url: '', tags: [] },
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

  it('takes the images in order, descriptions trimmed, at most ten', () => {
    const image = (id: string, alt = '') => buildShowcaseImage('u1', 's1', { id, alt });
    const result = validateShowcaseForm(valid, 'published', [image('a', ' A lamp '), image('b')]);
    expect(result.ok && result.value.images).toEqual([image('a', 'A lamp'), image('b')]);
    const eleven = Array.from({ length: 11 }, (_, index) => image(`i${index}`));
    expect(validateShowcaseForm(valid, 'published', eleven)).toMatchObject({
      ok: false,
      errors: { images: 'Use at most 10 images (now 11). Remove 1.' },
    });
  });

  it('limits each image description to 200 characters', () => {
    const described = (alt: string) =>
      validateShowcaseForm(valid, 'published', [buildShowcaseImage('u1', 's1', { alt })]);
    expect(described('🖼'.repeat(200)).ok).toBe(true);
    expect(described('x'.repeat(201))).toMatchObject({
      ok: false,
      errors: { images: 'Keep each image description to 200 characters (image 1 has 201).' },
    });
  });

  it('explains a tag typed with a space instead of splitting it', () => {
    expect(errorsOf({ tags: 'web design' }).tags).toBe(
      'Tags cannot contain spaces: "web design". Use a hyphen for one tag (web-design) or a comma between tags.',
    );
    expect(errorsOf({ tags: 'art, #Web  Design' }).tags).toMatch(/\(web-design\)/);
    expect(errorsOf({ tags: ' web ,  design ' }).tags).toBeUndefined();
  });

  it('enforces the tag pattern and count', () => {
    expect(errorsOf({ tags: 'a, b, c, d, e' }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'a,b,c,d,e,f' }).tags).toMatch(/at most 5/);
    expect(errorsOf({ tags: 'a,a,a,a,a,a' }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'under_score' }).tags).toMatch(/"under_score"/);
    expect(errorsOf({ tags: 'x'.repeat(25) }).tags).toMatch(/24 characters/);
    expect(errorsOf({ tags: 'x'.repeat(24) }).tags).toBeUndefined();
    expect(errorsOf({ tags: 'ünïcode' }).tags).toMatch(/a–z/);
  });
});

describe('completeWebAddress', () => {
  it('completes an address typed without its scheme', () => {
    expect(completeWebAddress(' example.com ')).toBe('https://example.com');
    expect(completeWebAddress('example.com/work?x=1')).toBe('https://example.com/work?x=1');
    expect(completeWebAddress('//example.com/a')).toBe('https://example.com/a');
  });

  it('leaves alone what has a scheme, is no address, or is empty', () => {
    expect(completeWebAddress('https://example.com')).toBeNull();
    expect(completeWebAddress('javascript:alert(1)')).toBeNull();
    expect(completeWebAddress('mailto:a@example.com')).toBeNull();
    expect(completeWebAddress('lamp')).toBeNull();
    expect(completeWebAddress('my lamp.com')).toBeNull();
    expect(completeWebAddress('   ')).toBeNull();
  });
});

/** Saved fields, as the app reads them from a stored showcase. */
const saved: ShowcaseInput = {
  images: [buildShowcaseImage('u1', 's1', { id: 'cover', alt: 'A phone showing the app' })],
  title: 'My app',
  description: 'Built in a weekend.',
  url: 'https://example.com/app',
  tags: ['react', 'web'],
};

describe('showcaseFormValues', () => {
  it('turns saved fields back into what validates to the same fields', () => {
    expect(showcaseFormValues(saved)).toEqual({
      title: 'My app',
      description: 'Built in a weekend.',
      url: 'https://example.com/app',
      tags: 'react, web',
    });
    expect(validateShowcaseForm(showcaseFormValues(saved), 'published', saved.images)).toEqual({
      ok: true,
      value: saved,
    });
  });
});

describe('changedShowcaseFields', () => {
  it('is empty for equal versions, tags and images compared by content', () => {
    expect(
      changedShowcaseFields(saved, {
        ...saved,
        tags: ['react', 'web'],
        images: saved.images.map((image) => ({ ...image })),
      }),
    ).toEqual([]);
  });

  it('names every field that differs, in form order', () => {
    expect(
      changedShowcaseFields(saved, {
        ...saved,
        tags: ['web', 'react'],
        images: [{ ...saved.images[0]!, alt: 'Another description' }],
        title: 'My app 2',
      }),
    ).toEqual(['images', 'title', 'tags']);
  });
});
