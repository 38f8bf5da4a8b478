import { matchPath } from 'react-router';
import { paths } from '../config/paths';
import { expectsVisitor } from '../lib/session';

/**
 * The screens drawn before Auth has answered, for a browser where nobody was signed in: the
 * welcome screen, the gallery, a showcase and a profile show a visitor nothing of a session, and waiting
 * for Auth's chunk and its long evaluation put them (under a first paint: the moment they
 * respond) after it. Auth then starts once the screen has shown (main.tsx); a guard still moves
 * a signed-in user on once it answers, and the Firestore instance a visitor's screen starts
 * keeps nothing on disk and makes way for a persistent one if someone turns out signed in.
 */
const drawnBeforeAuth: readonly string[] = [
  paths.welcome,
  paths.home,
  paths.showcase,
  paths.userProfile,
];

/** Whether the screen at `pathname` may draw before Auth has answered, in this browser. */
export function drawsBeforeAuth(pathname: string, visitorExpected = expectsVisitor()): boolean {
  return visitorExpected && drawnBeforeAuth.some((pattern) => matchPath(pattern, pathname));
}

/**
 * Whether the app bar's Search waits until the first screen has shown: on a visitor's welcome
 * screen, which paints from its own script and has no first paint, its ten small chunks would
 * share the link with the pitch. Everywhere else the first frame shows it.
 */
export function searchAfterFirstScreen(pathname: string, visitorExpected: boolean): boolean {
  return visitorExpected && pathname === paths.welcome;
}
