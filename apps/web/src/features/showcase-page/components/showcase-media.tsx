import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import type { Showcase } from '@showcase/schema';
import { sameImages } from '@showcase/schema';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { ShowcaseImage } from '../../../components/showcases/showcase-image';
import { displayTitle } from '../../../lib/showcases/format';
import {
  coverAltText,
  openImageLabel,
  showcaseDisplayImages,
} from '../../../lib/showcases/showcase-images';

// The lightbox is fetched when a reader first opens an image: most never do.
const ImageLightbox = lazy(() =>
  import('./image-lightbox').then((module) => ({ default: module.ImageLightbox })),
);

/** A button over the whole image; its focus ring drawn inside, where the frame cannot clip it. */
function Opener({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <ButtonBase
      data-image-open=""
      aria-label={label}
      onClick={onOpen}
      sx={{
        position: 'absolute',
        inset: 0,
        cursor: 'zoom-in',
        '&.Mui-focusVisible': {
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: '-3px',
        },
      }}
    />
  );
}

/**
 * The showcase's images, cover first and large (its own ratio, its height capped, centred on a
 * neutral backdrop when narrower than the page), then the others as tiles. Any of them opens
 * the lightbox, which gives the focus back to it on closing.
 */
type MediaProps = { showcase: Pick<Showcase, 'images' | 'imageUrl' | 'imageAlt' | 'title'> };

export const ShowcaseMedia = memo(function ShowcaseMedia({ showcase }: MediaProps) {
  const { images: uploads, imageUrl, imageAlt, title } = showcase;
  const images = useMemo(
    () => showcaseDisplayImages({ images: uploads, imageUrl, imageAlt }),
    [uploads, imageUrl, imageAlt],
  );
  const [shown, setShown] = useState<number | null>(null);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const open = (index: number) => {
    setLightboxWanted(true);
    setShown(index);
  };
  const [cover = null, ...others] = images;
  return (
    <Stack sx={{ gap: 1 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <ShowcaseImage
          image={cover}
          title={title}
          alt={cover === null ? '' : coverAltText(cover, displayTitle(title))}
          frame="cover"
          placement="first"
        >
          {cover === null ? null : (
            <Opener label={openImageLabel(cover, 0, images.length)} onOpen={() => open(0)} />
          )}
        </ShowcaseImage>
      </Box>
      {others.length > 0 ? (
        <Box
          component="ul"
          aria-label="More images"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
          }}
        >
          {others.map((image, at) => (
            <Box
              component="li"
              key={image.key}
              sx={{ minWidth: 0, borderRadius: 1, overflow: 'hidden' }}
            >
              <ShowcaseImage image={image} title={title} alt={image.alt} frame="tile">
                <Opener
                  label={openImageLabel(image, at + 1, images.length)}
                  onOpen={() => open(at + 1)}
                />
              </ShowcaseImage>
            </Box>
          ))}
        </Box>
      ) : null}
      {lightboxWanted ? (
        <Suspense fallback={null}>
          <ImageLightbox
            images={images}
            title={title}
            index={shown}
            onIndex={setShown}
            onClose={() => setShown(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}, sameMedia);

/** A like or an edit of the text leaves the images (and an open lightbox) alone. */
function sameMedia(before: MediaProps, after: MediaProps): boolean {
  const a = before.showcase;
  const b = after.showcase;
  return (
    a.title === b.title &&
    a.imageUrl === b.imageUrl &&
    a.imageAlt === b.imageAlt &&
    sameImages(a.images, b.images)
  );
}
