import Box from '@mui/material/Box';
import { useState } from 'react';
import { safeHttpUrl } from '@showcase/schema';
import { placeholderBackground, placeholderInitial } from '../../lib/showcases/placeholder';
import { CARD_MEDIA_RATIO } from './grid-layout';

type ShowcaseImageProps = {
  imageUrl: string | null;
  title: string;
  /** The author's description of the image (`imageAlt`): its alt text wherever it is shown. */
  description?: string | null;
  /**
   * Without a description: decorative next to a visible title (cards), where an alt made from
   * the title would only repeat it; on the detail page, named after the showcase.
   */
  decorative?: boolean;
  /** Pixels, or any CSS length (`100%` fills a box with an aspect ratio). */
  height?: number | string;
  /** Show the whole image (detail page) instead of a cropped band. */
  natural?: boolean;
  /** Where the image sits when the page first paints (see `ImagePlacement`). */
  placement?: ImagePlacement;
};

/**
 * `first`: the page's likely largest paint (a showcase's image, the first card): fetched at once
 * and before other images. `visible`: on the first screen on some layouts (the rest of a wide
 * first row): fetched at once, normal priority. `later`: below the fold: fetched near the viewport.
 */
export type ImagePlacement = 'first' | 'visible' | 'later';

/**
 * The showcase's image when its URL is http(s) and loads; otherwise a calm placeholder with the
 * title's first letter. Never sends a referrer to the image host.
 */
export function ShowcaseImage({
  imageUrl,
  title,
  description = null,
  decorative = true,
  height = 180,
  natural = false,
  placement = 'later',
}: ShowcaseImageProps) {
  const src = safeHttpUrl(imageUrl);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (src === null || failedSrc === src) {
    return (
      <Box
        aria-hidden
        style={{ backgroundImage: placeholderBackground(title) }}
        sx={{
          height,
          display: 'grid',
          placeItems: 'center',
          fontSize: '3rem',
          fontWeight: 700,
          color: 'primary.main',
          bgcolor: 'action.hover',
          userSelect: 'none',
        }}
      >
        {placeholderInitial(title)}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={description ?? (decorative ? '' : `Cover image of “${title.trim() || 'Untitled'}”`)}
      loading={placement === 'later' ? 'lazy' : 'eager'}
      fetchPriority={placement === 'first' ? 'high' : 'auto'}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      sx={
        natural
          ? {
              display: 'block',
              width: '100%',
              // The card's frame, reserved before the image arrives (nothing below it moves
              // then); the whole image is shown inside it.
              aspectRatio: CARD_MEDIA_RATIO,
              height: 'auto',
              maxHeight: 560,
              objectFit: 'contain',
              bgcolor: 'action.hover',
            }
          : { display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'action.hover' }
      }
    />
  );
}
