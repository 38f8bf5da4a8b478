// Write in browser A → the count changes in browser B, for `npm run bench` (`--only latency` runs
// it alone), with where the time goes. Two browser contexts, each its own member, SDK and
// persistent cache, are on `/s/:id` of a probe showcase in the test build of the app; A clicks
// Like/Unlike, B's MutationObserver on the like count sees the change. Each write is confirmed
// (A's pending chip gone) before the next; the first few warm up and are not counted.
//
// The split: the stack runs our emulator in this process, and the bench attaches a WebChannel
// observer to it (`observeWebChannel`: request received, change queued, chunk written). In the
// pages an init script wraps fetch (A's Write request sent, B's Listen chunk seen) and
// IndexedDB's `transaction()` (when each of the SDK's transactions opened and completed),
// installs a React DevTools hook (commits) and takes the app's test-build snapshot report. Both
// sides stamp `performance.timeOrigin + performance.now()`; each page's offset from this process
// is measured NTP-style through CDP round trips and subtracted.
/* global window, document, MutationObserver, IDBDatabase -- used inside page scripts */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';
import { withBenchStack } from './bench-stack.mjs';
import { clockOffset, splitWrite, summarize } from './write-latency-split.mjs';

export const title = 'write latency (browser A → emulator → browser B)';
export const scenarios = ['latency'];
export const legend =
  "Write latency: A's click to B's DOM change on one browser clock, both members' pages on the app's persistent multi-tab cache (IndexedDB); the split puts the emulator's WebChannel events (an in-process observer) and the pages' own stamps (fetch wrapper, React DevTools hook, the test build's snapshot report) on the emulator's clock, each page's offset measured by CDP round trips.";

/** `SHOWCASE_LATENCY_TRACE=<file>`: each write's raw stamps, one JSON line per write. */
const TRACE_FILE = process.env.SHOWCASE_LATENCY_TRACE;
const SETTINGS = { full: { writes: 60, warmUp: 3 }, quick: { writes: 20, warmUp: 3 } };

const nowEpoch = () => performance.timeOrigin + performance.now();

/** Runs in every page before the app: the stamps the split needs, kept in `window.__latency`. */
function instrumentPage() {
  const stamp = () => performance.timeOrigin + performance.now();
  const trace = {
    sends: [],
    chunks: [],
    snapshots: [],
    commits: [],
    transactions: [],
    sessions: {},
  };
  window.__latency = trace;
  const sessionOf = (url) => /[?&]SID=([^&]+)/.exec(url)?.[1];
  const nativeFetch = window.fetch.bind(window);
  // The SDK's WebChannel speaks through fetch: a forward POST per batch of messages, and a
  // streaming GET (the backchannel) whose body it reads chunk by chunk.
  window.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const kind = /\/(Listen|Write)\/channel/.exec(url)?.[1];
    const session = kind && sessionOf(url);
    if (!session) return nativeFetch(input, init);
    trace.sessions[kind] = session;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method === 'POST') {
      if (kind === 'Write') trace.sends.push(stamp());
      return nativeFetch(input, init);
    }
    if (kind !== 'Listen') return nativeFetch(input, init);
    return nativeFetch(input, init).then((response) => {
      const body = response.body;
      if (!body) return response;
      const getReader = body.getReader.bind(body);
      // Stamped in the first reaction to each read, before the SDK's own.
      body.getReader = (...args) => {
        const reader = getReader(...args);
        const read = reader.read.bind(reader);
        reader.read = () =>
          read().then((result) => {
            if (!result.done) trace.chunks.push(stamp());
            return result;
          });
        return reader;
      };
      return response;
    });
  };
  // The persistent cache's work: every transaction, from its creation to its completion.
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const tx = transaction.apply(this, args);
    const entry = { start: stamp(), end: undefined };
    trace.transactions.push(entry);
    const done = () => (entry.end = stamp());
    tx.addEventListener('complete', done);
    tx.addEventListener('abort', done);
    return tx;
  };
  window.__showcaseOnSnapshot = (path) => trace.snapshots.push({ path, at: stamp() });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => trace.commits.push(stamp()),
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
    checkDCE() {},
  };
}

async function createAccount(client, displayName) {
  const email = `bench-${randomUUID().slice(0, 10)}@example.com`;
  const password = `pw-${randomUUID().slice(0, 10)}`;
  const uid = await client.signUp({ email, password, displayName });
  return { uid, email, password };
}

async function signIn(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !/\/(welcome|signin)/.test(url.pathname), { timeout: 30_000 });
}

