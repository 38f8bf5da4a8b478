import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { paths } from '../../../config/paths';
import { WelcomeActions } from './welcome-actions';
import { loadWelcomePreview } from '../../gallery';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { whenIdle } from '../../../utils/when-idle';

// The live preview brings the Firestore SDK: its own chunk, asked for once the pitch has shown
// and the browser is idle, so its 100 KB and more never share the link with the pitch's code.
const WelcomePreview = lazy(() =>
  loadWelcomePreview().then((module) => ({
    default: module.WelcomePreview,
  })),
);

/** One row of cards on a wide screen. */
const PREVIEW_SIZE = 4;

// Plain text points with an accent rule: no icon code on the first screen a visitor downloads.
function Point({ title, text }: { title: string; text: string }) {
  return (
    <Box
      component="li"
      sx={{ pl: 1.5, borderLeft: 3, borderColor: 'primary.main', listStyle: 'none' }}
    >
      <Typography fontWeight={600}>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

export function WelcomePage() {
  useDocumentTitle('Welcome');
  const [previewWanted, setPreviewWanted] = useState(false);
  useEffect(() => whenIdle(() => setPreviewWanted(true)), []);
  const skeleton = (
    <ShowcaseGridSkeleton count={PREVIEW_SIZE} label="Loading the newest showcases" />
  );
  // Phones: pitch, then the ways in, then the details, so the buttons sit above the fold; the
  // newest showcases below everything.
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 8,
        rowGap: { xs: 4, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' },
        gridTemplateAreas: {
          xs: '"intro" "actions" "points" "preview"',
          md: '"intro actions" "points actions" "preview preview"',
        },
        alignItems: 'center',
        py: { xs: 1, md: 6 },
      }}
    >
      <Stack spacing={3} sx={{ gridArea: 'intro' }}>
        <BrandMark size={56} />
        <Typography component="h1" variant="h1">
          Show what you made.
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" fontWeight={400}>
          Showcase is where people publish the things they build — apps, designs, photo series,
          write-ups — and everyone browses them live.
        </Typography>
      </Stack>
      <Stack component="ul" spacing={2} sx={{ gridArea: 'points', m: 0, p: 0, alignSelf: 'start' }}>
        <Point title="Publish in a minute" text="A title, a link, an image and a few tags." />
        <Point
          title="Live everywhere"
          text="New showcases and likes appear without reloading, even after going offline."
        />
        <Point
          title="Appreciate others"
          text="Like the work you enjoy, follow its makers, save it for later; browse everything before you join."
        />
      </Stack>
      <Stack spacing={2} sx={{ gridArea: 'actions', alignItems: { xs: 'stretch', md: 'center' } }}>
        <WelcomeActions />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360 }}>
          Everyone can browse and search. Guests can also save showcases to a private list; create
          an account later to publish, like, comment and follow makers, keeping everything saved.
        </Typography>
      </Stack>
      <Stack
        component="section"
        aria-labelledby="welcome-newest"
        sx={{ gridArea: 'preview', gap: 2, mt: { md: 3 } }}
      >
        <Stack
          direction="row"
          sx={{ gap: 2, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography id="welcome-newest" component="h2" variant="h5">
            Newest showcases
          </Typography>
          <Button component={RouterLink} to={paths.home}>
            Browse the gallery
          </Button>
        </Stack>
        <Suspense fallback={skeleton}>
          {previewWanted ? <WelcomePreview size={PREVIEW_SIZE} placeholder={skeleton} /> : skeleton}
        </Suspense>
      </Stack>
    </Box>
  );
}
