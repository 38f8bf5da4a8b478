import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ShowcaseImage } from '@showcase/schema';
import type { Ref } from 'react';

type ImagesSlotProps = {
  images: readonly ShowcaseImage[];
  /** The image of a showcase stored before uploads existed (an address typed by hand). */
  legacyImageUrl: string | null;
  error: string | undefined;
  /** Takes the focus when the images are the first thing to fix. */
  focusRef: Ref<HTMLDivElement>;
};

/**
 * SLOT — the **Images** section's editor goes here: `ImagesField` from
 * `features/editor/images/` (branch `uploads`): Add images, drag and drop, paste, progress,
 * Image description, Make cover, Move earlier / later, Remove. It takes the form's `images`
 * and an `onChange(images)`, and shows `error` (the schema's 10-image and description limits).
 * Until it lands, this says what the showcase has, so nothing stored is hidden.
 */
export function ImagesSlot({ images, legacyImageUrl, error, focusRef }: ImagesSlotProps) {
  const id = 'showcase-images-message';
  return (
    <Box
      ref={focusRef}
      tabIndex={-1}
      data-images-slot
      aria-describedby={id}
      sx={{
        outline: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Typography id={id} variant="body2" color={error ? 'error' : 'text.secondary'}>
        {error ?? imagesSummary(images, legacyImageUrl)}
      </Typography>
    </Box>
  );
}

function imagesSummary(images: readonly ShowcaseImage[], legacyImageUrl: string | null): string {
  if (images.length > 0)
    return images.length === 1
      ? '1 image, the cover.'
      : `${images.length} images; the first is the cover.`;
  if (legacyImageUrl !== null)
    return 'This showcase shows an image from a web address, added before uploads existed. It stays until you add images.';
  return 'No images yet.';
}
