/**
 * A grid that renders in steps commits its first cards at once and the rest in a transition
 * right after: one commit of 24 MUI cards (their DOM and styles) is a long task on a slow phone.
 * The first step is a wide screen's first screen: two rows of four (a 1350 × 940 window shows the
 * second row's images whole). Fewer, and the first paint would leave out cards the app draws in
 * view after the hand-over: an image there a few square pixels larger than the first card's
 * became a new largest paint at 5.7 s (docs/decisions/2026-11-27-first-visits-on-a-slow-network.md).
 */
export const FIRST_STEP_CARDS = 8;

/** How many of `total` cards a grid renders: all, or the first step's until it has committed. */
export function cardsToRender(total: number, inSteps: boolean, firstStepDone: boolean): number {
  return inSteps && !firstStepDone ? Math.min(total, FIRST_STEP_CARDS) : total;
}

/**
 * Where a card's image sits when the page first paints. `first`: the page's likely largest paint
 * (a showcase's image, the first card): fetched at once and before other images. `visible`: on
 * the first screen on some layouts (the rest of a wide first row): fetched at once, normal
 * priority. `later`: below the fold on most screens: fetched near the viewport.
 */
export type ImagePlacement = 'first' | 'visible' | 'later';

/** Cards whose images load at once when the grid leads the page: the first row on a wide screen. */
const FIRST_ROW = 4;

/** The first card's image is the likely largest paint (one column on a phone, four when wide). */
export function cardImagePlacement(index: number, leadsPage: boolean): ImagePlacement {
  if (!leadsPage || index >= FIRST_ROW) return 'later';
  return index === 0 ? 'first' : 'visible';
}
