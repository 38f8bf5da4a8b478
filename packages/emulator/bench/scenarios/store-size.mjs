// What a full store costs: ours and the peer each at 1k and at 100k stored documents, with 10
// gRPC query listeners on each; commits go round all live servers in rotation, so load weighs on
// all alike. Also the memory at 100k and a query over the 100k. The peer slows as it fills, so
// its 100k load stops at a cap and its 100k figures then say so.
import { performance } from 'node:perf_hooks';
import { adminFirestore, loadDocuments, smallData } from '../lib/admin-client.mjs';
import { rssMiB, spawnEmulator, spawnPeer, stopEmulator } from '../lib/emulator-process.mjs';
import { counterArrivals, openQueryListener } from '../lib/grpc-client.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMiB, formatMs, formatRatio, median, rotation, withinMs } from '../lib/stats.mjs';

const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const LISTENERS = 10;
const HOT_DOCUMENTS = 10;
const SMALL = 1_000;
const LARGE = 100_000;
const QUERIES = 20;
const NOTIFY_TIMEOUT_MS = 10_000;

const count = (n) => n.toLocaleString('en-US');

/**
 * A server holding `stored` documents (cold ones, then 10 hot ones) and 10 gRPC listeners on
 * distinct queries `hot == true` (limits 10–19), each on its own channel. `commit(i)` changes one
 * hot document through the Admin SDK and reports the round trip and the time until all 10
 * listeners saw it.
 */
