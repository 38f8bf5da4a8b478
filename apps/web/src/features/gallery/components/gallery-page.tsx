import AddOutlined from '@mui/icons-material/AddOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { galleryParams, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useRevealApp } from '../../../hooks/use-reveal-app';
import { whenIdle } from '../../../utils/when-idle';
import type { GallerySort } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useViewer } from '../../../lib/session';
import { signInFirst } from '../../../utils/return-to';
import { galleryLink } from '../../../lib/showcases/gallery-link';
import type { GallerySearch } from '../../../lib/showcases/gallery-search';
import { galleryHeading, readSearch, SEARCH_SCOPE } from '../../../lib/showcases/gallery-search';
import { useGallery } from '../hooks/use-gallery';
import type { Showcase } from '@showcase/schema';
import { parseTags, TAG_PATTERN } from '@showcase/schema';
import { PageState } from '../../../components/showcases/page-states';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';
import { TagFilter } from './tag-filter';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';

function readSort(value: string | null): GallerySort {
  return value === 'liked' ? 'liked' : 'newest';
}

function readTag(value: string | null): string | null {
  const tag = parseTags(value ?? '')[0];
  return tag !== undefined && TAG_PATTERN.test(tag) ? tag : null;
}

// Only members who follow someone need the feed's code: it loads when they choose it.
const FollowingFeed = lazy(() =>
  import('./following-feed').then((module) => ({ default: module.FollowingFeed })),
);

// What a search with a tag does, said under the controls: only that combination needs it.
const CombinationNote = lazy(() =>
  import('./combination-note').then((module) => ({ default: module.CombinationNote })),
);

// Needed only once showcases arrive while the gallery is open: not before its first screen,
// which is close to its budget; fetched when idle, so it is there when they do.
const loadNewShowcasesButton = () => import('./new-showcases-button');
const NewShowcasesButton = lazy(() =>
  loadNewShowcasesButton().then((module) => ({ default: module.NewShowcasesButton })),
);

// Makers found by name sit above a search's showcases; only a search needs their code.
const MakerResults = lazy(() =>
  import('./maker-results').then((module) => ({ default: module.MakerResults })),
);

/** `?feed=following`: a member's feed of the makers they follow. */
export const FOLLOWING_FEED = 'following';

/**
 * What the gallery's controls change in its URL; `null` removes a parameter. Everything else in
 * the URL (the feed too) stays, so links and Back keep it.
 */
type GalleryChanges = { sort?: GallerySort; tag?: string | null; search?: null };

/** `/`: the live gallery of published showcases, for everyone; `?q=` makes it search results. */
export function GalleryPage() {
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get(galleryParams.sort));
  const tag = readTag(params.get(galleryParams.tag));
  const searchText = params.get(galleryParams.search);
  const search = useMemo(() => readSearch(searchText), [searchText]);
  const user = useViewer();
  // The feed is for members, who can follow; its sort, tag and search work as everyone's do.
  const following =
    params.get(galleryParams.feed) === FOLLOWING_FEED && user?.isAnonymous === false;
  // Results name what was searched for; the feed's tag shows in its filter.
  const heading = following && search === null ? 'Following' : galleryHeading(tag, search);
  useDocumentTitle(heading);
  // Links back to the gallery (the app bar's, a showcase's) return to this sort, tag and search.
  const query = params.toString();
  useEffect(() => galleryLink.remember(query), [query]);
  useEffect(() => whenIdle(() => void loadNewShowcasesButton().catch(() => undefined)), []);

  const update = (changes: GalleryChanges) => {
    const next = new URLSearchParams(params);
    const nextSort = changes.sort ?? sort;
    const nextTag = changes.tag === undefined ? tag : changes.tag;
    if (nextSort === 'newest') next.delete(galleryParams.sort);
    else next.set(galleryParams.sort, nextSort);
    if (nextTag === null) next.delete(galleryParams.tag);
    else next.set(galleryParams.tag, nextTag);
    if (changes.search === null) next.delete(galleryParams.search);
    setParams(next);
  };
  const controls = { sort, tag, search, update };

  return (
    <GalleryFrame heading={heading} searching={search !== null} following={following}>
      {search !== null && search.plan === null ? (
        <>
          <GalleryControls {...controls} showcases={NO_SHOWCASES} />
          <PageState
            title="Nothing to search for"
            icon={<SearchOffOutlined />}
            action={<Button onClick={() => update({ search: null })}>Clear search</Button>}
          >
            {SEARCH_SCOPE} Punctuation and symbols are left out.
          </PageState>
        </>
      ) : (
        <>
          {search?.plan ? (
            <Suspense fallback={null}>
              <MakerResults plan={search.plan} />
            </Suspense>
          ) : null}
          {following ? (
            <Suspense fallback={<ShowcaseGridSkeleton label="Loading showcases" />}>
              <FollowingFeed controls={controls} search={search} />
            </Suspense>
          ) : (
            <GalleryResults controls={controls} search={search} />
          )}
        </>
      )}
    </GalleryFrame>
  );
}

