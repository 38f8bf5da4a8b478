import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Edge, Showcase } from '@showcase/schema';
import { sameShowcase } from '@showcase/schema';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { savedQuery, savedShowcasesQuery } from '../../../lib/firebase/saved';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { PageState } from '../../../components/showcases/page-states';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';

const NO_EDGES: readonly Edge[] = [];

/** Firestore's `in` takes at most 30 values: the list is read 30 saved showcases at a time. */
const CHUNK = 30;

/**
 * `/saved`: what this guest or member saved, newest saved first, live. Private: the list is
 * `users/{uid}/saved`, which only its owner reads. A guest who creates an account keeps the uid,
 * so keeps the list.
 */
export function SavedPage() {
  useDocumentTitle('Saved');
  const user = useCurrentUser();
  const connection = useConnectionStatus();
  const [attempt, setAttempt] = useState(0);
  const [chunks, setChunks] = useState(1);
  // One family: Load more keeps the loaded list on screen while the longer one starts.
  const saved = useQuerySnapshot(savedQuery, [user.uid, chunks * CHUNK + 1], {
    attempt,
    family: user.uid,
  });
  const edges = saved.data ?? NO_EDGES;
  const ids = useMemo(
    () => edges.slice(0, chunks * CHUNK).map((edge: Edge) => edge.id),
    [edges, chunks],
  );
  const known =
    saved.status === 'success' &&
    (!saved.fromCache || edges.length > 0 || connection === 'offline');

  let content;
  if (saved.status === 'error')
    content = (
      <DataErrorAlert error={saved.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  else if (!known) content = <ShowcaseGridSkeleton label="Loading saved showcases" count={4} />;
  else if (ids.length === 0)
    content = (
      <PageState
        title="Nothing saved yet"
        icon={<BookmarkBorder />}
        action={
          <Button variant="contained" component={RouterLink} to={paths.home}>
            Browse showcases
          </Button>
        }
      >
        Press Save on a showcase to keep it here, for you alone.
      </PageState>
    );
  else
    content = (
      <Stack sx={{ gap: 3 }}>
        {Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, index) => (
          <SavedChunk
            key={index}
            ids={ids.slice(index * CHUNK, (index + 1) * CHUNK)}
            index={index}
          />
        ))}
        {edges.length > ids.length ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => setChunks((value) => value + 1)}>
              Load more
            </Button>
          </Box>
        ) : null}
      </Stack>
    );

  return (
    <Stack sx={{ gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Saved
        </Typography>
        <Typography color="text.secondary">
          Showcases you saved, newest first. Only you can see this list.
        </Typography>
      </Box>
      {content}
    </Stack>
  );
}

/** Up to 30 saved showcases, live, in the order they were saved. */
function SavedChunk({ ids, index }: { ids: readonly string[]; index: number }) {
  const first = index === 0;
  // One family per chunk: when its ids change (the list grew, or one was unsaved), the cards
  // already shown stay while the new query starts, rather than a skeleton in their place.
  const showcases = useQuerySnapshot(savedShowcasesQuery, [ids], {
    reuse: sameShowcase,
    family: `saved-chunk-${index}`,
  });
  const ordered = useMemo(() => {
    const byId = new Map((showcases.data ?? []).map((item: Showcase) => [item.id, item]));
    return ids.map((id) => byId.get(id)).filter((item): item is Showcase => item !== undefined);
  }, [showcases.data, ids]);
  if (showcases.status === 'error') return <DataErrorAlert error={showcases.error} />;
  if (showcases.status === 'loading')
    return <ShowcaseGridSkeleton label="Loading saved showcases" count={Math.min(ids.length, 4)} />;
  const gone = ids.length - ordered.length;
  return (
    <Stack sx={{ gap: 1 }}>
      <ShowcaseGrid
        showcases={ordered}
        label={first ? 'Saved showcases' : 'More saved showcases'}
        likeable
      />
      {gone > 0 && !showcases.fromCache && !showcases.stale ? (
        <Typography variant="body2" color="text.secondary">
          {gone === 1
            ? 'One showcase you saved is no longer published.'
            : `${gone} showcases you saved are no longer published.`}
        </Typography>
      ) : null}
    </Stack>
  );
}
