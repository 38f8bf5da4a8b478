// Write in browser A → the count changes in browser B, for `npm run bench` (`--only latency` runs
// it alone), against the SDK's own floor, with where the app's time goes. Four pairs of browser
// contexts, each context its own member, SDK and cache, each pair on its own probe showcase by
// its own owner: the app's test build on `/s/:id` (A clicks Like/Unlike), and the bare floor page
// (`latency-floor/`: the same SDK and settings, no React, no app code) on the persistent
// multi-tab cache, on the memory cache, and with both pages holding the app's page's listeners
// (A calls the app's batch). B's MutationObserver on the like count sees the change. Each write
// is confirmed (A's pending chip gone, or the floor's commit settled) and its pages left to come
// to rest before the next; the pairs take turns one write at a time, so that all see the same
// load on a shared machine; the first rounds warm up and are not counted.
//
// The app's split: the stack runs our emulator in this process, and the bench attaches a
// WebChannel observer to it (`observeWebChannel`: request received, change queued, chunk
// written). In the pages (the floor's too, so the instrumentation costs both alike) an init
// script wraps fetch (A's Write request sent, B's Listen chunk seen) and IndexedDB's
// `transaction()` (when each of the SDK's transactions opened and completed), installs a React
// DevTools hook (commits) and takes the app's test-build snapshot report. Both sides stamp
// `performance.timeOrigin + performance.now()`; each page's offset from this process is measured
// NTP-style through CDP round trips and subtracted.
/* global window, document, location, MutationObserver, IDBDatabase -- used inside page scripts */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';
import { buildPage, serveDirectory } from '../../../packages/emulator/bench/lib/browser-page.mjs';
import { withBenchStack } from './bench-stack.mjs';
import { median, quantile } from '../../../packages/emulator/bench/lib/stats.mjs';
import { clockOffset, splitWrite, summarize } from './write-latency-split.mjs';

export const title =
  'write latency (browser A → emulator → browser B), the app against the SDK floor';
export const scenarios = ['latency'];
export const legend =
  "Write latency: A's click (the app) or call (the floor page) to B's DOM change on one browser clock; the floor is a bare page on the same SDK and settings (persistent multi-tab cache, or the memory cache), no React and no app code, measured in the same run, interleaved write by write; the app's split puts the emulator's WebChannel events (an in-process observer) and the pages' own stamps (fetch wrapper, React DevTools hook, the test build's snapshot report) on the emulator's clock, each page's offset measured by CDP round trips.";
export const peerLabel = 'floor: bare page, persistent multi-tab cache (same run)';
export const ratioLabel = 'app − floor';
export const referenceLabel = 'bare page, memory cache (same run)';

/** The bare page the app is measured against, bundled by Vite for each run. */
const FLOOR_SOURCE = fileURLToPath(new URL('./latency-floor/', import.meta.url));
/** `SHOWCASE_LATENCY_TRACE=<file>`: each app write's raw stamps, one JSON line per write. */
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

const PROBE_TITLE = 'Latency probe';
const WRITER_NAME = 'Bench Writer';

/**
 * A pair's probe showcase, by an owner of its own: the app's page lists the owner's other
 * showcases ("More by"), and a probe of another pair there would bring that pair's writes into
 * the app's pages, which the floor's pages never see.
 */