/**
 * The gallery's column under its heading, subtitle and **New showcase**: the page's, and the
 * first paint's template of it (rendered at build time under a `FixedViewer`).
 */
export function GalleryFrame({
  heading,
  searching,
  following = false,
  children,
}: {
  heading: string;
  searching: boolean;
  following?: boolean;
  children: ReactNode;
}) {
  const user = useViewer();
  // A visitor's way to publish starts with signing in, then comes back to the form.
  const newShowcase = user ? { to: paths.newShowcase } : signInFirst(paths.newShowcase);
  return (
    <Stack sx={{ gap: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          <Typography color="text.secondary">
            {searching
              ? 'Makers with these words in their name, and published showcases with them in their title or tags, live.'
              : following
                ? 'From the makers you follow, live.'
                : 'What people made, live as they publish it.'}
          </Typography>
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
      {/* Kept while searching: a search can look through everyone or only the makers followed. */}
      {user && !user.isAnonymous ? <FeedToggle following={following} /> : null}
      {children}
    </Stack>
  );
}

/** **Everyone** / **Following**, in the URL (`?feed=following`) so links and Back keep it. */
function FeedToggle({ following }: { following: boolean }) {
  const [params, setParams] = useSearchParams();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={following ? FOLLOWING_FEED : 'everyone'}
      onChange={(_event, value: string | null) => {
        if (value === null) return;
        const next = new URLSearchParams(params);
        if (value === FOLLOWING_FEED) next.set(galleryParams.feed, FOLLOWING_FEED);
        else next.delete(galleryParams.feed);
        setParams(next);
      }}
      aria-label="Feed"
      sx={{ alignSelf: 'flex-start', '& .MuiToggleButton-root': { whiteSpace: 'nowrap', px: 2 } }}
    >
      <ToggleButton value="everyone">Everyone</ToggleButton>
      <ToggleButton value={FOLLOWING_FEED}>Following</ToggleButton>
    </ToggleButtonGroup>
  );
}

const NO_SHOWCASES: readonly Showcase[] = [];

export type GalleryControlsProps = {
  sort: GallerySort;
  tag: string | null;
  /** With a tag, what a search and the tag together cannot do is said under the controls. */
  search: GallerySearch | null;
  update: (changes: GalleryChanges) => void;
};

/** Sort and tag filter; the tag filter suggests the tags of the showcases shown. */
export function GalleryControls({
  sort,
  tag,
  search,
  update,
  showcases,
}: GalleryControlsProps & { showcases: readonly Showcase[] }) {
  return (
    <Stack sx={{ gap: 1 }}>
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
        <TagFilter tag={tag} onChange={(value) => update({ tag: value })} showcases={showcases} />
      </Stack>
      {tag !== null && search?.plan ? (
        <Suspense fallback={null}>
          <CombinationNote tag={tag} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

type GalleryResultsProps = {
  controls: GalleryControlsProps;
  search: GallerySearch | null;
};

/**
 * The controls and the live grid under them: skeletons, the "N new" button, cards, Load more,
 * empty states. The controls sit here because the tag filter's suggestions come from this
 * grid's showcases.
 */
function GalleryResults({ controls, search }: GalleryResultsProps) {
  const { sort, tag, update } = controls;
  const user = useViewer();
  const connection = useConnectionStatus();
  const gallery = useGallery({ sort, tag, search: search?.plan ?? null }, user?.uid ?? null);
  const newShowcase = user ? { to: paths.newShowcase } : signInFirst(paths.newShowcase);
  const { snapshot, window } = gallery;

  // An empty answer from the cache only means "nothing cached yet" while we can still ask.
  const waitingForServer =
    snapshot.status === 'success' &&
    snapshot.fromCache &&
    window.visible.length === 0 &&
    connection !== 'offline';
  // A search whose checks on this device left nothing yet, while it reads further pages.
  const lookingFurther =
    snapshot.status === 'success' && window.visible.length === 0 && snapshot.stale;
  // The first result (or the empty or error state) takes over from the first paint.
  useRevealApp(snapshot.status !== 'loading' && !waitingForServer && !lookingFurther);
  const showNew = () => {
    gallery.showNew();
    globalThis.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  const loadMore = window.hasMore ? (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Button
        variant="outlined"
        onClick={gallery.loadMore}
        disabled={gallery.loadingMore}
        startIcon={gallery.loadingMore ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        Load more
      </Button>
    </Box>
  ) : null;
  const clearSearch = <Button onClick={() => update({ search: null })}>Clear search</Button>;

  return (
    <>
      <GalleryControls {...controls} showcases={window.visible} />
      {window.held.length > 0 ? (
        <Box
          sx={{
            position: 'sticky',
            // Under the app bar, which on a phone has the search row too.
            top: { xs: 120, sm: 72 },
            zIndex: 2,
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <Suspense fallback={null}>
            <NewShowcasesButton count={window.held.length} onClick={showNew} />
          </Suspense>
        </Box>
      ) : null}

      {snapshot.status === 'error' ? (
        <DataErrorAlert error={snapshot.error} onRetry={gallery.retry} />
      ) : null}

      {snapshot.status === 'loading' || waitingForServer || lookingFurther ? (
        <ShowcaseGridSkeleton
          label={search ? 'Loading search results' : 'Loading showcases'}
          count={gallery.returningTo?.shown || undefined}
        />
      ) : snapshot.status === 'success' &&
        window.visible.length === 0 &&
        window.held.length === 0 ? (
        connection === 'offline' && snapshot.fromCache ? (
          user ? (
            <PageState title="Nothing saved on this device yet" icon={<CloudOffOutlined />}>
              You&apos;re offline. Showcases you have seen before stay available offline; these will
              load when you&apos;re back online.
            </PageState>
          ) : (
            <PageState title="You're offline" icon={<CloudOffOutlined />}>
              While you&apos;re signed out, nothing is kept on this device. Showcases will load when
              you&apos;re back online.
            </PageState>
          )
        ) : search && window.hasMore ? (
          // The newest results the server sent all failed the checks made here.
          <PageState
            title="No matches among the newest results"
            icon={<SearchOffOutlined />}
            action={loadMore}
          >
            Older showcases may still match: load more to keep looking.
          </PageState>
        ) : search ? (
          <PageState
            title={`No showcases match “${search.text}”${tag ? ` tagged #${tag}` : ''}`}
            icon={<SearchOffOutlined />}
            action={clearSearch}
          >
            {SEARCH_SCOPE}
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
            label={
              search
                ? `Results for ${search.text}${tag ? ` tagged ${tag}` : ''}`
                : tag
                  ? `Showcases tagged ${tag}`
                  : 'Showcases'
            }
            likeable
            inSteps={gallery.returningTo === null}
            footer={loadMore}
          />
        </>
      )}
    </>
  );
}
