/**
 * A grid that renders in steps commits its first cards at once and the rest in a transition
 * right after: one commit of 24 MUI cards (their DOM and styles) is a long task on a slow phone.
 * The first step is a wide screen's first row, more than a phone's first screen shows.
 */
export const FIRST_STEP_CARDS = 4;

/** How many of `total` cards a grid renders: all, or the first step's until it has committed. */
export function cardsToRender(total: number, inSteps: boolean, firstStepDone: boolean): number {
  return inSteps && !firstStepDone ? Math.min(total, FIRST_STEP_CARDS) : total;
}
