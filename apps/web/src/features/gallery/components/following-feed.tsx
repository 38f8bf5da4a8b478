import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Showcase } from '@showcase/schema';
import { galleryParams, paths } from '../../../config/paths';
import { useRevealApp } from '../../../hooks/use-reveal-app';
import type { FollowingFeedUpdate } from '../../../lib/firebase/follows';
import { followingQuery, listenToFollowingFeed } from '../../../lib/firebase/follows';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import type { SnapshotError } from '../../../lib/firebase/use-snapshot';
import type { GallerySearch } from '../../../lib/showcases/gallery-search';
import { SEARCH_SCOPE, searchResultFilter } from '../../../lib/showcases/gallery-search';
import { useViewer } from '../../../lib/session';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { PageState } from '../../../components/showcases/page-states';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';
// The page's own controls: this chunk loads only after the page, so it adds nothing to `/`.
import type { GalleryControlsProps } from './gallery-page';
import { GalleryControls } from './gallery-page';

const PAGE = 24;

type FeedState =
  | { status: 'loading' }
  | { status: 'error'; error: SnapshotError }
  | ({ status: 'success'; query: string } & FollowingFeedUpdate);

export type FollowingFeedProps = {
  /** The gallery's sort and tag filter, drawn here to suggest from the showcases shown. */
  controls: GalleryControlsProps;
  search: GallerySearch | null;
};

/**
 * `/?feed=following`: the published showcases of the makers this member follows, live, in the
 * gallery's sort, narrowed by its tag and search as the Everyone gallery is (the URL holds them
 * all). The list of followed makers is itself live, so a follow on another screen (or device)
 * changes the feed at once; the feed listens per chunk of 30 makers (`listenToFollowingFeed`)
 * and grows by a page on **Load more**.
 */
export function FollowingFeed({ controls, search }: FollowingFeedProps) {
  // The page draws the feed for members only: a viewer is there.
  const uid = useViewer()?.uid ?? '';
  const { sort, tag, update } = controls;
  const [params, setParams] = useSearchParams();
  const db = useFirestore();
  const connection = useConnectionStatus();
  const [attempt, setAttempt] = useState(0);
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
  // A search asks Firestore for its longest word (the tag is then checked here, as in the
  // Everyone gallery); without one, the tag goes to Firestore.
  const plan = search?.plan ?? null;
  const searchTerm = plan?.term ?? null;
  const queryTag = searchTerm === null ? tag : null;
  const query = `${sort}|${tag ?? ''}|${search?.text ?? ''}`;
  // Pages belong to one sort, tag and search: a change starts again at one page.
  const [pages, setPages] = useState({ query, max: PAGE });
  const max = pages.query === query ? pages.max : PAGE;
  const [feed, setFeed] = useState<FeedState>({ status: 'loading' });

  useEffect(() => {
    if (!edgesKnown) return undefined;
    const keep = plan === null ? null : searchResultFilter(plan, tag);
    return listenToFollowingFeed(
      db,
      makersKey === '' ? [] : makersKey.split(','),
      { sort, tag: queryTag, searchTerm, limit: max },
      keep,
      // A larger page (Load more) or a new follow listens again: the grid keeps what it shows
      // until every chunk has answered, rather than flashing back to skeletons. Another sort,
      // tag or search shows skeletons: the cards shown no longer answer what was asked.
      (answer) =>
        setFeed((previous) =>
          answer.loading && previous.status === 'success' && previous.query === query
            ? previous
            : { status: 'success', query, ...answer },
        ),
      (error) =>
        setFeed({
          status: 'error',
          error: { code: 'code' in error ? String(error.code) : 'unknown', message: error.message },
        }),
    );
  }, [db, edgesKnown, makersKey, max, attempt, sort, tag, queryTag, searchTerm, plan, query]);

  const error =
    edges.status === 'error' ? edges.error : feed.status === 'error' ? feed.error : null;
  const settled =
    feed.status === 'success' &&
    feed.query === query &&
    !feed.loading &&
    (!feed.fromCache || feed.showcases.length > 0 || connection === 'offline');
  useRevealApp(error !== null || settled);
  const retry = () => {
    setFeed({ status: 'loading' });
    setAttempt((value) => value + 1);
  };
  const loadMore = () => setPages({ query, max: max + PAGE });
  const shown = settled ? feed.showcases : NO_SHOWCASES;

  let content: ReactNode;
  if (error !== null) content = <DataErrorAlert error={error} onRetry={retry} />;
  else if (!edgesKnown || !settled)
    content = (
      <ShowcaseGridSkeleton label={search ? 'Loading search results' : 'Loading showcases'} />
    );
  else if (makers.length === 0) {
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
  } else if (feed.showcases.length > 0)
    content = (
      <FeedGrid
        key={query}
        showcases={feed.showcases}
        label={
          search
            ? `Results for ${search.text}${tag ? ` tagged ${tag}` : ''} by makers you follow`
            : tag
              ? `Showcases tagged ${tag} by makers you follow`
              : 'Showcases by makers you follow'
        }
        hasMore={feed.hasMore}
        onMore={loadMore}
      />
    );
  else if (feed.hasMore)
    // The newest the server sent all failed the checks made here.
    content = (
      <PageState
        title="No matches among the newest results"
        icon={<SearchOffOutlined />}
        action={
          <Button variant="outlined" onClick={loadMore}>
            Load more
          </Button>
        }
      >
        Older showcases may still match: load more to keep looking.
      </PageState>
    );
  else if (search)
    content = (
      <PageState
        title={`Nothing by makers you follow matches “${search.text}”${tag ? ` tagged #${tag}` : ''}`}
        icon={<SearchOffOutlined />}
        action={
          <Button
            onClick={() => {
              const everyone = new URLSearchParams(params);
              everyone.delete(galleryParams.feed);
              setParams(everyone);
            }}
          >
            Search everyone
          </Button>
        }
      >
        {SEARCH_SCOPE}
      </PageState>
    );
  else if (tag)
    content = (
      <PageState
        title={`Nothing tagged #${tag} from the makers you follow yet`}
        icon={<PeopleOutlined />}
        action={<Button onClick={() => update({ tag: null })}>Show all they made</Button>}
      />
    );
  else
    content = (
      <PageState title="Nothing from the makers you follow yet" icon={<PeopleOutlined />}>
        What they publish appears here the moment they do.
      </PageState>
    );

  return (
    <>
      <GalleryControls {...controls} showcases={shown} />
      {content}
    </>
  );
}

const NO_SHOWCASES: readonly Showcase[] = [];

function FeedGrid({
  showcases,
  label,
  hasMore,
  onMore,
}: {
  showcases: Showcase[];
  label: string;
  /** The chunks held as many as asked for: there may be more. */
  hasMore: boolean;
  onMore: () => void;
}) {
  const [asked, setAsked] = useState(showcases.length);
  const loadingMore = asked > showcases.length;
  return (
    <ShowcaseGrid
      showcases={showcases}
      label={label}
      likeable
      footer={
        hasMore ? (
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
