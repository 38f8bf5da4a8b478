import { SESSION_MARKER_KEY } from './viewer-marker';

/**
 * Whether nobody was signed in when this browser was last here: the session runner keeps the
 * open session's uid in localStorage (viewer-marker.ts). Screens a visitor sees may draw from
 * this before Auth has answered; Auth's answer still decides, and a guard moves a signed-in
 * user on as usual. Storage that cannot be read says nothing: wait for Auth.
 */
export function expectsVisitor(): boolean {
  try {
    return localStorage.getItem(SESSION_MARKER_KEY) === null;
  } catch {
    return false;
  }
}
