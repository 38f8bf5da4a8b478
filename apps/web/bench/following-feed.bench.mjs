// The gallery's Following feed against our Firestore emulator, for `npm run bench` (`--only
// following` runs it alone). The feed is the app's own: `listenToFollowingFeed` from
// lib/firebase/follows.ts (one live query per chunk of 30 followed makers, merged on the device),
// loaded from its TypeScript source through Vite's module runner, run through the firebase client
// SDK in Node (gRPC, signed out: the feed's queries are of published showcases, which the rules
// let anyone list). Data: 10,000 published showcases by 1,000 makers; the reader follows 30 or
// 300 of them.
//
// Two figures, each with a floor measured in the same run:
// - first page: a new feed until every chunk has answered from the server (24 showcases, newest
//   first). Floor: the Everyone gallery's query (published, newest first, limit 24), one listener.
// - arrival: a followed maker's new showcase, written to the emulator, until it is on the open
//   feed. Floor: the same write reaching the Everyone gallery's open listener on a second client
//   (both listen during the same writes, so each write is timed on both).
import { performance } from 'node:perf_hooks';
import { collection, limit, onSnapshot, orderBy, query, where } from 'firebase/firestore';
import { createRandom } from '@showcase/dev-stack';
import { buildShowcase } from '@showcase/schema';
import { quantile } from '../../../packages/emulator/bench/lib/stats.mjs';
import { importAppModule, withQueryBenchEmulator } from './query-bench-emulator.mjs';

export const title = 'following feed (the gallery’s Following against our emulator)';
export const scenarios = ['following'];
export const peerLabel = 'floor: the Everyone query, one listener (same run)';
export const ratioLabel = 'ours ÷ floor (p50)';
export const legend =
  "Following feed: the app's `listenToFollowingFeed` (one `ownerUid in` query per 30 followed makers, published, newest first, limit 24, merged on the device) through the firebase client SDK in Node (gRPC, signed out, firestore.rules in force) against the built emulator CLI in its own process; 10,000 published showcases by 1,000 makers. Floor: the Everyone gallery's query (published, newest first, limit 24) as one listener on a second client, in the same rounds.";

const PAGE = 24;
const SHOWCASES = 10_000;
const MAKERS = 1_000;
const FOLLOWED = [30, 300];
const SETTINGS = { full: { runs: 20, warmUp: 3 }, quick: { runs: 8, warmUp: 2 } };

const makerUid = (index) => `bench-maker-${String(index).padStart(4, '0')}`;

function bulkShowcases(now) {
  const random = createRandom('following-bench');
  const documents = [];
  for (let index = 0; index < SHOWCASES; index += 1) {
    const maker = index % MAKERS;
    documents.push({
      path: `showcases/follow-bench-${String(index).padStart(5, '0')}`,
      data: buildShowcase({
        title: `Work ${index}`,
        ownerUid: makerUid(maker),
        ownerName: `Maker ${maker}`,
        // Within the last year, so a new showcase is always the newest.
        createdAt: new Date(now - 60_000 - Math.floor(random() * 365 * 24 * 3600 * 1000)),
      }),
    });
  }
  return documents;
}

const ms = (value) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const times = (samples) =>
  `p50 ${ms(quantile(samples, 0.5))} ms, p95 ${ms(quantile(samples, 0.95))} ms`;

/** Resolves once `accepts(update)` holds for an update of the listener `listen` opens. */
function until(listen, accepts) {
  return new Promise((resolve, reject) => {
    let stop = () => undefined;
    let done = false;
    stop = listen((update) => {
      if (done || !accepts(update)) return;
      done = true;
      // The listener may answer synchronously, before `listen` has returned its unsubscribe.
      queueMicrotask(() => stop());
      resolve(update);
    }, reject);
  });
}

