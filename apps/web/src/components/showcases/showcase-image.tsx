import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ImagePlacement } from '../../lib/showcases/grid-steps';
import { placeholderBackground, placeholderInitial } from '../../lib/showcases/placeholder';
import type { DisplayImage, ImageFrame } from '../../lib/showcases/showcase-images';
import { FRAME_SIZES, imageFit, imageFrameStyle } from '../../lib/showcases/showcase-images';

type ShowcaseImageProps = {
  /** The image (`showcaseDisplayImages`), or null: the showcase has none. */
  image: DisplayImage | null;
  /** The showcase's title: the tint and initial of a showcase without an image. */
  title: string;
  /** The alt text; empty when the image is decorative beside a visible title (cards). */
  alt: string;
  frame: ImageFrame;
  /** Where the image sits when the page first paints. */
  placement?: ImagePlacement;
  /** Drawn over the image, filling its frame (the page's button that opens the lightbox). */
  children?: ReactNode;
};

/** Each frame's fixed look; the per-image part (ratio, placeholder) is an inline style. */
const frameSx = {
  card: { width: '100%' },
  tile: { width: '100%' },
  cover: { maxWidth: '100%' },
} as const;

/**
 * One image in a frame that holds its box before the image arrives (no layout shift), painted
 * at once with the image's placeholder. An image that cannot load (gone from Storage, offline)
 * leaves the placeholder and its alt text, never a broken-image icon; a showcase without any
 * image shows its title's first letter on a tint. Never sends a referrer to the image host.
 */
export function ShowcaseImage({
  image,
  title,
  alt,
  frame,
  placement = 'later',
  children,
}: ShowcaseImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const tint = placeholderBackground(title);
  const style = imageFrameStyle(image, frame, tint);
  const failed = image !== null && failedSrc === image.src;
  // Without a placeholder of its own, a failed image keeps the tint a showcase without one has.
  const background = style.backgroundImage || (failed ? tint : '');
  return (
    <Box
      data-image-frame={frame}
      style={{
        aspectRatio: style.aspectRatio,
        width: style.width || undefined,
        height: style.height || undefined,
        backgroundImage: background || undefined,
      }}
      sx={{
        ...frameSx[frame],
        display: 'block',
        position: 'relative',
        overflow: 'hidden',
        bgcolor: 'action.hover',
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      {image === null || failed ? (
        <Box
          aria-hidden={image === null || alt === '' ? true : undefined}
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            p: 2,
            textAlign: 'center',
            overflowWrap: 'anywhere',
            userSelect: 'none',
            ...(image === null || alt === ''
              ? { fontSize: '3rem', fontWeight: 700, color: 'primary.main' }
              : { typography: 'body2', color: 'text.primary' }),
          }}
        >
          {image === null || alt === '' ? (
            placeholderInitial(title)
          ) : (
            // The alt text over the placeholder, on a backing that keeps it readable.
            <Box component="span" sx={{ bgcolor: 'background.paper', px: 1, borderRadius: 1 }}>
              {alt}
            </Box>
          )}
        </Box>
      ) : (
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet ?? undefined}
          sizes={image.srcSet === null ? undefined : FRAME_SIZES[frame]}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          alt={alt}
          loading={placement === 'later' ? 'lazy' : 'eager'}
          fetchPriority={placement === 'first' ? 'high' : 'auto'}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(image.src)}
          style={{ objectFit: imageFit(image, frame) }}
          sx={{ display: 'block', width: '100%', height: '100%' }}
        />
      )}
      {children}
    </Box>
  );
}