async function openStore(spawnServer, stored, capMs) {
  const server = await spawnServer();
  const admin = adminFirestore(server.port, PROJECT);
  const listeners = [];
  const close = async () => {
    for (const listener of listeners) listener.close();
    // The server first: the client's terminate() waits for calls a busy server has not answered.
    await stopEmulator(server.child);
    await admin.close();
  };
  try {
    const load = await loadDocuments(admin.db, {
      collection: 'items',
      prefix: 'cold',
      count: stored - HOT_DOCUMENTS,
      extra: { hot: false },
      capMs,
    });
    if (!load.finished) {
      await close();
      return { finished: false, load };
    }
    const hot = admin.db.batch();
    for (let k = 0; k < HOT_DOCUMENTS; k++) {
      hot.set(admin.db.doc(`items/hot-${k}`), smallData(k, { hot: true, counter: 0 }));
    }
    await hot.commit();
    const rss = await rssMiB(server.child);
    const arrivals = counterArrivals();
    for (let l = 0; l < LISTENERS; l++) {
      listeners.push(
        await openQueryListener({
          port: server.port,
          database: DATABASE,
          parent: `${DATABASE}/documents`,
          structuredQuery: {
            from: [{ collectionId: 'items' }],
            where: {
              fieldFilter: {
                field: { fieldPath: 'hot' },
                op: 'EQUAL',
                value: { booleanValue: true },
              },
            },
            limit: { value: HOT_DOCUMENTS + l },
          },
          targetId: 2 + 2 * l,
          onDocument: arrivals.onDocument,
        }),
      );
    }
    const commit = async (i) => {
      const everyone = arrivals.arrival(i, LISTENERS);
      const started = performance.now();
      const k = i % HOT_DOCUMENTS;
      await admin.db.doc(`items/hot-${k}`).set(smallData(k, { hot: true, counter: i }));
      const committed = performance.now();
      const notified = await withinMs(everyone, NOTIFY_TIMEOUT_MS);
      arrivals.forget(i);
      if (notified === undefined) {
        throw new Error(`commit ${i} did not reach all ${LISTENERS} listeners within 10 s`);
      }
      return { commitMs: committed - started, notifyMs: notified - started };
    };
    const query = async () => {
      const started = performance.now();
      const snapshot = await admin.db.collection('items').where('hot', '==', true).get();
      if (snapshot.size !== HOT_DOCUMENTS) {
        throw new Error(`the query found ${snapshot.size} hot documents, not ${HOT_DOCUMENTS}`);
      }
      return performance.now() - started;
    };
    return { finished: true, load, rss, commit, query, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function measureStoreSize({ cli, commits, warmUp, peerLoadCapMs, log }) {
  const ours = (options) => spawnEmulator(cli, options);
  const stores = {};
  try {
    log(`store size: loading ${count(SMALL)} and ${count(LARGE)} documents into ours and the peer`);
    stores.oursSmall = await openStore(ours, SMALL, Infinity);
    stores.peerSmall = await openStore(spawnPeer, SMALL, Infinity);
    stores.oursLarge = await openStore(ours, LARGE, Infinity);
    stores.peerLarge = await openStore(spawnPeer, LARGE, peerLoadCapMs);
    const live = Object.entries(stores).filter(([, store]) => store.finished);

    log(`store size: ${QUERIES} queries and ${warmUp + commits} commits into each, rotating`);
    const large = live.filter(([key]) => key.endsWith('Large'));
    const queries = Object.fromEntries(large.map(([key]) => [key, []]));
    for (let round = 0; round < QUERIES; round++) {
      for (const [key, store] of rotation(large, round)) queries[key].push(await store.query());
    }
    const samples = Object.fromEntries(live.map(([key]) => [key, []]));
    for (let i = 1; i <= warmUp + commits; i++) {
      for (const [key, store] of rotation(live, i)) {
        const sample = await store.commit(i);
        if (i > warmUp) samples[key].push(sample);
      }
    }
    const p50 = (key, field) => median(samples[key]?.map((s) => s[field]) ?? []);
    const ms = (value) => figure(value, `p50 ${formatMs(value)}`);
    const notFinished = (store) =>
      `not finished in ${(store.load.ms / 1000).toFixed(0)} s (${count(store.load.stored)} of ${count(LARGE)} stored)`;
    const peerLarge = (make) =>
      stores.peerLarge.finished ? make() : notFinished(stores.peerLarge);
    const flatness = (key, field) =>
      formatRatio(p50(`${key}Large`, field), p50(`${key}Small`, field));
    /** Both p50s as the ours/peer cell; the ratio cell holds each emulator's own 100k ÷ 1k. */
    const sizes = (key, field) => {
      const large = p50(`${key}Large`, field);
      return figure(
        large,
        `p50 ${formatMs(large)} at 100k, ${formatMs(p50(`${key}Small`, field))} at 1k`,
      );
    };
    const flatRatio = (field) =>
      `100k ÷ 1k: ours ${flatness('ours', field)}${stores.peerLarge.finished ? `, peer ${flatness('peer', field)}` : ''}`;
    const scenario = `${LISTENERS} gRPC Listen streams (own channels) on distinct queries \`hot == true\` (limits 10–19) over ${HOT_DOCUMENTS} hot documents among the cold ones of the same collection; ${commits} sequential Admin SDK set() calls per server after ${warmUp} warm-up, each updating one hot document, servers taken in rotating order`;
    const capNote = `The peer slows as it fills, so its 100k load (the same batches) is given up after ${(peerLoadCapMs / 1000).toFixed(0)} s and the count it had acknowledged is shown`;
    return [
      comparedRow({
        figure: `commit p50 with ${LISTENERS} query listeners, ${count(SMALL)} stored`,
        ours: ms(p50('oursSmall', 'commitMs')),
        peer: ms(p50('peerSmall', 'commitMs')),
        goal: '—',
        note: `${scenario}; from the call until the commit's answer`,
      }),
      comparedRow({
        figure: `commit to all ${LISTENERS} listeners notified, ${count(SMALL)} stored`,
        ours: ms(p50('oursSmall', 'notifyMs')),
        peer: ms(p50('peerSmall', 'notifyMs')),
        goal: '—',
        note: 'same runs, from the call until the documentChange reached every listener',
      }),
      comparedRow({
        figure: `commit latency, ${count(LARGE)} vs ${count(SMALL)} stored (flatness)`,
        ours: sizes('ours', 'commitMs'),
        peer: peerLarge(() => sizes('peer', 'commitMs')),
        ratio: flatRatio('commitMs'),
        goal: 'ours 100k ÷ 1k ≤ 1.5×',
        reference: 'grows ~11×',
        note: `same runs on a second pair of servers holding ${count(LARGE)} documents; the ratio column is each emulator's 100k p50 ÷ its 1k p50 (1× is flat). ${capNote}`,
      }),
      comparedRow({
        figure: `commit to all listeners notified, ${count(LARGE)} vs ${count(SMALL)} stored`,
        ours: sizes('ours', 'notifyMs'),
        peer: peerLarge(() => sizes('peer', 'notifyMs')),
        ratio: flatRatio('notifyMs'),
        goal: 'ours 100k ÷ 1k ≤ 1.5× (same principle)',
        note: 'same runs, commit to all listeners notified',
      }),
      comparedRow({
        figure: `resident memory, ${count(LARGE)} small documents`,
        ours: figure(stores.oursLarge.rss, formatMiB(stores.oursLarge.rss)),
        peer: peerLarge(() => figure(stores.peerLarge.rss, formatMiB(stores.peerLarge.rss))),
        goal: '≤ 150 MiB',
        note: `resident set size each process reports once its ${count(LARGE)} documents are stored (Admin SDK batches of 500, four in flight), before the listeners open; ours loaded them in ${(stores.oursLarge.load.ms / 1000).toFixed(1)} s`,
      }),
      comparedRow({
        figure: `query over ${count(LARGE)} documents (p50)`,
        ours: ms(median(queries.oursLarge)),
        peer: peerLarge(() => ms(median(queries.peerLarge))),
        goal: '—',
        note: `${QUERIES} Admin SDK queries \`items where hot == true\` (10 results among ${count(LARGE)}), servers in rotating order, from the call to the snapshot`,
      }),
    ];
  } finally {
    for (const store of Object.values(stores)) if (store.finished) await store.close();
  }
}