export async function run({ root, log, quick = false }) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const follows = await importAppModule('src/lib/firebase/follows.ts');
  return withQueryBenchEmulator(root, async ({ client, firestore }) => {
    const db = firestore('following-bench');
    // The floor listens through a client of its own (its own stream and cache), as another
    // browser would: on one client both listeners would hear a write in the same message.
    const floorDb = firestore('following-floor');
    const everyone = () =>
      query(
        collection(floorDb, 'showcases'),
        where('status', '==', 'published'),
        orderBy('createdAt', 'desc'),
        limit(PAGE),
      );
    const listenEveryone = (onUpdate, onError) =>
      onSnapshot(
        everyone(),
        { includeMetadataChanges: true },
        {
          next: (snapshot) =>
            onUpdate({
              loading: false,
              fromCache: snapshot.metadata.fromCache,
              ids: snapshot.docs.map((document) => document.id),
            }),
          error: onError,
        },
      );
    const listenFeed = (makers) => (onUpdate, onError) =>
      follows.listenToFollowingFeed(
        db,
        makers,
        { sort: 'newest', tag: null, searchTerm: null, limit: PAGE },
        null,
        (update) => onUpdate({ ...update, ids: update.showcases.map((showcase) => showcase.id) }),
        onError,
      );
    const fromServer = (update) =>
      !update.loading && !update.fromCache && update.ids.length === PAGE;

    const rows = [];
    let written = 0;
    const now = Date.now();
    const started = performance.now();
    await client.commit(bulkShowcases(now));
    log(
      `${SHOWCASES.toLocaleString('en-US')} showcases written in ${ms(performance.now() - started)} ms`,
    );

    for (const followed of FOLLOWED) {
      // Every third maker, so each `in` chunk spans the whole range of makers.
      const makers = Array.from({ length: followed }, (_, index) => makerUid((index * 3) % MAKERS));
      const first = { ours: [], floor: [] };
      for (let round = 0; round < settings.warmUp + settings.runs; round += 1) {
        // Alternating, so a burst of load from elsewhere falls on both alike.
        for (const [kind, listen] of [
          ['ours', listenFeed(makers)],
          ['floor', listenEveryone],
        ]) {
          const start = performance.now();
          await until(listen, fromServer);
          if (round >= settings.warmUp) first[kind].push(performance.now() - start);
        }
      }
      const chunks = Math.ceil(followed / 30);
      rows.push({
        figure: `Following feed, first page (24), following ${followed} makers (${chunks} in-quer${chunks === 1 ? 'y' : 'ies'}), ${SHOWCASES.toLocaleString('en-US')} showcases`,
        measured: times(first.ours),
        peer: times(first.floor),
        ratio: (quantile(first.ours, 0.5) / quantile(first.floor, 0.5)).toFixed(2),
        goal: '—',
        reference: '—',
        note: `a new listener until every chunk has answered from the server; ${settings.runs} rounds after ${settings.warmUp} warm-up, ours and the floor taking turns`,
      });

      // Arrival: both listeners open; each write is timed until it is on each of them.
      const arrival = { ours: [], floor: [] };
      const latest = { ours: [], floor: [] };
      const waiters = { ours: null, floor: null };
      const watch = (kind) => (update) => {
        latest[kind] = update.ids;
        const waiter = waiters[kind];
        if (waiter && update.ids[0] === waiter.id) {
          waiters[kind] = null;
          waiter.resolve(performance.now());
        }
      };
      const fail = (error) => {
        throw error;
      };
      const stops = [listenFeed(makers)(watch('ours'), fail), listenEveryone(watch('floor'), fail)];
      try {
        await until(listenFeed(makers), fromServer);
        for (let round = 0; round < settings.warmUp + settings.runs; round += 1) {
          written += 1;
          const id = `follow-bench-new-${written}`;
          // The last followed maker: in the last chunk.
          const maker = makers[makers.length - 1];
          const arrived = ['ours', 'floor'].map(
            (kind) => new Promise((resolve) => (waiters[kind] = { id, resolve })),
          );
          const start = performance.now();
          await client.commit([
            {
              path: `showcases/${id}`,
              data: buildShowcase({
                title: `New ${written}`,
                ownerUid: maker,
                ownerName: 'A followed maker',
                createdAt: new Date(now + written * 1000),
              }),
            },
          ]);
          const [ours, floor] = await Promise.all(arrived);
          if (round >= settings.warmUp) {
            arrival.ours.push(ours - start);
            arrival.floor.push(floor - start);
          }
        }
      } finally {
        for (const stop of stops) stop();
      }
      rows.push({
        figure: `Following feed, a followed maker's new showcase arriving, following ${followed} makers, ${SHOWCASES.toLocaleString('en-US')} showcases`,
        measured: times(arrival.ours),
        peer: times(arrival.floor),
        ratio: (quantile(arrival.ours, 0.5) / quantile(arrival.floor, 0.5)).toFixed(2),
        goal: '—',
        reference: '—',
        note: `from the write (REST commit as the owner) to the open feed's update showing it first; the floor is the same write on the Everyone listener; ${settings.runs} writes after ${settings.warmUp} warm-up`,
      });
    }
    return rows;
  });
}
