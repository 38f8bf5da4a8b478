import type { Showcase } from '@showcase/schema';

/** The picture a card or page leads with, as one address and its description. */
export type CoverImage = { url: string | null; alt: string | null };

/** Cards are at most this wide on any screen; a wider stored size would only cost bytes. */
const CARD_WIDTH_MAX = 960;

/**
 * A showcase's cover: the first uploaded image (its widest stored size up to 960 px), or the
 * image address a showcase stored before uploads still carries. One address until the card and
 * page choose sizes with `srcset`.
 */
export function coverImage(
  showcase: Pick<Showcase, 'images' | 'imageUrl' | 'imageAlt'>,
): CoverImage {
  const cover = showcase.images[0];
  if (cover === undefined) return { url: showcase.imageUrl, alt: showcase.imageAlt };
  const fitting = cover.sizes.filter((size) => size.width <= CARD_WIDTH_MAX);
  const size = fitting[fitting.length - 1] ?? cover.sizes[0];
  return { url: size?.url ?? null, alt: cover.alt === '' ? null : cover.alt };
}
