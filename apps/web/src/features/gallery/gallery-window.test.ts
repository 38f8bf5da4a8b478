import { describe, expect, it } from 'vitest';
import {
  acknowledgeAll,
  acknowledgeFirstResult,
  galleryLoadingMore,
  galleryQueryLimit,
  galleryWindow,
  MAX_TOP_UP_PAGES,
  newShowcasesLabel,
  noAcknowledgement,
  pagesToRead,
} from './gallery-window';

type Item = { id: string; ownerUid: string; createdAt: Date | null };
const item = (id: string, minute: number | null, ownerUid = 'other'): Item => ({
  id,
  ownerUid,
  createdAt: minute === null ? null : new Date(Date.UTC(2025, 0, 1, 0, minute)),
});
/** Newest first, as the gallery query sorts. */
const items = (count: number, from = 1000) =>
  Array.from({ length: count }, (_, index) => item(`s${from - index}`, from - index));
const ids = (list: readonly Item[]) => list.map((entry) => entry.id);

describe('galleryQueryLimit', () => {
  it('asks for one page more than is shown', () => {
    expect(galleryQueryLimit(1)).toBe(48);
    expect(galleryQueryLimit(3)).toBe(96);
    expect(galleryQueryLimit(0)).toBe(48);
    expect(galleryQueryLimit(2, 'page', 5)).toBe(15);
  });

  it('asks for one showcase more with the short look-ahead', () => {
    expect(galleryQueryLimit(1, 'one')).toBe(25);
    expect(galleryQueryLimit(3, 'one')).toBe(73);
    expect(galleryQueryLimit(2, 'one', 5)).toBe(11);
  });
});

describe('galleryLoadingMore', () => {
  const shownFirst = {
    pages: 1,
    limit: 48,
    answered: 25,
    stale: true,
    fromCache: false,
    searching: false,
    offline: false,
  };

  it('is not loading while the look-ahead grows after the first answer', () => {
    expect(galleryLoadingMore(shownFirst)).toBe(false);
  });

  it('is loading while a page asked for by Load more is on its way', () => {
    expect(galleryLoadingMore({ ...shownFirst, pages: 2, limit: 72, answered: 48 })).toBe(true);
    expect(
      galleryLoadingMore({ ...shownFirst, pages: 2, limit: 72, stale: false, fromCache: true }),
    ).toBe(true);
    expect(
      galleryLoadingMore({
        ...shownFirst,
        pages: 2,
        limit: 72,
        stale: false,
        fromCache: true,
        offline: true,
      }),
    ).toBe(false);
  });

  it("is loading while a search's stale answer is replaced, however long it is", () => {
    expect(galleryLoadingMore({ ...shownFirst, searching: true })).toBe(true);
  });

  it('is not loading once the answer is current', () => {
    expect(galleryLoadingMore({ ...shownFirst, stale: false, answered: 48 })).toBe(false);
  });
});

describe('galleryWindow pagination', () => {
  it('shows one page and says more exist when the look-ahead has items', () => {
    const live = items(30);
    const window = galleryWindow(live, acknowledgeAll(live, noAcknowledgement), null, 1);
    expect(window.visible).toHaveLength(24);
    expect(window.visible[0]?.id).toBe('s1000');
    expect(window.hasMore).toBe(true);
  });

  it('shows everything and no Load more when it all fits', () => {
    const live = items(24);
    const window = galleryWindow(live, acknowledgeAll(live, noAcknowledgement), null, 1);
    expect(window.visible).toHaveLength(24);
    expect(window.hasMore).toBe(false);
  });

  it('grows by a page per Load more', () => {
    const live = items(60);
    const ack = acknowledgeAll(live, noAcknowledgement);
    expect(galleryWindow(live, ack, null, 2).visible).toHaveLength(48);
    expect(galleryWindow(live, ack, null, 3).visible).toHaveLength(60);
    expect(galleryWindow(live, ack, null, 3).hasMore).toBe(false);
  });

  it('reports more when the live result filled the whole limit even if items are held', () => {
    const live = items(48);
    const window = galleryWindow(live, { cutoff: 0, ids: new Set() }, null, 1);
    expect(window.visible).toHaveLength(0);
    expect(window.held).toHaveLength(48);
    expect(window.hasMore).toBe(true);
  });

  it('shows older items revealed by Load more directly', () => {
    const first = items(48);
    const ack = acknowledgeFirstResult(first, noAcknowledgement);
    const grown = items(72);
    const window = galleryWindow(grown, ack, null, 2);
    expect(window.held).toEqual([]);
    expect(ids(window.visible)).toEqual(ids(grown.slice(0, 48)));
  });
});

