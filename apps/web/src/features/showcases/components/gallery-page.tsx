import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { GallerySort } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useViewer } from '../../../lib/session';
import { signInFirst } from '../../../utils/return-to';
import { galleryLink } from '../gallery-link';
import { newShowcasesLabel } from '../gallery-window';
import { useGallery } from '../hooks/use-gallery';
import { parseTags } from '@showcase/schema';
import { PageState } from './page-states';
import { ShowcaseGrid } from './showcase-grid';
import { ShowcaseGridSkeleton } from './showcase-grid-skeleton';
import { TagFilter } from './tag-filter';
import { DataErrorAlert } from './data-error-alert';

const TAG_PATTERN = /^[a-z0-9-]{1,24}$/;

function readSort(value: string | null): GallerySort {
  return value === 'liked' ? 'liked' : 'newest';
}

function readTag(value: string | null): string | null {
  const tag = parseTags(value ?? '')[0];
  return tag !== undefined && TAG_PATTERN.test(tag) ? tag : null;
}

/** `/`: the live gallery of published showcases, for everyone. */
export function GalleryPage() {
  const user = useViewer();
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));
  const tag = readTag(params.get('tag'));
  const connection = useConnectionStatus();
  const gallery = useGallery(sort, tag, user?.uid ?? null);
  // A visitor's way to publish starts with signing in, then comes back to the form.
  const newShowcase = user ? { to: paths.newShowcase } : signInFirst(paths.newShowcase);
  const { snapshot, window } = gallery;
  const heading = tag ? `Showcases tagged #${tag}` : 'Showcases';
  useDocumentTitle(heading);
  // Links back to the gallery (the app bar's, a showcase's) return to this sort and tag.
  const search = params.toString();
  useEffect(() => galleryLink.remember(search), [search]);

  const update = (changes: { sort?: GallerySort; tag?: string | null }) => {
    const next = new URLSearchParams(params);
    const nextSort = changes.sort ?? sort;
    const nextTag = changes.tag === undefined ? tag : changes.tag;
    if (nextSort === 'newest') next.delete('sort');
    else next.set('sort', nextSort);
    if (nextTag === null) next.delete('tag');
    else next.set('tag', nextTag);
    setParams(next);
  };

  // An empty answer from the cache only means "nothing cached yet" while we can still ask.
  const waitingForServer =
    snapshot.status === 'success' &&
    snapshot.fromCache &&
    window.visible.length === 0 &&
    connection !== 'offline';
  const showNew = () => {
    gallery.showNew();
    globalThis.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h1" variant="h4">
            {heading}
          </Typography>
          <Typography color="text.secondary">What people made, live as they publish it.</Typography>
        </Box>
        {user?.isAnonymous ? null : (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            component={RouterLink}
            {...newShowcase}
          >
            New showcase
          </Button>
        )}
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={sort}
          onChange={(_event, value: GallerySort | null) => {
            if (value !== null) update({ sort: value });
          }}
          aria-label="Sort showcases"
          sx={{ '& .MuiToggleButton-root': { whiteSpace: 'nowrap', px: 2 } }}
        >
          <ToggleButton value="newest">Newest</ToggleButton>
          <ToggleButton value="liked">Most liked</ToggleButton>
        </ToggleButtonGroup>
        <TagFilter
          tag={tag}
          onChange={(value) => update({ tag: value })}
          showcases={window.visible}
        />
      </Stack>

      {window.held.length > 0 ? (
        <Box
          sx={{
            position: 'sticky',
            top: { xs: 64, sm: 72 },
            zIndex: 2,
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <Fab variant="extended" color="primary" size="medium" onClick={showNew}>
            <ArrowUpwardOutlined sx={{ mr: 1 }} />
            {newShowcasesLabel(window.held.length)}
          </Fab>
        </Box>
      ) : null}

      {snapshot.status === 'error' ? (
        <DataErrorAlert error={snapshot.error} onRetry={gallery.retry} />
      ) : null}

      {snapshot.status === 'loading' || waitingForServer ? (
        <ShowcaseGridSkeleton
          label="Loading showcases"
          count={gallery.returningTo?.shown || undefined}
        />
      ) : snapshot.status === 'success' &&
        window.visible.length === 0 &&
        window.held.length === 0 ? (
        connection === 'offline' && snapshot.fromCache ? (
          <PageState title="Nothing saved on this device yet" icon={<CloudOffOutlined />}>
            You&apos;re offline. Showcases you have seen before stay available offline; these will
            load when you&apos;re back online.
          </PageState>
        ) : tag ? (
          <PageState
            title={`No showcases tagged #${tag} yet`}
            icon={<CollectionsOutlined />}
            action={<Button onClick={() => update({ tag: null })}>Show all showcases</Button>}
          />
        ) : (
          <PageState
            title="No showcases yet"
            icon={<CollectionsOutlined />}
            action={
              user?.isAnonymous ? (
                <Button variant="contained" component={RouterLink} to={paths.signUp}>
                  Create an account to publish
                </Button>
              ) : (
                <Button variant="contained" component={RouterLink} {...newShowcase}>
                  Publish the first one
                </Button>
              )
            }
          >
            When people publish what they made, it appears here the moment they do.
          </PageState>
        )
      ) : (
        <>
          <ShowcaseGrid
            showcases={window.visible}
            label={tag ? `Showcases tagged ${tag}` : 'Showcases'}
            likeable
          />
          {window.hasMore ? (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                onClick={gallery.loadMore}
                disabled={gallery.loadingMore}
                startIcon={
                  gallery.loadingMore ? <CircularProgress size={16} aria-hidden /> : undefined
                }
              >
                Load more
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Stack>
  );
}
