import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import type { Showcase } from '../src/index.js';
import {
  assertShowcaseDocument,
  buildShowcase,
  buildShowcaseImage,
  EXAMPLE_SHOWCASE_ID,
  readShowcase,
  sameShowcase,
  SHOWCASE_FIELDS,
  showcaseContent,
  showcaseDocumentProblems,
  showcaseExamples,
  searchTermsFor,
  toDate,
  validateShowcaseForm,
} from '../src/index.js';

describe('toDate', () => {
  it('reads Firestore timestamps and dates', () => {
    const at = new Date('2025-03-04T05:06:07.890Z');
    expect(toDate(Timestamp.fromDate(at))).toEqual(at);
    expect(toDate(at)).toBe(at);
  });

  it('returns null for anything else', () => {
    for (const value of [
      null,
      undefined,
      '2025-01-01',
      1735689600000,
      {},
      { toDate: 'no' },
      new Date('x'),
    ]) {
      expect(toDate(value)).toBeNull();
    }
    expect(toDate({ toDate: () => 'not a date' })).toBeNull();
  });
});

describe('readShowcase', () => {
  it('turns a stored showcase into a plain typed object', () => {
    const created = new Date('2025-01-01T10:00:00Z');
    const updated = new Date('2025-01-02T10:00:00Z');
    expect(
      readShowcase(
        'abc',
        {
          title: 'My app',
          description: 'About it',
          url: 'https://example.com',
          imageUrl: 'https://example.com/a.png',
          imageAlt: 'A phone showing the app',
          tags: ['react', 'web'],
          searchTerms: ['m', 'my', 'a', 'ap', 'app'],
          status: 'published',
          ownerUid: 'u1',
          ownerName: 'Ada',
          createdAt: Timestamp.fromDate(created),
          updatedAt: Timestamp.fromDate(updated),
          likeCount: 3,
        },
        true,
      ),
    ).toEqual({
      id: 'abc',
      title: 'My app',
      description: 'About it',
      url: 'https://example.com',
      imageUrl: 'https://example.com/a.png',
      imageAlt: 'A phone showing the app',
      images: [],
      tags: ['react', 'web'],
      searchTerms: ['m', 'my', 'a', 'ap', 'app'],
      status: 'published',
      ownerUid: 'u1',
      ownerName: 'Ada',
      createdAt: created,
      updatedAt: updated,
      likeCount: 3,
      commentCount: 0,
      pending: true,
    });
  });

  it('reads hostile or broken documents without crashing or leaking objects', () => {
    const showcase = readShowcase(
      'x',
      {
        title: { toString: 'evil' },
        description: 42,
        url: ['javascript:alert(1)'],
        imageUrl: '',
        imageAlt: ['alt'],
        tags: ['ok', 7, null, { a: 1 }, 'fine'],
        searchTerms: 'ok',
        status: 'PUBLISHED',
        ownerUid: null,
        likeCount: -5,
        createdAt: 'yesterday',
      },
      false,
    );
    expect(showcase).toMatchObject({
      title: '',
      description: '',
      url: '',
      imageUrl: null,
      imageAlt: null,
      tags: ['ok', 'fine'],
      searchTerms: [],
      status: 'draft',
      ownerUid: '',
      ownerName: '',
      likeCount: 0,
      createdAt: null,
      updatedAt: null,
      pending: false,
    });
  });

  it('reads a document stored before search terms existed as having none', () => {
    const { searchTerms: _terms, ...old } = buildShowcase({ title: 'Old lamp' });
    expect(readShowcase('x', old, false).searchTerms).toEqual([]);
    expect(readShowcase('x', buildShowcase({ title: 'Lamp' }), false).searchTerms).toEqual([
      'l',
      'la',
      'lam',
      'lamp',
    ]);
  });

  it('keeps counts whole and finite', () => {
    expect(readShowcase('x', { likeCount: 2.7 }, false).likeCount).toBe(2);
    expect(readShowcase('x', { likeCount: Number.POSITIVE_INFINITY }, false).likeCount).toBe(0);
    expect(readShowcase('x', { likeCount: Number.NaN }, false).likeCount).toBe(0);
  });
});

