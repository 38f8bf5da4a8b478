import { paths } from '../config/paths';
import { expectsVisitor } from '../lib/session';

/**
 * The screens drawn before Auth has answered, for a browser where nobody was signed in: the
 * welcome screen needs nothing of the session to show, and waiting for Auth's chunk kept its
 * visitors on a spinner. Its guard still moves a signed-in user on once Auth answers.
 */
const drawnBeforeAuth: readonly string[] = [paths.welcome];

/** Whether the screen at `pathname` may draw before Auth has answered, in this browser. */
export function drawsBeforeAuth(pathname: string, visitorExpected = expectsVisitor()): boolean {
  return visitorExpected && drawnBeforeAuth.includes(pathname);
}
