/**
 * What a script that runs before Auth (the first paint) can know of the viewer: the session
 * runner writes the open session's uid and whether it is a guest's to localStorage on every
 * change, and this reads them back. Guests are told apart from members here because the
 * screens differ for them (no **New showcase**, the guest's Like hint).
 */
import type { KeyValueStorage } from './session-runner';

/** localStorage: the uid of the open session, so a reload can tell an ended session apart. */
export const SESSION_MARKER_KEY = 'showcase:session-uid';
/** localStorage: `guest` or `member` beside the uid (absent when nobody is signed in). */
export const SESSION_KIND_KEY = 'showcase:session-kind';

export type ViewerMarker =
  { kind: 'visitor'; uid: null } | { kind: 'guest' | 'member'; uid: string };

export function writeViewerMarker(
  local: KeyValueStorage,
  user: { uid: string; isAnonymous: boolean } | null,
): void {
  local.set(SESSION_MARKER_KEY, user?.uid ?? null);
  local.set(SESSION_KIND_KEY, user === null ? null : user.isAnonymous ? 'guest' : 'member');
}

/**
 * The viewer as last written. A uid without a kind (a session opened before the kind was
 * written) reads as a visitor until Auth reports the user again and both are rewritten.
 */
export function readViewerMarker(local: KeyValueStorage): ViewerMarker {
  const uid = local.get(SESSION_MARKER_KEY);
  const kind = local.get(SESSION_KIND_KEY);
  if (uid === null || (kind !== 'guest' && kind !== 'member'))
    return { kind: 'visitor', uid: null };
  return { kind, uid };
}