/** The page's clock minus ours, from the quickest of 15 CDP round trips. */
async function measureOffset(page) {
  const readings = [];
  for (let i = 0; i < 15; i += 1) {
    const before = nowEpoch();
    const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now());
    readings.push({ before, page: pageTime, after: nowEpoch() });
  }
  return clockOffset(readings);
}

async function createProbeShowcase(client) {
  const showcaseId = `bench-${randomUUID().slice(0, 12)}`;
  const at = new Date();
  await client.commit([
    {
      path: `showcases/${showcaseId}`,
      data: {
        title: 'Latency probe',
        description: 'Liked and unliked by the bench.',
        url: 'https://example.com/bench',
        tags: ['bench'],
        status: 'published',
        ownerUid: 'bench-owner',
        ownerName: 'Bench',
        createdAt: at,
        updatedAt: at,
        likeCount: 0,
      },
    },
  ]);
  return showcaseId;
}

/** A's Like/Unlike button is enabled and its previous write confirmed (no pending chip). */
function likeButtonReady() {
  const button = [...document.querySelectorAll('button')].find((element) =>
    /^(Like|Unlike)$/.test(element.textContent ?? ''),
  );
  return (
    button !== undefined &&
    !button.disabled &&
    document.querySelector('[data-testid="pending-chip"]') === null
  );
}

/** What a page stamped since `since` (its own clock), moved onto ours; mutations as stamped. */
async function collectPage(page, since, offset, snapshotPath) {
  const trace = await page.evaluate(
    ([after, path]) => {
      const { sends, chunks, snapshots, commits, transactions, sessions } = window.__latency;
      const recent = (times) => times.filter((time) => time >= after);
      return {
        sends: recent(sends),
        chunks: recent(chunks),
        snapshots: recent(snapshots.filter((entry) => entry.path === path).map(({ at }) => at)),
        commits: recent(commits),
        transactions: transactions.filter((tx) => tx.start >= after),
        allSnapshots: snapshots.filter((entry) => entry.at >= after),
        sessions,
        mutations: window.__likeChanges.filter(([time]) => time >= after),
      };
    },
    [since, snapshotPath],
  );
  const move = (times) => times.map((time) => time - offset);
  return {
    ...trace,
    sends: move(trace.sends),
    chunks: move(trace.chunks),
    snapshots: move(trace.snapshots),
    commits: move(trace.commits),
    transactions: trace.transactions.map(({ start, end }) => ({
      start: start - offset,
      end: end === undefined ? undefined : end - offset,
    })),
  };
}

