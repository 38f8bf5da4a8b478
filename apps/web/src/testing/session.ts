/** Who the app's session says is signed in now (the record Auth announced), or null. */
import type { SessionUser } from '../lib/session';
import { getSessionState } from '../lib/session/session-store';

export function currentSessionUser(): SessionUser | null {
  const state = getSessionState();
  return state.status === 'signed-in' ? state.user : null;
}
