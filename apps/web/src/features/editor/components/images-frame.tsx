import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

type ImagesFrameProps = {
  children: ReactNode;
  /** The image of a showcase stored before uploads existed (an address typed by hand), if shown. */
  legacyImageUrl: string | null;
  /** The schema's message for the images (the 10-image and description limits). */
  error: string | undefined;
  /** Takes the focus when the images are the first thing to fix. */
  focusRef: Ref<HTMLDivElement>;
};

/**
 * Around the Images section: the place the focus goes when the images are the first thing to
 * fix, their message, and what an older showcase's image is until images are added.
 */
export function ImagesFrame({ children, legacyImageUrl, error, focusRef }: ImagesFrameProps) {
  const id = 'showcase-images-message';
  const message =
    error ??
    (legacyImageUrl === null
      ? null
      : 'This showcase shows an image from a web address, added before uploads existed. It stays until you add images.');
  return (
    <Box
      ref={focusRef}
      tabIndex={-1}
      data-images-slot
      aria-describedby={message === null ? undefined : id}
      sx={{
        outline: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
      {message === null ? null : (
        <Typography
          id={id}
          variant="body2"
          color={error ? 'error' : 'text.secondary'}
          sx={{ mt: 1 }}
        >
          {message}
        </Typography>
      )}
    </Box>
  );
}