async function createProbeShowcase(client) {
  const showcaseId = `bench-${randomUUID().slice(0, 12)}`;
  const ownerUid = `bench-owner-${showcaseId}`;
  const at = new Date();
  await client.commit([
    {
      path: `showcases/${showcaseId}`,
      data: {
        title: PROBE_TITLE,
        description: 'Liked and unliked by the bench.',
        url: 'https://example.com/bench',
        tags: ['bench'],
        status: 'published',
        ownerUid,
        ownerName: 'Bench',
        createdAt: at,
        updatedAt: at,
        likeCount: 0,
      },
    },
    // The owner's public profile, as every member who has signed in has one: the page listens to
    // it, and a listener on a missing document costs the SDK a write on every change it hears.
    {
      path: `users/${ownerUid}`,
      data: {
        displayName: 'Bench',
        photoURL: null,
        followerCount: 0,
        followingCount: 0,
        createdAt: at,
      },
    },
  ]);
  return { showcaseId, ownerUid };
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

/** Reads the test build's Firebase values (`.env.test`), so the floor page is the same project. */
function testBuildConfig() {
  const env = Object.fromEntries(
    fs
      .readFileSync(new URL('../.env.test', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => /^(VITE_FIREBASE_\w+)=(.*)$/.exec(line.trim()))
      .filter(Boolean)
      .map(([, name, value]) => [name, value]),
  );
  return {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  };
}

/**
 * B's like count reports each change; `__likeWait` resolves when it reads the text asked. The
 * whole page is observed, not the element: React may replace the count's element (the Like
 * control swaps its parts once the member's like document is known), and an observer on the
 * old one would never fire.
 */
function watchLikeCount() {
  const read = () => document.querySelector('[data-testid="like-count"]')?.textContent;
  let last = read();
  window.__likeChanges = [];
  new MutationObserver(() => {
    const text = read();
    if (text === last) return;
    last = text;
    window.__likeChanges.push([performance.timeOrigin + performance.now(), text]);
    if (window.__likeWaiter?.text === text) window.__likeWaiter.resolve();
  }).observe(document.body, { childList: true, characterData: true, subtree: true });
}

/**
 * One writer and one watcher on their own probe showcase: the app's pages (`kind: 'app'`) or the
 * bare floor page on either cache. `ready`, `click` run in A; the watch is the same for all.
 */
async function openPair({ browser, stack, kind, floorUrl, log }) {
  const { showcaseId, ownerUid } = await createProbeShowcase(stack.client);
  const [writer, watcher] = await Promise.all([
    createAccount(stack.client, WRITER_NAME),
    createAccount(stack.client, 'Bench Watcher'),
  ]);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  // The floor pages carry the same stamps as the app's, so the instrumentation costs both alike.
  await Promise.all(contexts.map((context) => context.addInitScript(instrumentPage)));
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  // A refused write or a failed start says so in the page only: bring it out to the log.
  for (const [side, page] of [
    ['A', a],
    ['B', b],
  ]) {
    page.on('console', (message) => {
      if (message.type() === 'error') log(`${kind} ${side}: ${message.text()}`);
    });
    page.on('pageerror', (error) => log(`${kind} ${side}: ${error.message}`));
  }
  const pair = { kind, showcaseId, contexts, a, b, writes: 0 };
  if (kind === 'app') {
    await Promise.all([signIn(a, stack.appUrl, writer), signIn(b, stack.appUrl, watcher)]);
    await Promise.all([
      a.goto(`${stack.appUrl}/s/${showcaseId}`),
      b.goto(`${stack.appUrl}/s/${showcaseId}`),
    ]);
    // The first paint draws the page's own components (a like count, an inert Like button)
    // over the app until the app reveals itself: watch and click the app's, once it is up.
    await Promise.all(
      [a, b].map((page) =>
        page.waitForFunction(() => document.getElementById('first-paint') === null, null, {
          timeout: 30_000,
        }),
      ),
    );
    // B's Like control settled too (its like document known), as a member's page is at rest.
    await Promise.all(
      [a, b].map((page) => page.waitForFunction(likeButtonReady, null, { timeout: 30_000 })),
    );
    pair.ready = () => a.waitForFunction(likeButtonReady, null, { timeout: 30_000 });
    pair.click = () =>
      a.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((element) =>
          /^(Like|Unlike)$/.test(element.textContent ?? ''),
        );
        const now = performance.timeOrigin + performance.now();
        button.click();
        return now;
      });
  } else {
    const url = `${floorUrl}?cache=${kind === 'memory' ? 'memory' : 'persistent'}`;
    const listen = kind === 'listening';
    await Promise.all([a.goto(url), b.goto(url)]);
    const [host, port] = stack.firestoreHost.split(':');
    const common = {
      config: testBuildConfig(),
      authUrl: stack.authUrl,
      firestore: { host, port: Number(port) },
      showcaseId,
      ownerUid,
      listen,
    };
    await Promise.all([
      a.evaluate((options) => window.floorSetUp(options), {
        ...common,
        ...writer,
        watch: false,
        // The app's like tells the owner; the floor's writes the same activity document.
        report: { ownerUid, showcaseTitle: PROBE_TITLE, likerName: WRITER_NAME },
      }),
      b.evaluate((options) => window.floorSetUp(options), { ...common, ...watcher, watch: true }),
    ]);
    pair.ready = () => a.waitForFunction(() => window.floorIdle(), null, { timeout: 30_000 });
    pair.click = (liked) =>
      a.evaluate((like) => {
        const now = performance.timeOrigin + performance.now();
        window.floorLike(like);
        return now;
      }, liked);
  }
  await b.evaluate(watchLikeCount);
  await a.evaluate(() => (window.__likeChanges = []));
  return pair;
}

