/**
 * What the gallery shows from its live query, as pure functions: 24 per page on a growing live
 * limit with one page of look-ahead (so **Load more** knows whether there is more), and
 * showcases published by others while you read held back behind an "N new showcases" button
 * instead of pushing the grid around.
 */
export const PAGE_SIZE = 24;

/** What the window needs of a showcase. */
export type GalleryItem = { id: string; ownerUid: string; createdAt: Date | null };

/** What the reader has already been shown: newer items by others wait behind the button. */
export type GalleryAcknowledgement = {
  /** Newest `createdAt` (ms) the reader has seen; null until the first non-empty result. */
  cutoff: number | null;
  ids: ReadonlySet<string>;
};

export type GalleryWindow<T> = {
  visible: T[];
  /** Published by others after the reader's cutoff; shown when the reader asks. */
  held: T[];
  hasMore: boolean;
};

export const noAcknowledgement: GalleryAcknowledgement = { cutoff: null, ids: new Set() };

/**
 * How far the live query reads past the pages shown: one showcase, enough to know whether more
 * exist, or a whole page, so Load more shows the next one at once (and showcases held behind
 * the "N new" button do not leave the page short).
 */
export type LookAhead = 'one' | 'page';

/**
 * Whether Load more shows as loading: a larger query is on its way and what is shown is not yet
 * all it will be (a stale answer, or the cache's while the server has not answered). Not while
 * the look-ahead grows from one showcase to a page after the first answer: the answer there
 * already fills the pages shown and says whether more exist.
 */
export function galleryLoadingMore(query: {
  pages: number;
  limit: number;
  /** Documents in the answer shown (the server's, before a search's checks). */
  answered: number;
  stale: boolean;
  fromCache: boolean;
  searching: boolean;
  offline: boolean;
}): boolean {
  const growingLookAhead = !query.searching && query.answered > query.pages * PAGE_SIZE;
  return (
    (query.stale && !growingLookAhead) ||
    (query.pages > 1 && query.fromCache && !query.offline && query.answered < query.limit)
  );
}

/** The live query's limit for a number of pages and its look-ahead. */
export function galleryQueryLimit(
  pages: number,
  lookAhead: LookAhead = 'page',
  pageSize = PAGE_SIZE,
): number {
  return Math.max(1, pages) * pageSize + (lookAhead === 'page' ? pageSize : 1);
}

function newestTime(items: readonly GalleryItem[]): number | null {
  let newest: number | null = null;
  for (const item of items) {
    const time = item.createdAt?.getTime();
    if (time !== undefined && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/** Everything currently in the live result counts as seen. */
export function acknowledgeAll(
  live: readonly GalleryItem[],
  previous: GalleryAcknowledgement,
): GalleryAcknowledgement {
  const newest = newestTime(live);
  const cutoff =
    previous.cutoff === null
      ? newest
      : newest === null
        ? previous.cutoff
        : Math.max(previous.cutoff, newest);
  return { cutoff, ids: new Set([...previous.ids, ...live.map((item) => item.id)]) };
}

/**
 * The first non-empty result sets the cutoff (nothing is held before there is something to
 * read); afterwards the acknowledgement changes only when the reader asks for new items.
 */
export function acknowledgeFirstResult(
  live: readonly GalleryItem[],
  previous: GalleryAcknowledgement,
): GalleryAcknowledgement {
  return previous.cutoff === null && newestTime(live) !== null
    ? acknowledgeAll(live, previous)
    : previous;
}

export type GalleryWindowOptions = {
  pageSize?: number;
  /**
   * Whether the server has more than the live query returned. Defaults to "the query came back
   * full"; a search checks words on the client, so it passes what the unfiltered answer said.
   */
  moreOnServer?: boolean;
};

export function galleryWindow<T extends GalleryItem>(
  live: readonly T[],
  acknowledgement: GalleryAcknowledgement,
  ownUid: string | null,
  pages: number,
  { pageSize = PAGE_SIZE, moreOnServer }: GalleryWindowOptions = {},
): GalleryWindow<T> {
  const { cutoff, ids } = acknowledgement;
  const isHeld = (item: T) =>
    cutoff !== null &&
    !ids.has(item.id) &&
    item.ownerUid !== ownUid &&
    item.createdAt !== null &&
    item.createdAt.getTime() > cutoff;
  const held = live.filter(isHeld);
  const shown = live.filter((item) => !isHeld(item));
  const visible = shown.slice(0, Math.max(1, pages) * pageSize);
  const hasMore =
    shown.length > visible.length ||
    (moreOnServer ?? live.length >= galleryQueryLimit(pages, 'page', pageSize));
  return { visible, held, hasMore };
}

/**
 * Most pages of server results a search reads beyond the pages it shows, to fill them when the
 * client-side checks (other typed words, the tag) drop results. Past it, **Load more** asks on.
 */
export const MAX_TOP_UP_PAGES = 3;

export type TopUpState = {
  /** Pages the reader asked for (the first, plus one per Load more). */
  pages: number;
  /** Pages of server results the live query reads now (its limit is one page more). */
  read: number;
  /** Results the server returned for that limit. */
  serverCount: number;
  /** How many of them passed the client-side checks. */
  matchCount: number;
};

/**
 * How many pages of server results to read next: one more while the shown pages are not full,
 * the server has more (its answer filled the limit) and the bound allows; otherwise as now.
 * An answer for a smaller, earlier limit never looks full against the current one, so this
 * never runs ahead of the listener.
 */
export function pagesToRead(
  { pages, read, serverCount, matchCount }: TopUpState,
  pageSize = PAGE_SIZE,
  maxTopUp = MAX_TOP_UP_PAGES,
): number {
  const base = Math.max(pages, read);
  const moreOnServer = serverCount >= galleryQueryLimit(base, 'page', pageSize);
  const short = matchCount < pages * pageSize;
  return moreOnServer && short && base < pages + maxTopUp ? base + 1 : base;
}

/** "1 new showcase", "3 new showcases". */
export function newShowcasesLabel(count: number): string {
  return `${count} new showcase${count === 1 ? '' : 's'}`;
}
