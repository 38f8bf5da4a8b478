import type { Showcase } from '@showcase/schema';
import { buildShowcase, readShowcase } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import type { SnapshotState } from '../firebase/use-snapshot';
import { profileView, showcaseView } from './snapshot-views';

const meta = { hasPendingWrites: false, stale: false };
const loading = {
  status: 'loading',
  data: undefined,
  error: null,
  fromCache: true,
  ...meta,
} as const;
function answer<T>(data: T, fromCache: boolean): SnapshotState<T> {
  return { status: 'success', data, error: null, fromCache, ...meta };
}
function failure<T>(code: string, data?: T): SnapshotState<T> {
  return { status: 'error', data, error: { code, message: code }, fromCache: true, ...meta };
}

const showcase: Showcase = readShowcase('s1', buildShowcase({ title: 'Lamp' }), false);

describe('showcaseView', () => {
  it('waits for the cache before deciding anything', () => {
    expect(showcaseView(loading, false)).toEqual({ kind: 'loading' });
    expect(showcaseView(loading, true)).toEqual({ kind: 'loading' });
  });

  it('offline, a showcase the cache does not hold is not available offline yet', () => {
    expect(showcaseView(answer(null, true), true)).toEqual({ kind: 'offline-missing' });
  });

  it('online, the same cache answer waits for the server (a slow first answer is progress)', () => {
    expect(showcaseView(answer(null, true), false)).toEqual({ kind: 'loading' });
  });

  it('is not found only when the server says so, offline state or not', () => {
    expect(showcaseView(answer(null, false), false)).toEqual({ kind: 'not-found' });
    expect(showcaseView(answer(null, false), true)).toEqual({ kind: 'not-found' });
    expect(showcaseView(failure('permission-denied'), false)).toEqual({ kind: 'not-found' });
  });

  it('shows a cached showcase offline, and the same one once the server answers', () => {
    expect(showcaseView(answer(showcase, true), true)).toEqual({
      kind: 'ready',
      showcase,
      fromCache: true,
    });
    expect(showcaseView(answer(showcase, false), false)).toEqual({
      kind: 'ready',
      showcase,
      fromCache: false,
    });
  });

  it('keeps showing what it had after an error, and explains an error with nothing to show', () => {
    expect(showcaseView(failure('unavailable', showcase), true)).toMatchObject({ kind: 'ready' });
    expect(showcaseView(failure('unavailable'), true)).toEqual({
      kind: 'error',
      error: { code: 'unavailable', message: 'unavailable' },
    });
  });
});

describe('profileView', () => {
  const profile = { displayName: 'Maya' };

  it('waits until both the profile and its showcases have a first answer', () => {
    expect(profileView(loading, answer([], true), true)).toEqual({ kind: 'loading' });
    expect(profileView(answer(null, true), loading, true)).toEqual({ kind: 'loading' });
  });

  it('offline, a profile with nothing cached is not available offline yet', () => {
    expect(profileView(answer(null, true), answer([], true), true)).toEqual({
      kind: 'offline-missing',
    });
  });

  it('online, nothing cached yet is still loading', () => {
    expect(profileView(answer(null, true), answer([], true), false)).toEqual({ kind: 'loading' });
    // One of the two answered by the server is not enough to call it missing.
    expect(profileView(answer(null, false), answer([], true), false)).toEqual({ kind: 'loading' });
  });

  it('is nobody only when the server answered both', () => {
    expect(profileView(answer(null, false), answer([], false), false)).toEqual({
      kind: 'not-found',
    });
  });

  it('shows the page from either the profile or the showcases, cached or not', () => {
    expect(profileView(answer(profile, true), answer([], true), true)).toEqual({ kind: 'ready' });
    expect(profileView(answer(null, true), answer([showcase], true), true)).toEqual({
      kind: 'ready',
    });
  });

  it('explains a failed read, but not a denied one', () => {
    expect(profileView(failure('unavailable'), answer([], true), true)).toMatchObject({
      kind: 'error',
    });
    expect(profileView(answer(profile, false), failure('permission-denied', []), false)).toEqual({
      kind: 'ready',
    });
  });
});
