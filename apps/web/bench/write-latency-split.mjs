// Where one like's time goes, from the time stamps the write-latency bench collects: browser A's
// click, the IndexedDB transactions A's SDK runs before it sends, its Write request leaving the
// page, the emulator's receipt, its fan-out to browser B's Listen session and the chunk written
// to B's backchannel, B's page seeing that chunk, the IndexedDB transactions B's SDK runs before
// it calls back, B's snapshot callback, React's commit and the DOM mutation. Every time is an
// epoch in ms on one clock (the bench moves the pages' times onto the emulator's); pure, so it is
// unit-tested.
import { median, quantile } from '../../../packages/emulator/bench/lib/stats.mjs';

/** The segments of one write, in order; each runs from the previous boundary to its own. */
export const SEGMENTS = [
  { key: 'aStoring', label: "A: click → first IndexedDB transaction (app, SDK's JavaScript)" },
  { key: 'aStored', label: "A: the SDK's IndexedDB transactions before the send" },
  { key: 'sent', label: 'A: last transaction done → Write request sent (SDK)' },
  { key: 'received', label: 'loopback: A → emulator (request head parsed)' },
  { key: 'fannedOut', label: "emulator: body read, commit, change queued on B's Listen" },
  { key: 'written', label: "emulator: change written to B's backchannel" },
  { key: 'arrived', label: "loopback: emulator → B's page (chunk seen)" },
  { key: 'bStoring', label: "B's SDK: chunk → first IndexedDB transaction" },
  { key: 'bStored', label: "B's SDK: its IndexedDB transactions before the callback" },
  { key: 'snapshot', label: "B's SDK: last transaction done → snapshot callback" },
  { key: 'rendered', label: "B's React: snapshot callback → commit" },
  { key: 'mutated', label: 'B: React commit → DOM mutation observed' },
];

const firstAtOrAfter = (times, after) => {
  let best;
  for (const time of times) if (time >= after && (best === undefined || time < best)) best = time;
  return best;
};

/**
 * The IndexedDB transactions of `transactions` (`{ start, end }`, `end` undefined while open)
 * that ran between `from` and `to`: the first one's start, the last completion, and how many.
 */
function storageSpan(transactions, from, to) {
  const within = transactions.filter(
    (tx) => tx.start >= from && tx.end !== undefined && tx.end <= to,
  );
  if (within.length === 0) return undefined;
  return {
    start: Math.min(...within.map((tx) => tx.start)),
    end: Math.max(...within.map((tx) => tx.end)),
    count: within.length,
  };
}

/**
 * The boundaries of one write, or `{ missing }` naming the first one not found.
 * `trace`: `clickAt` and `mutationAt` (numbers); `aSends`, `bChunks`, `bSnapshots`, `bCommits`
 * (arrays of times); `aTransactions` and `bTransactions` (each page's IndexedDB transactions,
 * `{ start, end }`); `emulator` (the emulator's WebChannel events); `aWriteSession` and
 * `bListenSession` (the WebChannel session ids of A's Write and B's Listen channels).
 * With the segments come the number of transactions each side ran on the way.
 */
export function splitWrite(trace) {
  const { clickAt, mutationAt, emulator } = trace;
  const at = { click: clickAt };
  at.sent = firstAtOrAfter(trace.aSends, clickAt);
  if (at.sent === undefined) return { missing: 'sent' };
  const aStorage = storageSpan(trace.aTransactions, clickAt, at.sent);
  if (aStorage === undefined) return { missing: 'aStored' };
  at.aStoring = aStorage.start;
  at.aStored = aStorage.end;
  // Both sides of a loopback hop are on different clocks aligned to within a fraction of a ms;
  // the emulator's receipt is looked for from the click on, not from the page's send.
  at.received = firstAtOrAfter(
    emulator
      .filter(
        (event) =>
          event.type === 'forward' && event.sessionId === trace.aWriteSession && event.messages > 0,
      )
      .map((event) => event.receivedAt),
    clickAt,
  );
  if (at.received === undefined) return { missing: 'received' };
  const onB = (type) =>
    emulator
      .filter((event) => event.type === type && event.sessionId === trace.bListenSession)
      .map((event) => event.at);
  at.fannedOut = firstAtOrAfter(onB('queued'), at.received);
  if (at.fannedOut === undefined) return { missing: 'fannedOut' };
  at.written = firstAtOrAfter(onB('written'), at.fannedOut);
  if (at.written === undefined) return { missing: 'written' };
  at.arrived = firstAtOrAfter(trace.bChunks, at.fannedOut);
  if (at.arrived === undefined) return { missing: 'arrived' };
  at.snapshot = firstAtOrAfter(trace.bSnapshots, at.arrived);
  if (at.snapshot === undefined || at.snapshot > mutationAt) return { missing: 'snapshot' };
  const bStorage = storageSpan(trace.bTransactions, at.arrived, at.snapshot);
  if (bStorage === undefined) return { missing: 'bStored' };
  at.bStoring = bStorage.start;
  at.bStored = bStorage.end;
  // The commit that changed the count is the last one before the observer saw the change.
  const commits = trace.bCommits.filter((time) => time >= at.snapshot && time <= mutationAt);
  if (commits.length === 0) return { missing: 'rendered' };
  at.rendered = Math.max(...commits);
  at.mutated = mutationAt;
  const segments = {};
  let previous = at.click;
  for (const { key } of SEGMENTS) {
    segments[key] = at[key] - previous;
    previous = at[key];
  }
  return {
    total: mutationAt - clickAt,
    segments,
    transactions: { a: aStorage.count, b: bStorage.count },
  };
}

/**
 * p50 and p95 of the totals, the p50 of each segment and of each side's transaction count over
 * the writes that could be split. Segment medians need not add up to the total's median;
 * `segmentSum` says what they add up to.
 */
export function summarize(totals, splits) {
  const complete = splits.filter((split) => split.segments !== undefined);
  const segments = SEGMENTS.map(({ key, label }) => ({
    key,
    label,
    p50: median(complete.map((split) => split.segments[key])),
  }));
  const missing = {};
  for (const split of splits) {
    if (split.missing !== undefined) missing[split.missing] = (missing[split.missing] ?? 0) + 1;
  }
  return {
    p50: median(totals),
    p95: quantile(totals, 0.95),
    segments,
    segmentSum: segments.reduce((sum, segment) => sum + segment.p50, 0),
    transactions: {
      a: median(complete.map((split) => split.transactions.a)),
      b: median(complete.map((split) => split.transactions.b)),
    },
    split: complete.length,
    missing,
  };
}

/**
 * Offset of a page's clock from ours, NTP-style: of several (ourBefore, page, ourAfter) readings
 * the one with the shortest round trip, whose midpoint is the best estimate; the error is at
 * most half that round trip. Subtract `offset` from a page time to put it on our clock.
 */
export function clockOffset(readings) {
  let best;
  for (const { before, page, after } of readings) {
    const roundTrip = after - before;
    if (best === undefined || roundTrip < best.roundTrip) {
      best = { roundTrip, offset: page - (before + after) / 2 };
    }
  }
  if (best === undefined) throw new Error('clockOffset needs at least one reading');
  return { offset: best.offset, error: best.roundTrip / 2 };
}
