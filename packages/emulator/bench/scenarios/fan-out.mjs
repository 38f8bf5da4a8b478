// Fan-out: N gRPC listeners on one collection, in ours and in the peer side by side; each commit
// changes one document of it and must reach every listener. Commits alternate between the two
// servers. Also what an open listener costs in memory. A server that cannot keep up is given a
// bounded time, then its column says it did not finish.
import { performance } from 'node:perf_hooks';
import { adminFirestore, smallData } from '../lib/admin-client.mjs';
import { processUsage, spawnEmulator, spawnPeer, stopEmulator } from '../lib/emulator-process.mjs';
import { counterArrivals, grpcClient, openQueryListener } from '../lib/grpc-client.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMiB, formatMs, median, quantile, rotation, sleep, withinMs } from '../lib/stats.mjs';

const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const DOCUMENTS = 10;
/** Listen streams per HTTP/2 connection, as the Admin SDK's client pool has them. */
const STREAMS_PER_CHANNEL = 100;
const OPEN_BATCH = 50;

/** Ours or the peer with `listeners` Listen streams on the collection `fan`. */
async function openFanOut(spawnServer, listeners, capMs) {
  const server = await spawnServer();
  const admin = adminFirestore(server.port, PROJECT);
  const channels = [];
  const streams = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const stream of streams) stream.close();
    for (const channel of channels) channel.close();
    // The server first: the client's terminate() waits for calls a busy server has not answered.
    await stopEmulator(server.child);
    await admin.close();
  };
  try {
    const seed = admin.db.batch();
    for (let k = 0; k < DOCUMENTS; k++) {
      seed.set(admin.db.doc(`fan/doc-${k}`), smallData(k, { counter: 0 }));
    }
    await seed.commit();
    // One warm-up listener first, so what loads on first use is not counted per listener.
    const warmChannel = grpcClient(server.port);
    channels.push(warmChannel);
    const listen = (client, onDocument) =>
      openQueryListener({
        client,
        database: DATABASE,
        parent: `${DATABASE}/documents`,
        structuredQuery: { from: [{ collectionId: 'fan' }] },
        targetId: 2,
        onDocument,
      });
    (await listen(warmChannel)).close();
    await sleep(500);
    const before = await processUsage(server.child);
    const arrivals = counterArrivals();
    const started = performance.now();
    for (let opened = 0; opened < listeners; opened += OPEN_BATCH) {
      const batch = [];
      for (let l = opened; l < Math.min(listeners, opened + OPEN_BATCH); l++) {
        if (l % STREAMS_PER_CHANNEL === 0) channels.push(grpcClient(server.port));
        batch.push(listen(channels.at(-1), arrivals.onDocument));
      }
      const ready = await withinMs(Promise.all(batch), capMs - (performance.now() - started));
      if (ready === undefined) {
        await close();
        return { finished: false, opened, ms: performance.now() - started };
      }
      streams.push(...ready);
    }
    await sleep(500);
    const opened = await processUsage(server.child);

    /** Resolves with the commit's answer time and the last listener's, or `undefined` past `timeoutMs`. */
    const commit = async (i, timeoutMs) => {
      const everyone = arrivals.arrival(i, listeners);
      const begun = performance.now();
      const k = i % DOCUMENTS;
      const written = admin.db
        .doc(`fan/doc-${k}`)
        .set(smallData(k, { counter: i }))
        .then(() => performance.now());
      const outcome = await withinMs(Promise.all([written, everyone]), timeoutMs);
      arrivals.forget(i);
      if (outcome === undefined) return undefined;
      const [committed, delivered] = outcome;
      return { commitMs: committed - begun, lastMs: delivered - begun };
    };
    return {
      finished: true,
      openMs: performance.now() - started,
      perListenerKiB: ((opened.rssMiB - before.rssMiB) * 1024) / listeners,
      commit,
      highWater: async () => (await processUsage(server.child)).maxRssMiB,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Fan-out rows for `listeners` listeners; with `perListener`, also the memory an open listener
 * costs. `budgetMs` bounds each server's opening and its commits alike.
 */
export async function measureFanOut({
  cli,
  listeners,
  commits,
  warmUp,
  budgetMs,
  perListener,
  log,
}) {
  const ours = (options) => spawnEmulator(cli, options);
  const servers = {};
  const count = listeners.toLocaleString('en-US');
  try {
    log(`fan-out: opening ${count} listeners on ours and on the peer`);
    servers.ours = await openFanOut(ours, listeners, budgetMs);
    servers.peer = await openFanOut(spawnPeer, listeners, budgetMs);
    const samples = { ours: [], peer: [] };
    const stopped = {};
    const highWater = {};
    const spent = { ours: 0, peer: 0 };
    log(`fan-out: ${warmUp + commits} commits into each, alternating`);
    for (let i = 1; i <= warmUp + commits; i++) {
      for (const key of rotation(['ours', 'peer'], i)) {
        const server = servers[key];
        if (!server.finished || stopped[key]) continue;
        const begun = performance.now();
        const sample = await server.commit(i, budgetMs - spent[key]);
        spent[key] += performance.now() - begun;
        if (sample === undefined) {
          // Stopped at once, so that a server still busy with the fan-out burdens no other.
          stopped[key] = i;
          await server.close();
        } else {
          // Read between commits (outside the timed part): a stopped server cannot answer later.
          highWater[key] = await server.highWater();
          if (i > warmUp) samples[key].push(sample);
        }
      }
    }
    const seconds = (budgetMs / 1000).toFixed(0);
    /** A figure from the samples, or why there is none. */
    const result = (key, make) => {
      const server = servers[key];
      if (!server.finished) {
        return `not finished in ${seconds} s (${server.opened.toLocaleString('en-US')} of ${count} listeners open)`;
      }
      if (samples[key].length === 0) {
        return `not finished in ${seconds} s (commit ${stopped[key]} still undelivered)`;
      }
      return make(samples[key]);
    };
    const partial = (key) =>
      stopped[key] !== undefined && samples[key].length > 0
        ? ` (${samples[key].length} of ${commits} commits within ${seconds} s)`
        : '';
    const latency = (key) =>
      result(key, (list) => {
        const times = list.map((s) => s.commitMs);
        return figure(
          median(times),
          `p50 ${formatMs(median(times))}, p95 ${formatMs(quantile(times, 0.95))}${partial(key)}`,
        );
      });
    const delivery = (key) =>
      result(key, (list) => {
        const last = median(list.map((s) => s.lastMs));
        return figure(last, `p50 ${formatMs(last)}${partial(key)}`);
      });
    const memory = (key) =>
      highWater[key] === undefined
        ? result(key, () => '—')
        : figure(
            highWater[key],
            `${formatMiB(highWater[key])}${stopped[key] === undefined ? '' : ` (until commit ${stopped[key] - 1})`}`,
          );
    const opening = ['ours', 'peer']
      .filter((key) => servers[key].finished)
      .map((key) => `; ${key} opened them in ${(servers[key].openMs / 1000).toFixed(1)} s`)
      .join('');
    const scenario = `${count} gRPC Listen streams on the query \`fan\` (the whole collection, ${DOCUMENTS} documents), ${STREAMS_PER_CHANNEL} streams per HTTP/2 connection as the Admin SDK pools them, opened ${OPEN_BATCH} at a time; ${commits} sequential Admin SDK set() calls per server after ${warmUp} warm-up, alternating between the servers, each changing one document; each server gets ${seconds} s to open its listeners and ${seconds} s for its commits${opening}`;
    const rows = [
      comparedRow({
        figure: `fan-out to ${count} listeners: commit latency`,
        ours: latency('ours'),
        peer: latency('peer'),
        goal: '—',
        note: `${scenario}; from the call until the commit's answer (ratio of the p50s)`,
      }),
      comparedRow({
        figure: `fan-out to ${count} listeners: delivery to the last listener`,
        ours: delivery('ours'),
        peer: delivery('peer'),
        goal: '—',
        note: `same runs, from the call until the change reached every listener (the bench process decodes all ${count} streams, so its own work is in both figures)`,
      }),
      comparedRow({
        figure: `fan-out to ${count} listeners: memory high-water`,
        ours: memory('ours'),
        peer: memory('peer'),
        goal: '—',
        note: 'the largest resident set size each process had up to its last answered commit (its own getrusage maximum, read over IPC after each commit)',
      }),
    ];
    if (perListener) {
      const kib = (key) =>
        servers[key].finished
          ? figure(servers[key].perListenerKiB, `${servers[key].perListenerKiB.toFixed(0)} KiB`)
          : result(key, () => '—');
      rows.push(
        comparedRow({
          figure: 'memory per open listener',
          ours: kib('ours'),
          peer: kib('peer'),
          goal: '—',
          note: `resident set size with the ${count} listeners above open (0.5 s after the last initial snapshot) minus before them (after one warm-up listener), divided by ${count}`,
        }),
      );
    }
    return rows;
  } finally {
    for (const server of Object.values(servers)) if (server.finished) await server.close();
  }
}
