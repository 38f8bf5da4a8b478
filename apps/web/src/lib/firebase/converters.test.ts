import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  likeConverter,
  likeFromFields,
  showcaseConverter,
  userProfileFromFields,
} from './converters';

describe('userProfileFromFields and likeFromFields', () => {
  it('read profiles and likes', () => {
    const at = new Date('2025-05-05T00:00:00Z');
    expect(
      userProfileFromFields(
        'u1',
        { displayName: 'Ada', photoURL: '', createdAt: Timestamp.fromDate(at) },
        false,
      ),
    ).toEqual({
      uid: 'u1',
      displayName: 'Ada',
      photoURL: null,
      bio: '',
      links: [],
      followerCount: 0,
      followingCount: 0,
      createdAt: at,
      pending: false,
    });
    expect(likeFromFields('u2', { createdAt: null }, true)).toEqual({
      uid: 'u2',
      createdAt: null,
      pending: true,
    });
  });
});

describe('converters', () => {
  it('are for reading only: writes build their own payloads', () => {
    expect(() => showcaseConverter.toFirestore({} as never)).toThrow(/Read-only/);
    expect(() => likeConverter.toFirestore({} as never)).toThrow(/Read-only/);
  });
});