/** How long a page must have had no IndexedDB transaction and no React commit to be at rest. */
const REST_MS = 50;

/**
 * Resolves once the page has been at rest for `ms`: no IndexedDB transaction open or completed
 * and no React commit within that time (from the stamps `instrumentPage` keeps).
 */
function pageAtRest(ms) {
  const trace = window.__latency;
  // The SDK runs its transactions one after another: an open one is among the latest.
  const lastActivity = () => {
    const recent = trace.transactions.slice(-20);
    if (recent.some((tx) => tx.end === undefined)) return Infinity;
    return Math.max(trace.commits.at(-1) ?? 0, ...recent.map((tx) => tx.end));
  };
  return new Promise((resolve) => {
    const check = () => {
      const quietFor = performance.timeOrigin + performance.now() - lastActivity();
      if (quietFor >= ms) resolve();
      else setTimeout(check, Math.max(5, ms - quietFor));
    };
    check();
  });
}

/**
 * One like or unlike on `pair`, confirmed before it starts: the click's time and B's change.
 * The write starts with both of the pair's pages at rest, and the next one once they are at rest
 * again: a page still taking in the previous write (the server's echo of it, a render) would
 * slow down whichever write came next, another pair's too.
 */
async function writeOnce(pair, events) {
  const liked = pair.writes % 2 === 0;
  const expected = liked ? '1 like' : '0 likes';
  pair.writes += 1;
  await pair.ready();
  // B waits in the page, armed before the click, so that this process (which also runs the
  // emulator) has nothing to do while the write travels: polling from here would compete.
  await pair.b.evaluate(
    ([text, kind]) => {
      window.__likeWait = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${kind}: the count never read ${text}`)),
          30_000,
        );
        window.__likeWaiter = { text, resolve: () => (clearTimeout(timer), resolve()) };
      });
    },
    [expected, pair.kind],
  );
  await Promise.all([pair.a, pair.b].map((page) => page.evaluate(pageAtRest, REST_MS)));
  events.length = 0;
  const clickedAt = await pair.click(liked);
  try {
    await pair.b.evaluate(() => window.__likeWait);
  } catch (error) {
    const state = (page) =>
      page.evaluate(() => ({
        counts: [...document.querySelectorAll('[data-testid="like-count"]')].map(
          (element) => `${element.textContent} (${element.isConnected ? 'in' : 'out'})`,
        ),
        buttons: [...document.querySelectorAll('button')].map((element) => element.textContent),
        changes: window.__likeChanges?.map(([, text]) => text),
        url: location.href,
      }));
    throw new Error(
      `${error.message}; A: ${JSON.stringify(await state(pair.a))}; B: ${JSON.stringify(await state(pair.b))}`,
    );
  }
  await Promise.all([pair.a, pair.b].map((page) => page.evaluate(pageAtRest, REST_MS)));
  return { clickedAt, expected };
}

/**
 * The pairs: the floor (bare page, persistent multi-tab cache), the same on the memory cache,
 * the floor whose writer also listens to the showcase and its like document as the app's page
 * must, and the app.
 */
const KINDS = ['floor', 'memory', 'listening', 'app'];

async function measure({ browser, stack, writes, warmUp, floorUrl, log }) {
  const pairs = {};
  const events = [];
  const loads = [];
  try {
    for (const kind of KINDS) pairs[kind] = await openPair({ browser, stack, kind, floorUrl, log });
    // Split: the app, and the floor on the same cache (the memory cache has no IndexedDB steps
    // to cut at).
    const split = ['floor', 'listening', 'app'];
    const offsets = {};
    for (const kind of split) {
      const pair = pairs[kind];
      offsets[kind] = { a: await measureOffset(pair.a), b: await measureOffset(pair.b) };
    }
    const statsBefore = stack.firestore.transportStats();
    stack.firestore.observeWebChannel((event) => events.push(event));
    const totals = Object.fromEntries(KINDS.map((kind) => [kind, []]));
    // Each kind's latency by round, for differences within a round (the same moment's load).
    const byRound = Object.fromEntries(KINDS.map((kind) => [kind, new Map()]));
    const splits = { floor: [], listening: [], app: [] };
    // Interleaved one write at a time, the order turning each round, so that the floor, the
    // memory cache and the app see the same load on this shared machine.
    for (let round = 0; round < writes + warmUp; round += 1) {
      loads.push(os.loadavg()[0]);
      const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
      for (const kind of order) {
        const pair = pairs[kind];
        const { clickedAt, expected } = await writeOnce(pair, events);
        if (!split.includes(kind)) {
          const seenAt = await pair.b.evaluate(
            ([after, text]) =>
              window.__likeChanges.find(([time, seen]) => time >= after && seen === text)?.[0],
            [clickedAt, expected],
          );
          if (round >= warmUp && seenAt !== undefined) {
            totals[kind].push(seenAt - clickedAt);
            byRound[kind].set(round, seenAt - clickedAt);
          }
          continue;
        }
        const offset = offsets[kind];
        const showcasePath = `showcases/${pair.showcaseId}`;
        // The pages share one browser clock: the total needs no offset, only the split does.
        const [fromA, fromB] = await Promise.all([
          collectPage(pair.a, clickedAt, offset.a.offset, showcasePath),
          collectPage(pair.b, clickedAt, offset.b.offset, showcasePath),
        ]);
        const seenAt = fromB.mutations.find(([, text]) => text === expected)?.[0];
        if (TRACE_FILE) {
          const raw = { kind, round, clickedAt, seenAt, offset, fromA, fromB, emulator: events };
          fs.appendFileSync(TRACE_FILE, `${JSON.stringify(raw)}\n`);
        }
        if (round < warmUp || seenAt === undefined) continue;
        totals[kind].push(seenAt - clickedAt);
        byRound[kind].set(round, seenAt - clickedAt);
        const mutationAt = seenAt - offset.b.offset;
        splits[kind].push(
          splitWrite({
            clickAt: clickedAt - offset.a.offset,
            mutationAt,
            aSends: fromA.sends,
            aTransactions: fromA.transactions,
            bChunks: fromB.chunks,
            bTransactions: fromB.transactions,
            bSnapshots: fromB.snapshots,
            // The floor's callback writes the DOM itself: its "render" ends at the mutation.
            bCommits: kind === 'app' ? fromB.commits : [mutationAt],
            emulator: [...events],
            aWriteSession: fromA.sessions.Write,
            bListenSession: fromB.sessions.Listen,
          }),
        );
      }
    }
    const statsAfter = stack.firestore.transportStats();
    log(`latency: ${totals.app.length} writes measured on each of ${KINDS.join(', ')}`);
    return {
      totals,
      byRound,
      splits,
      offsets,
      loads,
      backchannels: {
        streaming: statsAfter.streamingGets - statsBefore.streamingGets,
        longPoll: statsAfter.longPollGets - statsBefore.longPollGets,
        connections: statsAfter.http1Connections - statsBefore.http1Connections,
      },
    };
  } finally {
    stack.firestore.observeWebChannel(undefined);
    const contexts = Object.values(pairs).flatMap((pair) => pair.contexts);
    await Promise.all(contexts.map((context) => context.close()));
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const over = (value) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)} ms`;

function rowsFrom(result, load) {
  const summary = summarize(result.totals.app, result.splits.app);
  const floor = summarize(result.totals.floor, result.splits.floor);
  const memory = summarize(result.totals.memory, []);
  const listening = summarize(result.totals.listening, []);
  const pairedWith = (kind) =>
    [...result.byRound.app]
      .filter(([round]) => result.byRound[kind].has(round))
      .map(([round, app]) => app - result.byRound[kind].get(round));
  const paired = pairedWith('floor');
  const pairedListening = pairedWith('listening');
  const { offsets, backchannels, loads } = result;
  const n = result.totals.app.length;
  const sampled = [...loads].sort((x, y) => x - y);
  const rows = [
    {
      figure: `write in A → count changes in B, p50 (${n} likes each)`,
      measured: ms(summary.p50),
      peer: ms(floor.p50),
      ratio: over(summary.p50 - floor.p50),
      goal: '≤ +3 ms',
      reference: ms(memory.p50),
      note:
        `click (the app) or call (the floor page) in A to B's DOM mutation, one browser clock; ` +
        `${result.totals.floor.length} floor, ${result.totals.memory.length} memory-cache, ` +
        `${result.totals.listening.length} page-listener and ${n} app writes, ` +
        `interleaved one at a time; 1-minute load average ${load.start.toFixed(2)} → ${load.end.toFixed(2)} ` +
        `(${sampled[0].toFixed(2)}–${sampled.at(-1).toFixed(2)} over the rounds)`,
    },
    {
      figure: `write in A → count changes in B, p95 (${n} likes each)`,
      measured: ms(summary.p95),
      peer: ms(floor.p95),
      ratio: over(summary.p95 - floor.p95),
      goal: '≤ +6 ms',
      reference: ms(memory.p95),
    },
    {
      figure: '  app − floor within each round, p50 and p95 of the differences',
      measured: `${over(median(paired))} / ${over(quantile(paired, 0.95))}`,
      goal: '≤ +3 ms / —',
      note:
        `${paired.length} rounds with both: each round's app write minus its floor write, ` +
        'taken moments apart, so that a load that moves both cancels out',
    },
    {
      figure: "  the floor holding the app's page's listeners in A and B, p50",
      measured: ms(listening.p50),
      peer: ms(floor.p50),
      ratio: `app − it: ${over(summary.p50 - listening.p50)}`,
      note:
        "the bare page whose writer and watcher also hold the nine listeners the app's showcase " +
        'page holds for a member (latency-floor/main.ts `pageListeners`, with metadata ' +
        "changes): what the page's listening costs in the SDK and the emulator, apart from our code",
    },
    {
      figure: "  the floor holding the app's page's listeners in A and B, p95",
      measured: ms(listening.p95),
      peer: ms(floor.p95),
      ratio: `app − it: ${over(summary.p95 - listening.p95)}`,
    },
    {
      figure: "  app − the floor holding the page's listeners within each round, p50 and p95",
      measured: `${over(median(pairedListening))} / ${over(quantile(pairedListening, 0.95))}`,
      note: `${pairedListening.length} rounds with both: our code's share, round by round`,
    },
  ];
  summary.segments.forEach((segment, i) => {
    const floorSegment = floor.segments[i];
    rows.push({
      figure: `  p50 ${segment.label}`,
      measured: ms(segment.p50),
      peer: ms(floorSegment.p50),
      ratio: over(segment.p50 - floorSegment.p50),
    });
  });
  const offsetsOf = ({ a, b }) =>
    `${a.offset.toFixed(2)} ms (A) and ${b.offset.toFixed(2)} ms (B), each ±${Math.max(a.error, b.error).toFixed(2)} ms`;
  const splitOf = (label, figures, count) => {
    const gaps = Object.entries(figures.missing)
      .map(([key, times]) => `${times} without "${key}"`)
      .join(', ');
    return (
      `${label}: ${figures.split} of ${count} writes split${gaps ? ` (${gaps})` : ''}, IndexedDB ` +
      `transactions (medians) ${figures.transactions.a} in A before the send and ` +
      `${figures.transactions.b} in B before the callback`
    );
  };
  rows.push({
    figure: '  sum of the segment p50s',
    measured: ms(summary.segmentSum),
    peer: ms(floor.segmentSum),
    ratio: over(summary.segmentSum - floor.segmentSum),
    note:
      `${splitOf('app', summary, n)}; ${splitOf('floor', floor, result.totals.floor.length)}; ` +
      `on the floor page B's callback writes the DOM itself (no React: its "commit" is the ` +
      `mutation); page clocks moved by ${offsetsOf(offsets.app)} (app) and ` +
      `${offsetsOf(offsets.floor)} (floor); during the run ${backchannels.streaming} streaming ` +
      `and ${backchannels.longPoll} long-poll backchannel GETs began and ` +
      `${backchannels.connections} HTTP/1.1 connections opened`,
  });
  return rows;
}

/** @param {{ log: (message: string) => void, quick?: boolean }} options */
export async function run({ log, quick = false }) {
  const { writes, warmUp } = quick ? SETTINGS.quick : SETTINGS.full;
  const pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-latency-floor-'));
  try {
    log('building the floor page');
    await buildPage(FLOOR_SOURCE, pageDir);
    const served = await serveDirectory(pageDir);
    try {
      return await withBenchStack('latency', log, async (stack) => {
        const browser = await chromium.launch({
          executablePath: ensureChromium({ log }).path,
          args: CHROMIUM_ARGS,
        });
        try {
          const start = os.loadavg()[0];
          const result = await measure({
            browser,
            stack,
            writes,
            warmUp,
            floorUrl: served.url,
            log,
          });
          return rowsFrom(result, { start, end: os.loadavg()[0] });
        } finally {
          await browser.close();
        }
      });
    } finally {
      served.close();
    }
  } finally {
    fs.rmSync(pageDir, { recursive: true, force: true });
  }
}
