import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef, useState } from 'react';
import { displayTitle } from '../../../lib/showcases/format';
import type { DisplayImage } from '../../../lib/showcases/showcase-images';
import { LIGHTBOX_IMAGE_SIZES, placeholderImage } from '../../../lib/showcases/showcase-images';

/** A horizontal move at least this long (CSS px) is a swipe to the next or previous image. */
export const SWIPE_MIN_DISTANCE = 48;

/** The image `step` away from `index`, going round at either end. */
export function stepImage(index: number, step: number, total: number): number {
  return (((index + step) % total) + total) % total;
}

/**
 * The showcase's images one at a time over the whole screen: ←/→, the buttons or a swipe move
 * between them (round at the ends), Escape or Close closes, and MUI's dialog keeps the focus
 * inside and gives it back to the image that opened it. The same dark stage in both colour
 * schemes: a photo is judged against black, not the page's paper.
 */
export function ImageLightbox({
  images,
  title,
  index,
  onIndex,
  onClose,
}: {
  images: readonly DisplayImage[];
  title: string;
  /** The image shown, or null while closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const swipeFrom = useRef<{ pointer: number; x: number; y: number } | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const current = index ?? 0;
  const image = images[current];
  const total = images.length;
  const step = (by: number) => onIndex(stepImage(current, by, total));

  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || from.pointer !== event.pointerId || total < 2) return;
    const dx = event.clientX - from.x;
    // Mostly sideways and long enough: a tap or a vertical drag is not a swipe.
    if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(event.clientY - from.y))
      return;
    step(dx < 0 ? 1 : -1);
  };

  const placeholder = image ? placeholderImage(image.placeholder) : null;
  return (
    <Dialog
      open={index !== null && image !== undefined}
      onClose={onClose}
      fullScreen
      onKeyDown={onKeyDown}
      slotProps={{
        // The paper is the element with role="dialog": its name is the showcase's images.
        paper: {
          'aria-label': `Images of “${displayTitle(title)}”`,
          sx: { bgcolor: '#000', color: '#fff', backgroundImage: 'none' },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1 }}>
        <Typography
          component="p"
          aria-live="polite"
          data-testid="lightbox-counter"
          sx={{ flexGrow: 1, pl: 1 }}
        >
          {total > 1 ? `${current + 1} of ${total}` : ''}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} sx={{ color: 'inherit' }}>
          <Close />
        </IconButton>
      </Stack>
      <Box
        data-testid="lightbox-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          position: 'relative',
          // The browser keeps vertical scrolling and zoom; sideways moves come here as swipes.
          touchAction: 'pan-y pinch-zoom',
          userSelect: 'none',
        }}
      >
        {image === undefined ? null : failed.has(image.src) ? (
          // Gone from Storage or unreachable: its placeholder and its description, never a
          // broken-image icon.
          <Box
            role="img"
            aria-label={image.alt || 'This image could not be loaded'}
            style={{ backgroundImage: placeholder ?? undefined }}
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              backgroundSize: 'contain',
              backgroundRepeat: 'no-repeat',
              backgroundPosition: 'center',
            }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ bgcolor: 'rgba(0, 0, 0, 0.7)', px: 1.5, py: 0.5, borderRadius: 1 }}
            >
              This image could not be loaded
            </Box>
          </Box>
        ) : (
          // Filling the stage and shown whole inside it, at any ratio and screen.
          <Box
            component="img"
            key={image.key}
            src={image.src}
            srcSet={image.srcSet ?? undefined}
            sizes={image.srcSet === null ? undefined : LIGHTBOX_IMAGE_SIZES}
            alt={image.alt}
            draggable={false}
            referrerPolicy="no-referrer"
            onError={() => setFailed((before) => new Set(before).add(image.src))}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
            }}
          />
        )}
        {total > 1 ? (
          <>
            <IconButton
              aria-label="Previous image"
              onClick={() => step(-1)}
              sx={{ ...sideButton, left: 8 }}
            >
              <ChevronLeft fontSize="large" />
            </IconButton>
            <IconButton
              aria-label="Next image"
              onClick={() => step(1)}
              sx={{ ...sideButton, right: 8 }}
            >
              <ChevronRight fontSize="large" />
            </IconButton>
          </>
        ) : null}
      </Box>
      <Typography
        data-testid="lightbox-caption"
        sx={{ px: 2, py: 1.5, minHeight: '3em', textAlign: 'center', overflowWrap: 'anywhere' }}
      >
        {image?.alt ?? ''}
      </Typography>
    </Dialog>
  );
}

const sideButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  color: '#fff',
  bgcolor: 'rgba(0, 0, 0, 0.5)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.7)' },
  '&.Mui-focusVisible': { outline: '3px solid #fff' },
} as const;
