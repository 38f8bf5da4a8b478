import type { Showcase } from '@showcase/schema';
import { showcaseRef } from '../../../lib/firebase/showcases';
import type { SnapshotState } from '../../../lib/firebase/use-snapshot';
import { useDocSnapshot } from '../../../lib/firebase/use-snapshot';

/** One showcase, live. `data: null` means it does not exist (or is not ours to read). */
export function useShowcase(id: string | undefined, attempt = 0): SnapshotState<Showcase | null> {
  return useDocSnapshot(showcaseRef, id ? [id] : null, { attempt });
}

export type ShowcaseView =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'offline-missing' }
  | { kind: 'error'; error: { code: string; message: string } }
  | { kind: 'ready'; showcase: Showcase; fromCache: boolean };

/**
 * What a screen shows for a showcase snapshot. A document missing from the cache is not "not
 * found" until the server says so; a draft of someone else is denied by the rules and shown as
 * not found, so drafts stay invisible.
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
  // The cache answers within milliseconds even offline; wait for it rather than guess.
  if (snapshot.status === 'loading') return { kind: 'loading' };
  if (snapshot.data === null) {
    if (!snapshot.fromCache) return { kind: 'not-found' };
    return offline ? { kind: 'offline-missing' } : { kind: 'loading' };
  }
  return { kind: 'ready', showcase: snapshot.data, fromCache: snapshot.fromCache };
}
