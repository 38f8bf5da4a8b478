import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { SearchPlan, Showcase } from '@showcase/schema';
import { sameShowcase } from '@showcase/schema';
import { canonicalKey } from '../../../lib/firebase/listen-key';
import type { GallerySort } from '../../../lib/firebase/showcases';
import { showcasesQuery } from '../../../lib/firebase/showcases';
import type { SnapshotState } from '../../../lib/firebase/use-snapshot';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { galleryInit, galleryLimit, galleryReduce } from '../gallery-machine';
import type { GalleryWindow } from '../gallery-window';
import { galleryLoadingMore, galleryWindow } from '../gallery-window';
import { searchResultFilter } from '../../../lib/showcases/gallery-search';
import type { GalleryPlace } from '../gallery-places';
import { galleryPlaces } from '../gallery-places';
import { useGalleryScroll } from './use-gallery-scroll';
import { paintedShowcases } from '../../../lib/first-paint-hand-over';
import type { Initial } from '../../../lib/firebase/use-snapshot';

/** The first paint's showcases for `address` (null: not a gallery the first paint draws). */
function initialFromFirstPaint(address: string | null): Initial<Showcase[]> {
  const showcases = address === null ? null : paintedShowcases(address);
  return showcases === null ? null : { data: [...showcases] };
}

export type Gallery = {
  snapshot: SnapshotState<Showcase[]>;
  window: GalleryWindow<Showcase>;
  /** Load more was asked and the larger result is not in yet. */
  loadingMore: boolean;
  loadMore(): void;
  /** Show the showcases held behind the "N new showcases" button. */
  showNew(): void;
  retry(): void;
  /**
   * Where the reader was when this history entry showed the gallery before (Back, Forward);
   * null on a new visit.
   */
  returningTo: GalleryPlace | null;
};

export type GalleryFilter = {
  sort: GallerySort;
  tag: string | null;
  /** A search: its longest word goes to the server, the other words and the tag are checked here. */
  search: SearchPlan | null;
};

/**
 * The gallery's live query with a growing limit (Load more) and new-item holding. Everything is
 * reset when the sort, the tag or the search changes; pages loaded are remembered per history
 * entry, so Back re-creates the same window with one listener.
 *
 * A search shows new matches at once rather than holding them: its results are few, and the
 * searcher asked for exactly these. Its client-side checks may leave a page short while the
 * server has more, so it reads ahead a few pages by itself (`pagesToRead`).
 */
export function useGallery({ sort, tag, search }: GalleryFilter, ownUid: string | null): Gallery {
  const connection = useConnectionStatus();
  const location = useLocation();
  const entryKey = location.key;
  const [attempt, setAttempt] = useState(0);
  // What the first paint drew here: the same query's first step, shown until the answer (read
  // once: only the listener's first render takes it).
  const [initial] = useState(() =>
    initialFromFirstPaint(search === null ? location.pathname + location.search : null),
  );
  const searchWords = search === null ? null : [search.term, ...search.otherWords];
  const placeFamily = canonicalKey({ sort, tag, search: searchWords });
  // The gallery's state (pages loaded, what the reader has seen) belongs to one sort, tag and
  // search, in one history entry.
  const family = canonicalKey({ sort, tag, search: searchWords, attempt, entryKey });
  const place = () => galleryPlaces.get(entryKey);
  const [stored, setStored] = useState(() => galleryInit(entryKey, placeFamily, family, place()));
  // This render's state: the stored one moved on by what the render brings (the entry and
  // family shown, the query's answer). Pure, so the render can use it at once; the effect
  // below keeps it.
  const shownState = galleryReduce(stored, {
    type: 'shown',
    entryKey,
    placeFamily,
    family,
    place,
  });
  const { pages, returningTo } = shownState;
  const limit = galleryLimit(shownState, search !== null);
  const snapshot = useQuerySnapshot(
    showcasesQuery,
    [search === null ? { sort, tag, limit } : { sort, tag: null, searchTerm: search.term, limit }],
    {
      family,
      attempt,
      reuse: sameShowcase,
      initial,
    },
  );
  const answer = snapshot.data;
  const live = useMemo(
    () =>
      search === null || !answer ? (answer ?? []) : answer.filter(searchResultFilter(search, tag)),
    [answer, search, tag],
  );
  const state =
    snapshot.status === 'success'
      ? galleryReduce(shownState, {
          type: 'answered',
          searching: search !== null,
          fromCache: snapshot.fromCache,
          stale: snapshot.stale,
          serverCount: answer?.length ?? 0,
          live,
        })
      : shownState;
  // Kept unless a Load more or Show new (computed from this render's state) came first.
  useEffect(() => setStored((current) => (current === stored ? state : current)), [stored, state]);

  const window = galleryWindow(live, state.acknowledgement, ownUid, pages, {
    moreOnServer: (answer?.length ?? 0) >= limit,
  });
  const loadingMore = galleryLoadingMore({
    pages,
    limit,
    answered: answer?.length ?? 0,
    stale: snapshot.stale,
    fromCache: snapshot.fromCache,
    searching: search !== null,
    offline: connection === 'offline',
  });

  const shown = snapshot.status === 'success' ? window.visible.length : null;
  useEffect(() => {
    galleryPlaces.update(entryKey, placeFamily, shown === null ? { pages } : { pages, shown });
  }, [entryKey, placeFamily, pages, shown]);
  // Back to where the reader was once as many cards are in as they left (or the server has
  // answered with fewer: some were deleted meanwhile).
  const refilled =
    returningTo !== null &&
    snapshot.status === 'success' &&
    !snapshot.stale &&
    (window.visible.length >= returningTo.shown || !snapshot.fromCache || connection === 'offline');
  useGalleryScroll(entryKey, placeFamily, returningTo, refilled);

  return {
    snapshot,
    window,
    loadingMore,
    loadMore: () => setStored(galleryReduce(state, { type: 'load-more' })),
    showNew: () => setStored(galleryReduce(state, { type: 'show-new', live })),
    retry: () => setAttempt((value) => value + 1),
    returningTo,
  };
}
