import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionState } from './session-machine';
import { getSessionState, subscribeSession } from './session-store';
import type { SessionUser } from './session-user';

/** Who is signed in: `unknown` until Auth has restored the session, then signed-in/out. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/**
 * A viewer given instead of the session's, for screens rendered without Auth or the SDK (the
 * first paint's templates, at build time, for each kind of viewer): nothing listens under it.
 * `undefined` (the default) means the session's.
 */
export const FixedViewer = createContext<SessionUser | null | undefined>(undefined);

/** The signed-in user (guest or member), or null for a visitor: for screens open to everyone. */
export function useViewer(): SessionUser | null {
  const fixed = useContext(FixedViewer);
  const session = useSession();
  if (fixed !== undefined) return fixed;
  return session.status === 'signed-in' ? session.user : null;
}

/** The signed-in user; only for screens behind the signed-in guard. */
export function useCurrentUser(): SessionUser {
  const session = useSession();
  if (session.status !== 'signed-in') {
    throw new Error('useCurrentUser() is only available behind the signed-in route guard.');
  }
  return session.user;
}
