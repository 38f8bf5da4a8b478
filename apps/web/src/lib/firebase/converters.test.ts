import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { likeFromFields, showcaseFromFields, toDate, userProfileFromFields } from './converters';

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

describe('showcaseFromFields', () => {
  it('turns a stored showcase into a plain typed object', () => {
    const created = new Date('2025-01-01T10:00:00Z');
    const updated = new Date('2025-01-02T10:00:00Z');
    expect(
      showcaseFromFields(
        'abc',
        {
          title: 'My app',
          description: 'About it',
          url: 'https://example.com',
          imageUrl: 'https://example.com/a.png',
          tags: ['react', 'web'],
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
      tags: ['react', 'web'],
      status: 'published',
      ownerUid: 'u1',
      ownerName: 'Ada',
      createdAt: created,
      updatedAt: updated,
      likeCount: 3,
      pending: true,
    });
  });

  it('reads hostile or broken documents without crashing or leaking objects', () => {
    const showcase = showcaseFromFields(
      'x',
      {
        title: { toString: 'evil' },
        description: 42,
        url: ['javascript:alert(1)'],
        imageUrl: '',
        tags: ['ok', 7, null, { a: 1 }, 'fine'],
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
      tags: ['ok', 'fine'],
      status: 'draft',
      ownerUid: '',
      ownerName: '',
      likeCount: 0,
      createdAt: null,
      updatedAt: null,
      pending: false,
    });
  });

  it('keeps counts whole and finite', () => {
    expect(showcaseFromFields('x', { likeCount: 2.7 }, false).likeCount).toBe(2);
    expect(showcaseFromFields('x', { likeCount: Number.POSITIVE_INFINITY }, false).likeCount).toBe(
      0,
    );
    expect(showcaseFromFields('x', { likeCount: Number.NaN }, false).likeCount).toBe(0);
  });
});

describe('userProfileFromFields and likeFromFields', () => {
  it('read profiles and likes', () => {
    const at = new Date('2025-05-05T00:00:00Z');
    expect(
      userProfileFromFields(
        'u1',
        { displayName: 'Ada', photoURL: '', createdAt: Timestamp.fromDate(at) },
        false,
      ),
    ).toEqual({ uid: 'u1', displayName: 'Ada', photoURL: null, createdAt: at, pending: false });
    expect(likeFromFields('u2', { createdAt: null }, true)).toEqual({
      uid: 'u2',
      createdAt: null,
      pending: true,
    });
  });
});
