/**
 * The card grid's columns: one at 360 px, up to four on wide screens. Shared by the grid and its
 * skeleton (which the welcome screen renders before the grid's own code has loaded).
 */
export const showcaseGridLayout = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
} as const;

/** Every card's media box (and its skeleton's): wide enough for a cover, short enough for a phone. */
export { CARD_MEDIA_RATIO } from '../../lib/showcases/showcase-images';