describe('galleryWindow new items', () => {
  const reading = items(5);
  const ack = acknowledgeFirstResult(reading, noAcknowledgement);

  it('holds back showcases others publish while you read, without moving the grid', () => {
    const live = [item('new2', 2000), item('new1', 1999), ...reading];
    const window = galleryWindow(live, ack, 'me', 1);
    expect(ids(window.held)).toEqual(['new2', 'new1']);
    expect(ids(window.visible)).toEqual(ids(reading));
  });

  it('shows your own new showcases at once', () => {
    const live = [item('mine', 2000, 'me'), ...reading];
    expect(ids(galleryWindow(live, ack, 'me', 1).visible)).toEqual(['mine', ...ids(reading)]);
  });

  it('shows the held items once acknowledged', () => {
    const live = [item('new1', 2000), ...reading];
    const after = acknowledgeAll(live, ack);
    const window = galleryWindow(live, after, 'me', 1);
    expect(window.held).toEqual([]);
    expect(ids(window.visible)).toEqual(['new1', ...ids(reading)]);
  });

  it('does not hold items without a creation time', () => {
    const live = [item('odd', null), ...reading];
    expect(galleryWindow(live, ack, 'me', 1).held).toEqual([]);
  });

  it('holds nothing before the first non-empty result, then sets the cutoff from it', () => {
    expect(acknowledgeFirstResult([], noAcknowledgement)).toBe(noAcknowledgement);
    const first = [item('only', 10)];
    expect(galleryWindow(first, noAcknowledgement, 'me', 1).visible).toEqual(first);
    const ackFirst = acknowledgeFirstResult(first, noAcknowledgement);
    expect(ackFirst.cutoff).toBe(first[0]!.createdAt!.getTime());
    // Later results leave it alone.
    expect(acknowledgeFirstResult([item('later', 20), ...first], ackFirst)).toBe(ackFirst);
  });

  it('keeps an item seen before even if its time moves past the cutoff (estimate settles)', () => {
    const seen = [item('a', 100)];
    const ackSeen = acknowledgeAll(seen, noAcknowledgement);
    const settled = [item('a', 101)];
    expect(galleryWindow(settled, ackSeen, 'me', 1).held).toEqual([]);
  });
});

describe('newShowcasesLabel', () => {
  it('counts in words', () => {
    expect(newShowcasesLabel(1)).toBe('1 new showcase');
    expect(newShowcasesLabel(3)).toBe('3 new showcases');
  });
});

describe('galleryWindow with client-side checks', () => {
  it('says more exist when the unfiltered answer was full, even with a short page', () => {
    const matches = items(5);
    const ack = acknowledgeAll(matches, noAcknowledgement);
    expect(galleryWindow(matches, ack, null, 1, { moreOnServer: true })).toMatchObject({
      hasMore: true,
    });
    expect(galleryWindow(matches, ack, null, 1, { moreOnServer: false }).hasMore).toBe(false);
  });

  it('still offers the look-ahead it already has when the server has no more', () => {
    const matches = items(30);
    const window = galleryWindow(matches, noAcknowledgement, null, 1, { moreOnServer: false });
    expect(window.visible).toHaveLength(24);
    expect(window.hasMore).toBe(true);
  });
});

describe('pagesToRead (a search topping up short pages)', () => {
  it('reads one more page while the shown page is short and the server answer was full', () => {
    // One page shown, the limit reads 2 pages (48): all came back, only 10 matched.
    expect(pagesToRead({ pages: 1, read: 1, serverCount: 48, matchCount: 10 })).toBe(2);
    expect(pagesToRead({ pages: 1, read: 2, serverCount: 72, matchCount: 20 })).toBe(3);
  });

  it('stops once the shown pages are full', () => {
    expect(pagesToRead({ pages: 1, read: 2, serverCount: 72, matchCount: 24 })).toBe(2);
    expect(pagesToRead({ pages: 2, read: 2, serverCount: 72, matchCount: 60 })).toBe(2);
  });

  it('stops when the server has nothing more', () => {
    expect(pagesToRead({ pages: 1, read: 1, serverCount: 47, matchCount: 3 })).toBe(1);
    expect(pagesToRead({ pages: 1, read: 3, serverCount: 90, matchCount: 3 })).toBe(3);
  });

  it('waits for the answer to the current limit before reading on', () => {
    // The listener still shows the 48 of the smaller limit: not full against 72.
    expect(pagesToRead({ pages: 1, read: 2, serverCount: 48, matchCount: 3 })).toBe(2);
  });

  it('reads at most MAX_TOP_UP_PAGES beyond the pages shown, and Load more allows as many again', () => {
    let read = 1;
    for (let step = 0; step < 10; step += 1) {
      read = pagesToRead({ pages: 1, read, serverCount: (read + 1) * 24, matchCount: 0 });
    }
    expect(read).toBe(1 + MAX_TOP_UP_PAGES);
    const afterLoadMore = pagesToRead({
      pages: 2,
      read,
      serverCount: (read + 1) * 24,
      matchCount: 0,
    });
    expect(afterLoadMore).toBe(read + 1);
    expect(
      pagesToRead({ pages: 2, read: 2 + MAX_TOP_UP_PAGES, serverCount: 999, matchCount: 0 }),
    ).toBe(2 + MAX_TOP_UP_PAGES);
  });

  it('never reads fewer pages than are shown', () => {
    expect(pagesToRead({ pages: 3, read: 1, serverCount: 0, matchCount: 0 })).toBe(3);
  });

  it('follows the page size it is given', () => {
    expect(pagesToRead({ pages: 1, read: 1, serverCount: 10, matchCount: 1 }, 5, 1)).toBe(2);
    expect(pagesToRead({ pages: 1, read: 2, serverCount: 15, matchCount: 1 }, 5, 1)).toBe(2);
  });
});
