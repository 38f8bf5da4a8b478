/**
 * What a screen shows for the snapshots it listens to, decided from the snapshots' own facts
 * (data, `fromCache`, errors) and the connection state, with no SDK: unit-tested as plain data.
 *
 * The local cache answers first, within milliseconds, also offline. A document it does not hold
 * is not "not found" until the server says so: online, that answer is on its way (a progress
 * indicator); offline, it cannot come, so the screen says this device has not loaded it yet.
 * When the connection returns, the listener gets the server's answer and the screen follows.
 */
import type { Showcase } from '@showcase/schema';
import type { SnapshotError, SnapshotState } from '../firebase/use-snapshot';

export type ShowcaseView =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'offline-missing' }
  | { kind: 'error'; error: SnapshotError }
  | { kind: 'ready'; showcase: Showcase; fromCache: boolean };

/**
 * One showcase (`/s/:id` and its edit form). A draft of someone else is denied by the rules and
 * shown as not found, so drafts stay invisible.
 */
export function showcaseView(
  snapshot: SnapshotState<Showcase | null>,
  offline: boolean,
): ShowcaseView {
  if (snapshot.status === 'error') {
    if (snapshot.error.code === 'permission-denied' || snapshot.error.code === 'not-found')
      return { kind: 'not-found' };
    if (snapshot.data) return { kind: 'ready', showcase: snapshot.data, fromCache: true };
    return { kind: 'error', error: snapshot.error };
  }
  // Wait for the cache's answer rather than guess.
  if (snapshot.status === 'loading') return { kind: 'loading' };
  if (snapshot.data === null) {
    if (!snapshot.fromCache) return { kind: 'not-found' };
    return offline ? { kind: 'offline-missing' } : { kind: 'loading' };
  }
  return { kind: 'ready', showcase: snapshot.data, fromCache: snapshot.fromCache };
}

export type ProfileView =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'offline-missing' }
  | { kind: 'error'; error: SnapshotError }
  | { kind: 'ready' };

/**
 * A public profile (`/u/:uid`): the member's profile document and their published showcases.
 * Either one is enough to show the page; only when both are missing does the server's word
 * matter. A denied read (no such profile to read) is not an error to show.
 */
export function profileView(
  profile: SnapshotState<unknown>,
  showcases: SnapshotState<readonly unknown[]>,
  offline: boolean,
): ProfileView {
  const error = profile.error ?? showcases.error;
  if (error !== null && error.code !== 'permission-denied') return { kind: 'error', error };
  if (profile.status === 'loading' || showcases.status === 'loading') return { kind: 'loading' };
  const missing = !profile.data && (showcases.data?.length ?? 0) === 0;
  if (!missing) return { kind: 'ready' };
  const serverAnswered = !profile.fromCache && !showcases.fromCache;
  if (serverAnswered) return { kind: 'not-found' };
  return offline ? { kind: 'offline-missing' } : { kind: 'loading' };
}
