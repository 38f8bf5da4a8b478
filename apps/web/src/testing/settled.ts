/**
 * Waiting for the screen to stop moving before judging how it looks: axe measures colour
 * contrast on what is painted, and a dialog or snackbar fading in is painted half transparent.
 */
import { expect } from 'vitest';

/** How many CSS transitions run now (endless animations, such as a spinner's, do not count). */
export function runningTransitions(): number {
  return document
    .getAnimations()
    .filter((animation) => animation instanceof CSSTransition && animation.playState === 'running')
    .length;
}

/** Resolves once no CSS transition runs: what is shown is shown in its final colours. */
export async function transitionsSettled(): Promise<void> {
  await expect.poll(runningTransitions).toBe(0);
}
