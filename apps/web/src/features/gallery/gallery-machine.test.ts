import { describe, expect, it } from 'vitest';
import type { GalleryEvent, GalleryState } from './gallery-machine';
import { galleryInit, galleryLimit, galleryPagesRead, galleryReduce } from './gallery-machine';
import type { GalleryPlace } from './gallery-places';
import type { GalleryItem } from './gallery-window';
import { MAX_TOP_UP_PAGES, noAcknowledgement, PAGE_SIZE } from './gallery-window';

const item = (id: string, minute: number, ownerUid = 'other'): GalleryItem => ({
  id,
  ownerUid,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
});

const place = (family: string, pages: number): GalleryPlace => ({
  family,
  pages,
  shown: pages * PAGE_SIZE,
  scrollY: 900,
});

const shown = (
  entryKey: string,
  placeFamily: string,
  family = `${placeFamily}@${entryKey}`,
  recorded?: GalleryPlace,
): GalleryEvent => ({ type: 'shown', entryKey, placeFamily, family, place: () => recorded });

const answered = (
  live: readonly GalleryItem[],
  options: Partial<Extract<GalleryEvent, { type: 'answered' }>> = {},
): GalleryEvent => ({
  type: 'answered',
  searching: false,
  fromCache: false,
  stale: false,
  serverCount: live.length,
  live,
  ...options,
});

const run = (start: GalleryState, events: GalleryEvent[]) => events.reduce(galleryReduce, start);

describe('gallery machine', () => {
  it('starts a new visit on one page with nothing seen', () => {
    const state = galleryInit('a', 'newest', 'newest@a', undefined);
    expect(state).toMatchObject({ pages: 1, topUp: 1, returningTo: null });
    expect(state.acknowledgement).toBe(noAcknowledgement);
  });

  it("returns to an entry's place only when it was of the same family", () => {
    expect(galleryInit('a', 'newest', 'f', place('newest', 3))).toMatchObject({
      pages: 3,
      returningTo: { pages: 3 },
    });
    expect(galleryInit('a', 'newest', 'f', place('liked', 3))).toMatchObject({
      pages: 1,
      returningTo: null,
    });
  });

  it('keeps the same state object while nothing changes', () => {
    const state = galleryInit('a', 'newest', 'newest@a', undefined);
    expect(galleryReduce(state, shown('a', 'newest'))).toBe(state);
    const seen = galleryReduce(state, answered([item('x', 1)]));
    expect(galleryReduce(seen, answered([item('x', 1), item('y', 2)]))).toBe(seen);
  });

  it('looks the place up only when the entry or the place family changes', () => {
    const state = galleryInit('a', 'newest', 'newest@a', undefined);
    let reads = 0;
    const counting = (entryKey: string, placeFamily: string): GalleryEvent => ({
      ...(shown(entryKey, placeFamily) as Extract<GalleryEvent, { type: 'shown' }>),
      place: () => {
        reads += 1;
        return place(placeFamily, 2);
      },
    });
    galleryReduce(state, counting('a', 'newest'));
    expect(reads).toBe(0);
    expect(galleryReduce(state, counting('b', 'newest')).returningTo).toMatchObject({ pages: 2 });
    expect(galleryReduce(state, counting('a', 'liked')).pages).toBe(2);
    expect(reads).toBe(2);
  });

  it('starts the family afresh on retry but keeps the place it returned to', () => {
    const back = galleryInit('a', 'newest', 'newest@a#0', place('newest', 2));
    const state = run(back, [{ type: 'load-more' }, answered([item('x', 1)])]);
    expect(state.pages).toBe(3);
    const retried = galleryReduce(state, shown('a', 'newest', 'newest@a#1'));
    expect(retried).toMatchObject({ pages: 2, topUp: 1, returningTo: { pages: 2 } });
    expect(retried.acknowledgement).toBe(noAcknowledgement);
  });

  it('Load more adds a page, and the query reads at least the pages shown', () => {
    const state = run(galleryInit('a', 'newest', 'f', undefined), [
      { type: 'load-more' },
      { type: 'load-more' },
    ]);
    expect(state.pages).toBe(3);
    expect(galleryPagesRead(state)).toBe(3);
  });

  it("sets what was seen from the server's first result, not the cache's", () => {
    const start = galleryInit('a', 'newest', 'f', undefined);
    expect(galleryReduce(start, answered([item('x', 1)], { fromCache: true }))).toBe(start);
    const seen = galleryReduce(start, answered([item('x', 1)], { stale: true }));
    expect(seen.acknowledgement.cutoff).toBe(item('x', 1).createdAt?.getTime());
    // Later answers leave it; the button shows the newer ones.
    const later = galleryReduce(seen, answered([item('y', 5), item('x', 1)]));
    expect(later.acknowledgement).toBe(seen.acknowledgement);
    const all = galleryReduce(later, { type: 'show-new', live: [item('y', 5), item('x', 1)] });
    expect(all.acknowledgement.cutoff).toBe(item('y', 5).createdAt?.getTime());
  });

  it('reads one showcase ahead until the server has answered, then a page ahead', () => {
    const start = galleryInit('a', 'newest', 'f', undefined);
    expect(galleryLimit(start, false)).toBe(PAGE_SIZE + 1);
    const cached = galleryReduce(start, answered([item('x', 1)], { fromCache: true }));
    expect(galleryLimit(cached, false)).toBe(PAGE_SIZE + 1);
    const answeredOnce = galleryReduce(cached, answered([item('x', 1)]));
    expect(galleryLimit(answeredOnce, false)).toBe(2 * PAGE_SIZE);
    expect(galleryLimit(galleryReduce(answeredOnce, { type: 'load-more' }), false)).toBe(
      3 * PAGE_SIZE,
    );
    // A new family (another sort, a retry) starts short again; a search reads whole pages.
    expect(galleryLimit(galleryReduce(answeredOnce, shown('a', 'newest', 'g')), false)).toBe(
      PAGE_SIZE + 1,
    );
    expect(galleryLimit(galleryInit('a', 'q=lan', 'f', undefined), true)).toBe(2 * PAGE_SIZE);
  });

  it('tops up a short search page while the server has more, within the bound', () => {
    const full = Array.from({ length: PAGE_SIZE * 2 }, (_, index) => item(`s${index}`, index));
    let state = galleryInit('a', 'q=lan', 'f', undefined);
    const short = (serverCount: number) =>
      answered(full.slice(0, 3), { searching: true, serverCount });
    for (let step = 1; step <= MAX_TOP_UP_PAGES + 2; step += 1) {
      state = galleryReduce(state, short(galleryPagesRead(state) * PAGE_SIZE + PAGE_SIZE));
    }
    expect(galleryPagesRead(state)).toBe(1 + MAX_TOP_UP_PAGES);
    // A search's new matches are not held: the acknowledgement is left alone.
    expect(state.acknowledgement).toBe(noAcknowledgement);
  });

  it("ignores a search's stale answer and stops when the server has no more", () => {
    const start = galleryInit('a', 'q=lan', 'f', undefined);
    const few = [item('x', 1)];
    expect(
      galleryReduce(start, answered(few, { searching: true, stale: true, serverCount: 99 })),
    ).toBe(start);
    expect(galleryReduce(start, answered(few, { searching: true, serverCount: 3 }))).toBe(start);
  });
});
