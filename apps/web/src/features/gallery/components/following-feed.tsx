import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Showcase } from '@showcase/schema';
import { paths } from '../../../config/paths';
import { useRevealApp } from '../../../hooks/use-reveal-app';
import type { FollowingFeedUpdate } from '../../../lib/firebase/follows';
import { followingQuery, listenToFollowingFeed } from '../../../lib/firebase/follows';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import type { SnapshotError } from '../../../lib/firebase/use-snapshot';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { PageState } from '../../../components/showcases/page-states';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';

const PAGE = 24;

type FeedState =
  | { status: 'loading' }
  | { status: 'error'; error: SnapshotError }
  | ({ status: 'success' } & FollowingFeedUpdate);

/**
 * `/?feed=following`: the published showcases of the makers this member follows, newest first
 * and live. The list of followed makers is itself live, so a follow on another screen (or
 * device) changes the feed at once; the feed listens per chunk of 30 makers
 * (`listenToFollowingFeed`) and grows by a page on **Load more**.
 */
export function FollowingFeed({ uid }: { uid: string }) {
  const db = useFirestore();
  const connection = useConnectionStatus();
  const [attempt, setAttempt] = useState(0);
  const [max, setMax] = useState(PAGE);
  const edges = useQuerySnapshot(followingQuery, [uid], { attempt });
  // An empty list from the cache only means nothing is cached yet, while the server can answer.
  const edgesKnown =
    edges.status === 'success' &&
    (!edges.fromCache || edges.data.length > 0 || connection === 'offline');
  const makers = useMemo(
    () => (edges.status === 'success' ? edges.data.map((edge) => edge.id).sort() : []),
    [edges.status, edges.data],
  );
  const makersKey = makers.join(',');
  const [feed, setFeed] = useState<FeedState>({ status: 'loading' });

  useEffect(() => {
    if (!edgesKnown) return undefined;
    return listenToFollowingFeed(
      db,
      makersKey === '' ? [] : makersKey.split(','),
      max,
      // A larger page (Load more) or a new follow listens again: the grid keeps what it shows
      // until every chunk has answered, rather than flashing back to skeletons.
      (update) =>
        setFeed((previous) =>
          update.loading && previous.status === 'success'
            ? previous
            : { status: 'success', ...update },
        ),
      (error) =>
        setFeed({
          status: 'error',
          error: { code: 'code' in error ? String(error.code) : 'unknown', message: error.message },
        }),
    );
  }, [db, edgesKnown, makersKey, max, attempt]);

  const error =
    edges.status === 'error' ? edges.error : feed.status === 'error' ? feed.error : null;
  const settled =
    feed.status === 'success' &&
    !feed.loading &&
    (!feed.fromCache || feed.showcases.length > 0 || connection === 'offline');
  useRevealApp(error !== null || settled);
  const retry = () => {
    setFeed({ status: 'loading' });
    setAttempt((value) => value + 1);
  };

  if (error !== null) return <DataErrorAlert error={error} onRetry={retry} />;
  if (!edgesKnown || !settled || feed.status !== 'success')
    return <ShowcaseGridSkeleton label="Loading showcases" />;
  if (makers.length === 0) {
    return (
      <PageState
        title="You don't follow anyone yet"
        icon={<PeopleOutlined />}
        action={
          <Button variant="contained" component={RouterLink} to={paths.home}>
            Browse everyone
          </Button>
        }
      >
        Follow makers from their profile or their showcases, and what they publish appears here the
        moment they do.
      </PageState>
    );
  }
  if (feed.showcases.length === 0) {
    return (
      <PageState title="Nothing from the makers you follow yet" icon={<PeopleOutlined />}>
        What they publish appears here the moment they do.
      </PageState>
    );
  }
  return (
    <FeedGrid
      showcases={feed.showcases}
      full={feed.showcases.length >= max}
      onMore={() => setMax((value) => value + PAGE)}
    />
  );
}

function FeedGrid({
  showcases,
  full,
  onMore,
}: {
  showcases: Showcase[];
  /** As many as asked for: there may be more. */
  full: boolean;
  onMore: () => void;
}) {
  const [asked, setAsked] = useState(showcases.length);
  const loadingMore = asked > showcases.length;
  return (
    <ShowcaseGrid
      showcases={showcases}
      label="Showcases by makers you follow"
      likeable
      footer={
        full ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              disabled={loadingMore}
              startIcon={loadingMore ? <CircularProgress size={16} aria-hidden /> : undefined}
              onClick={() => {
                setAsked(showcases.length + PAGE);
                onMore();
              }}
            >
              Load more
            </Button>
          </Box>
        ) : null
      }
    />
  );
}
