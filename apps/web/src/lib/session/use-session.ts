import { useSyncExternalStore } from 'react';
import type { SessionState } from './session-machine';
import { getSessionState, subscribeSession } from './session-store';
import type { SessionUser } from './session-user';

/** Who is signed in: `unknown` until Auth has restored the session, then signed-in/out. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** The signed-in user (guest or member), or null for a visitor: for screens open to everyone. */
export function useViewer(): SessionUser | null {
  const session = useSession();
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
