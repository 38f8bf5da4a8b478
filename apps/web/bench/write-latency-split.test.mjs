import { describe, expect, it } from 'vitest';
import { clockOffset, SEGMENTS, splitWrite, summarize } from './write-latency-split.mjs';

const A_WRITE = 'write-a';
const B_LISTEN = 'listen-b';
const A_LISTEN = 'listen-a';

/** One like: every boundary present, with decoys before the click and on A's own Listen. */
function trace(overrides = {}) {
  return {
    clickAt: 1000,
    mutationAt: 1030,
    aSends: [990, 1012],
    // Before the click (a previous write's), three on the way, one still running at the send.
    aTransactions: [
      { start: 995, end: 999 },
      { start: 1001, end: 1005 },
      { start: 1005.5, end: 1009 },
      { start: 1009.2, end: 1010 },
      { start: 1011, end: 1020 },
    ],
    emulator: [
      { type: 'forward', kind: 'Write', sessionId: A_WRITE, receivedAt: 995, messages: 1 },
      { type: 'forward', kind: 'Write', sessionId: A_WRITE, receivedAt: 1013, messages: 0 },
      { type: 'forward', kind: 'Write', sessionId: A_WRITE, receivedAt: 1014, messages: 1 },
      { type: 'queued', kind: 'Listen', sessionId: A_LISTEN, arrayId: 7, at: 1015 },
      { type: 'queued', kind: 'Listen', sessionId: B_LISTEN, arrayId: 9, at: 1016 },
      { type: 'queued', kind: 'Listen', sessionId: B_LISTEN, arrayId: 10, at: 1016.1 },
      { type: 'written', kind: 'Listen', sessionId: A_LISTEN, lastArrayId: 7, at: 1016.2 },
      { type: 'written', kind: 'Listen', sessionId: B_LISTEN, lastArrayId: 10, at: 1016.5 },
    ],
    bChunks: [980, 1018],
    // Two before the callback, and the one the SDK starts next and finishes after it.
    bTransactions: [
      { start: 1019, end: 1020 },
      { start: 1020.5, end: 1024 },
      { start: 1024.5, end: undefined },
    ],
    bSnapshots: [1025],
    bCommits: [1001, 1027, 1029, 1031],
    aWriteSession: A_WRITE,
    bListenSession: B_LISTEN,
    ...overrides,
  };
}

describe('splitWrite', () => {
  it('finds each boundary after the previous one and on the right session', () => {
    const { total, segments, transactions } = splitWrite(trace());
    expect(total).toBe(30);
    expect(transactions).toEqual({ a: 3, b: 2 });
    expect(segments).toEqual({
      aStoring: 1,
      aStored: 9,
      sent: 2,
      received: 2,
      fannedOut: 2,
      written: 0.5,
      arrived: 1.5,
      bStoring: 1,
      bStored: 5,
      snapshot: 1,
      // The last commit before the mutation, not the first after the snapshot.
      rendered: 4,
      mutated: 1,
    });
    const sum = Object.values(segments).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(total, 9);
    expect(Object.keys(segments)).toEqual(SEGMENTS.map(({ key }) => key));
  });

  it('names the first boundary it cannot find', () => {
    expect(splitWrite(trace({ aSends: [990] }))).toEqual({ missing: 'sent' });
    // A transaction that has not completed by the send does not count as done before it.
    expect(splitWrite(trace({ aTransactions: [{ start: 1001, end: undefined }] }))).toEqual({
      missing: 'aStored',
    });
    expect(splitWrite(trace({ aWriteSession: 'other' }))).toEqual({ missing: 'received' });
    expect(
      splitWrite(trace({ bListenSession: A_LISTEN, emulator: trace().emulator.slice(0, 3) })),
    ).toEqual({ missing: 'fannedOut' });
    expect(splitWrite(trace({ bChunks: [980] }))).toEqual({ missing: 'arrived' });
    // A snapshot after the mutation cannot be the one that caused it.
    expect(splitWrite(trace({ bSnapshots: [1031] }))).toEqual({ missing: 'snapshot' });
    expect(splitWrite(trace({ bTransactions: [{ start: 1010, end: 1020 }] }))).toEqual({
      missing: 'bStored',
    });
    expect(splitWrite(trace({ bCommits: [1001, 1031] }))).toEqual({ missing: 'rendered' });
  });
});

describe('summarize', () => {
  it('gives total percentiles, segment medians and what could not be split', () => {
    // Without the transaction still running at 1012: it would end before the later sends.
    const aTransactions = trace().aTransactions.slice(0, 4);
    const splits = [10, 20, 30].map((sent) =>
      splitWrite(trace({ aSends: [1000 + sent], aTransactions, mutationAt: 1030 + sent })),
    );
    splits.push({ missing: 'arrived' });
    const summary = summarize([40, 50, 60, 70], splits);
    expect(summary.p50).toBe(50);
    expect(summary.p95).toBe(70);
    expect(summary.split).toBe(3);
    expect(summary.missing).toEqual({ arrived: 1 });
    // From the last transaction (done at 1010) to sends at 1010, 1020 and 1030.
    expect(summary.segments.find(({ key }) => key === 'sent').p50).toBe(10);
    expect(summary.transactions).toEqual({ a: 3, b: 2 });
    expect(summary.segmentSum).toBeCloseTo(
      summary.segments.reduce((sum, { p50 }) => sum + p50, 0),
      9,
    );
  });

  it('leaves the segments unmeasured when no write could be split', () => {
    const summary = summarize([40], [{ missing: 'sent' }]);
    expect(summary.split).toBe(0);
    expect(summary.missing).toEqual({ sent: 1 });
    for (const segment of summary.segments) expect(segment.p50).toBeNaN();
    expect(summary.segmentSum).toBeNaN();
  });
});

describe('clockOffset', () => {
  it('takes the midpoint of the quickest round trip, with half of it as the error', () => {
    const result = clockOffset([
      { before: 0, page: 105, after: 10 },
      { before: 20, page: 121.5, after: 22 },
      { before: 30, page: 140, after: 36 },
    ]);
    expect(result.offset).toBeCloseTo(100.5, 9);
    expect(result.error).toBe(1);
  });

  it('refuses no readings', () => {
    expect(() => clockOffset([])).toThrow(/at least one/);
  });
});