describe('showcaseDocumentProblems', () => {
  it('accepts what buildShowcase builds by default, with or without an image', () => {
    expect(showcaseDocumentProblems(buildShowcase())).toEqual({});
    expect(
      showcaseDocumentProblems(buildShowcase({ imageUrl: 'https://example.com/a.png' })),
    ).toEqual({});
    expect('imageUrl' in buildShowcase({ imageUrl: undefined })).toBe(false);
  });

  it('accepts what a valid form saves', () => {
    const result = validateShowcaseForm(
      {
        title: ' Lamp ',
        description: 'A lamp.',
        url: 'https://example.com/lamp',
        tags: 'Light, DIY',
      },
      'published',
      [buildShowcaseImage('u1', 's1', { id: 'lamp', alt: ' A lamp ' })],
    );
    if (!result.ok) throw new Error('the form should be valid');
    const content = showcaseContent(result.value, 'published', 'Ada');
    const stored = buildShowcase({ ...content, ownerUid: 'u1' });
    expect(showcaseDocumentProblems(stored, 's1')).toEqual({});
    // The same images stored under another showcase's id are not this showcase's.
    expect(Object.keys(showcaseDocumentProblems(stored, 's2'))).toEqual(['images']);
  });

  it('accepts what a draft with only a title saves, and no such published showcase', () => {
    const result = validateShowcaseForm(
      { title: 'Idea', description: '', url: '', tags: '' },
      'draft',
    );
    if (!result.ok) throw new Error('the draft should be valid');
    const content = result.value;
    expect(showcaseDocumentProblems(buildShowcase({ ...content, status: 'draft' }))).toEqual({});
    expect(
      Object.keys(showcaseDocumentProblems(buildShowcase({ ...content, status: 'published' }))),
    ).toEqual(['url']);
  });

  it('derives the search terms from the resulting title and tags unless given', () => {
    expect(buildShowcase({ title: 'Big Lamp', tags: ['diy'] }).searchTerms).toEqual(
      searchTermsFor('Big Lamp', ['diy']),
    );
    expect(buildShowcase({ title: 'Big Lamp', searchTerms: ['x'] }).searchTerms).toEqual(['x']);
  });

  it('names missing and unknown keys', () => {
    const { title: _title, ...untitled } = buildShowcase();
    expect(showcaseDocumentProblems({ ...untitled, extra: 1 })).toEqual({
      fields: 'missing title, unknown extra',
    });
  });

  it('assertShowcaseDocument throws with every problem', () => {
    expect(() =>
      assertShowcaseDocument(buildShowcase({ title: '', likeCount: -1 }), 'demo'),
    ).toThrow(/^Invalid demo: title must be .*; likeCount must be an integer ≥ 0\.$/);
    const valid = buildShowcase();
    expect(assertShowcaseDocument(valid)).toBe(valid);
  });
});

describe('showcaseExamples', () => {
  const { valid, invalid } = showcaseExamples();
  const byName = new Map(valid.map((example) => [example.name, example]));

  it.each(valid)('$name is valid', ({ data }) => {
    expect(showcaseDocumentProblems(data, EXAMPLE_SHOWCASE_ID)).toEqual({});
  });

  it.each(invalid)('$name is invalid in $field alone', ({ data, field }) => {
    expect(Object.keys(showcaseDocumentProblems(data, EXAMPLE_SHOWCASE_ID))).toEqual([field]);
  });

  it.each(invalid)('$name differs from its twin $twin in one key', ({ data, twin }) => {
    const other = byName.get(twin)?.data;
    if (other === undefined) throw new Error(`no valid example named ${twin}`);
    const keys = new Set([...Object.keys(data), ...Object.keys(other)]);
    const differing = [...keys].filter(
      (key) => JSON.stringify(data[key]) !== JSON.stringify(other[key]),
    );
    expect(differing).toHaveLength(1);
  });

  it('covers every field the rules check', () => {
    const covered = new Set(invalid.map((example) => example.field));
    // The comment counter's fields are covered by test/audience.test.ts and the rules tests.
    const elsewhere = ['ownerUid', 'updatedAt', 'commentCount', 'lastCommentWrite'];
    for (const field of SHOWCASE_FIELDS.filter((name) => !elsewhere.includes(name)))
      expect(covered).toContain(field);
    expect(covered).toContain('fields');
  });
});

describe('sameShowcase', () => {
  const showcase: Showcase = readShowcase('a', { ...buildShowcase({ tags: ['x'] }) }, false);

  it('is true for equal values, Dates and tags compared by content', () => {
    const copy = {
      ...showcase,
      tags: [...showcase.tags],
      createdAt: new Date(showcase.createdAt!),
    };
    expect(sameShowcase(showcase, copy)).toBe(true);
  });

  it('is false when any field differs', () => {
    expect(sameShowcase(showcase, { ...showcase, pending: true })).toBe(false);
    expect(sameShowcase(showcase, { ...showcase, tags: ['y'] })).toBe(false);
    expect(sameShowcase(showcase, { ...showcase, updatedAt: null })).toBe(false);
    expect(sameShowcase(showcase, { ...showcase, likeCount: 1 })).toBe(false);
  });
});
