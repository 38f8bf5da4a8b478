/**
 * The gallery's own state as a pure reducer: which history entry and query family it shows,
 * where the reader was when Back or Forward returns to that entry, the pages loaded, a search's
 * extra pages read (its top-up) and what the reader has seen (new showcases wait behind a
 * button). `use-gallery.ts` is the thin hook that feeds it the screen's inputs and the live
 * query's answers. No clock: nothing here depends on time.
 *
 * Every event returns the same state object when nothing changes, so the hook can apply the
 * render's events and store the result only when it differs.
 */
import type { GalleryAcknowledgement, GalleryItem, LookAhead } from './gallery-window';
import {
  acknowledgeAll,
  acknowledgeFirstResult,
  galleryQueryLimit,
  noAcknowledgement,
  pagesToRead,
} from './gallery-window';
import type { GalleryPlace } from './gallery-places';

export type GalleryState = {
  /** The history entry shown (React Router's `location.key`). */
  entryKey: string;
  /** The sort, tag and search the entry's place is kept under. */
  placeFamily: string;
  /** The place + attempt + entry: pages, top-up and what was seen belong to one family. */
  family: string;
  /** Where the reader was when this entry showed the gallery before; null on a new visit. */
  returningTo: GalleryPlace | null;
  /** Pages shown (Load more adds one). */
  pages: number;
  /** Pages of server results read for a search whose checks on the device left a page short. */
  topUp: number;
  /**
   * One showcase past the pages until the server has answered, then a page: the first answer,
   * which the screen waits for, carries half the documents (a slow network's first visit).
   */
  lookAhead: LookAhead;
  acknowledgement: GalleryAcknowledgement;
};

export type GalleryEvent =
  /**
   * The screen shows `family` of `placeFamily` in `entryKey`; `place` is what the places
   * record holds for that entry, read only when the entry or the place family is new.
   */
  | {
      type: 'shown';
      entryKey: string;
      placeFamily: string;
      family: string;
      place: () => GalleryPlace | undefined;
    }
  /** The live query answered. */
  | {
      type: 'answered';
      /** A search: its short pages are topped up; its new matches show at once. */
      searching: boolean;
      fromCache: boolean;
      /** The answer is the previous, smaller query's while the larger one loads. */
      stale: boolean;
      /** Documents the server sent, before the checks made on the device. */
      serverCount: number;
      /** What passed those checks. */
      live: readonly GalleryItem[];
    }
  | { type: 'load-more' }
  /** Show the showcases held behind the "N new showcases" button. */
  | { type: 'show-new'; live: readonly GalleryItem[] };

function arrive(
  entryKey: string,
  placeFamily: string,
  family: string,
  place: GalleryPlace | undefined,
): GalleryState {
  const returningTo = place?.family === placeFamily ? place : null;
  return fresh({ entryKey, placeFamily, returningTo }, family);
}

/** A family's state starts afresh: the pages the place had (or one), nothing seen yet. */
function fresh(
  arrival: Pick<GalleryState, 'entryKey' | 'placeFamily' | 'returningTo'>,
  family: string,
): GalleryState {
  return {
    ...arrival,
    family,
    pages: arrival.returningTo?.pages ?? 1,
    topUp: 1,
    lookAhead: 'one',
    acknowledgement: noAcknowledgement,
  };
}

export function galleryInit(
  entryKey: string,
  placeFamily: string,
  family: string,
  place: GalleryPlace | undefined,
): GalleryState {
  return arrive(entryKey, placeFamily, family, place);
}

/** Pages of server results the query reads: the pages shown, or more for a search's top-up. */
export function galleryPagesRead(state: GalleryState): number {
  return Math.max(state.pages, state.topUp);
}

/**
 * The live query's limit. A search reads whole pages from the start: its top-up counts what the
 * server sent against them.
 */
export function galleryLimit(state: GalleryState, searching: boolean): number {
  return galleryQueryLimit(galleryPagesRead(state), searching ? 'page' : state.lookAhead);
}

export function galleryReduce(state: GalleryState, event: GalleryEvent): GalleryState {
  switch (event.type) {
    case 'shown': {
      // Arriving at an entry (a new visit, or Back/Forward to one seen before) looks up its place.
      if (event.entryKey !== state.entryKey || event.placeFamily !== state.placeFamily) {
        return arrive(event.entryKey, event.placeFamily, event.family, event.place());
      }
      return event.family === state.family ? state : fresh(state, event.family);
    }
    case 'answered': {
      if (event.searching) {
        if (event.stale) return state;
        const read = galleryPagesRead(state);
        const next = pagesToRead({
          pages: state.pages,
          read,
          serverCount: event.serverCount,
          matchCount: event.live.length,
        });
        return next === read ? state : { ...state, topUp: next };
      }
      // The first result the server vouches for sets what the reader has seen; showcases others
      // publish after it wait behind the button, and the query reads a page ahead from then on.
      // (A cached first result may be stale: not yet.)
      if (event.fromCache) return state;
      const acknowledgement = acknowledgeFirstResult(event.live, state.acknowledgement);
      return acknowledgement === state.acknowledgement && state.lookAhead === 'page'
        ? state
        : { ...state, acknowledgement, lookAhead: 'page' };
    }
    case 'load-more':
      return { ...state, pages: state.pages + 1 };
    case 'show-new':
      return {
        ...state,
        acknowledgement: acknowledgeAll(event.live, state.acknowledgement),
      };
  }
}
