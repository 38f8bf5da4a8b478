import { useSyncExternalStore } from 'react';
import type { SessionState, SessionUser } from './session-store';
import { getSessionState, subscribeSession } from './session-store';

/** Who is signed in: `loading` until Auth has restored the session, then signed-in/out. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** The signed-in user; only for screens behind the signed-in guard. */
export function useCurrentUser(): SessionUser {
  const session = useSession();
  if (session.status !== 'signed-in') {
    throw new Error('useCurrentUser() is only available behind the signed-in route guard.');
  }
  return session.user;
}