async function measure({ browser, stack, writes, warmUp, log }) {
  const showcaseId = await createProbeShowcase(stack.client);
  const [writer, watcher] = await Promise.all([
    createAccount(stack.client, 'Bench Writer'),
    createAccount(stack.client, 'Bench Watcher'),
  ]);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const events = [];
  try {
    await Promise.all(contexts.map((context) => context.addInitScript(instrumentPage)));
    const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all([signIn(a, stack.appUrl, writer), signIn(b, stack.appUrl, watcher)]);
    await Promise.all([
      a.goto(`${stack.appUrl}/s/${showcaseId}`),
      b.goto(`${stack.appUrl}/s/${showcaseId}`),
    ]);
    await b.getByTestId('like-count').waitFor();
    await b.evaluate(() => {
      const count = document.querySelector('[data-testid="like-count"]');
      window.__likeChanges = [];
      new MutationObserver(() => {
        window.__likeChanges.push([performance.timeOrigin + performance.now(), count.textContent]);
        if (window.__likeWaiter?.text === count.textContent) window.__likeWaiter.resolve();
      }).observe(count, { childList: true, characterData: true, subtree: true });
    });
    await a.evaluate(() => (window.__likeChanges = []));

    const offsets = { a: await measureOffset(a), b: await measureOffset(b) };
    const statsBefore = stack.firestore.transportStats();
    stack.firestore.observeWebChannel((event) => events.push(event));
    const totals = [];
    const splits = [];
    let sessions;
    for (let index = 0; index < writes + warmUp; index += 1) {
      const expected = index % 2 === 0 ? '1 like' : '0 likes';
      await a.waitForFunction(likeButtonReady, null, { timeout: 30_000 });
      // B waits in the page, armed before the click, so that this process (which also runs the
      // emulator) has nothing to do while the write travels: polling from here would compete.
      await b.evaluate((text) => {
        window.__likeWait = new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the count never read ${text}`)), 30_000);
          window.__likeWaiter = { text, resolve: () => (clearTimeout(timer), resolve()) };
        });
      }, expected);
      events.length = 0;
      const clickedAt = await a.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((element) =>
          /^(Like|Unlike)$/.test(element.textContent ?? ''),
        );
        const now = performance.timeOrigin + performance.now();
        button.click();
        return now;
      });
      await b.evaluate(() => window.__likeWait);
      // The pages share one browser clock: the total needs no offset, only the split does.
      const showcasePath = `showcases/${showcaseId}`;
      const [fromA, fromB] = await Promise.all([
        collectPage(a, clickedAt, offsets.a.offset, showcasePath),
        collectPage(b, clickedAt, offsets.b.offset, showcasePath),
      ]);
      const seenAt = fromB.mutations.find(([, text]) => text === expected)?.[0];
      if (TRACE_FILE) {
        const raw = { index, clickedAt, seenAt, offsets, fromA, fromB, emulator: events };
        fs.appendFileSync(TRACE_FILE, `${JSON.stringify(raw)}\n`);
      }
      if (index < warmUp || seenAt === undefined) continue;
      totals.push(seenAt - clickedAt);
      sessions = { write: fromA.sessions.Write, listen: fromB.sessions.Listen };
      splits.push(
        splitWrite({
          clickAt: clickedAt - offsets.a.offset,
          mutationAt: seenAt - offsets.b.offset,
          aSends: fromA.sends,
          aTransactions: fromA.transactions,
          bChunks: fromB.chunks,
          bTransactions: fromB.transactions,
          bSnapshots: fromB.snapshots,
          bCommits: fromB.commits,
          emulator: [...events],
          aWriteSession: sessions.write,
          bListenSession: sessions.listen,
        }),
      );
    }
    const statsAfter = stack.firestore.transportStats();
    log(`latency: ${totals.length} writes measured`);
    return {
      totals,
      splits,
      offsets,
      backchannels: {
        streaming: statsAfter.streamingGets - statsBefore.streamingGets,
        longPoll: statsAfter.longPollGets - statsBefore.longPollGets,
        connections: statsAfter.http1Connections - statsBefore.http1Connections,
      },
    };
  } finally {
    stack.firestore.observeWebChannel(undefined);
    await Promise.all(contexts.map((context) => context.close()));
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;

function rowsFrom(result, load) {
  const summary = summarize(result.totals, result.splits);
  const { offsets, backchannels } = result;
  const n = result.totals.length;
  const missing = Object.entries(summary.missing)
    .map(([key, count]) => `${count} without "${key}"`)
    .join(', ');
  const rows = [
    {
      figure: `write in A → count changes in B, p50 (${n} likes)`,
      measured: ms(summary.p50),
      goal: '≤ 20 ms',
      reference: '—',
      note: `click in A to B's DOM mutation, one browser clock; 1-minute load average ${load.start.toFixed(2)} → ${load.end.toFixed(2)} during the run`,
    },
    {
      figure: `write in A → count changes in B, p95 (${n} likes)`,
      measured: ms(summary.p95),
      goal: '—',
      reference: '—',
    },
  ];
  for (const segment of summary.segments) {
    rows.push({
      figure: `  p50 ${segment.label}`,
      measured: ms(segment.p50),
      goal: '—',
      reference: '—',
    });
  }
  rows.push({
    figure: '  sum of the segment p50s',
    measured: ms(summary.segmentSum),
    goal: '—',
    reference: '—',
    note:
      `${summary.split} of ${n} writes split${missing ? ` (${missing})` : ''}; IndexedDB ` +
      `transactions (medians): ${summary.transactions.a} in A before the send, ` +
      `${summary.transactions.b} in B before the callback; page clocks moved by ` +
      `${offsets.a.offset.toFixed(2)} ms (A) and ${offsets.b.offset.toFixed(2)} ms (B), each ±${Math.max(offsets.a.error, offsets.b.error).toFixed(2)} ms; ` +
      `during the run ${backchannels.streaming} streaming and ${backchannels.longPoll} long-poll backchannel GETs began and ${backchannels.connections} HTTP/1.1 connections opened`,
  });
  return rows;
}

/** @param {{ log: (message: string) => void, quick?: boolean }} options */
export async function run({ log, quick = false }) {
  const { writes, warmUp } = quick ? SETTINGS.quick : SETTINGS.full;
  return withBenchStack('latency', log, async (stack) => {
    const browser = await chromium.launch({
      executablePath: ensureChromium({ log }).path,
      args: CHROMIUM_ARGS,
    });
    try {
      const start = os.loadavg()[0];
      const result = await measure({ browser, stack, writes, warmUp, log });
      return rowsFrom(result, { start, end: os.loadavg()[0] });
    } finally {
      await browser.close();
    }
  });
}
