// The Admin SDK (firebase-admin, over gRPC) pointed at one spawned server: the client both
// emulators understand, so the peer comparisons run the same calls against both.
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { withinMs } from './stats.mjs';

// The SDK asks google-auth-library for a universe domain even when it talks to an emulator
// without TLS, which probes the GCE metadata server off this machine unless told there is none.
process.env.METADATA_SERVER_DETECTION ??= 'none';

let apps = 0;
const CLOSE_BOUND_MS = 5_000;

/** A Firestore instance for the server on `port` (no TLS, so the SDK sends the owner token). */
export function adminFirestore(port, projectId) {
  const app = initializeApp({ projectId }, `bench-${++apps}`);
  const db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${port}`, ssl: false });
  return {
    db,
    async close() {
      // terminate() waits for every call still in flight; after a capped load the abandoned
      // batches of a stopped server wait on gRPC's reconnect back-off, so give it a bound.
      if (
        (await withinMs(
          db.terminate().then(() => true),
          CLOSE_BOUND_MS,
        )) === undefined
      ) {
        console.error(
          `bench: an Admin SDK client did not close within ${CLOSE_BOUND_MS} ms; left to exit`,
        );
      }
      await deleteApp(app);
    },
  };
}

/** A small document as an app would store it: string, integer, 2-string array, timestamp. */
export function smallData(i, extra = {}) {
  return {
    title: `item ${i}`,
    n: i,
    tags: ['alpha', 'beta'],
    createdAt: Timestamp.fromMillis(1_700_000_000_000 + i * 1000),
    ...extra,
  };
}

const BATCH = 500;
const IN_FLIGHT = 4;

/**
 * Stores `count` small documents `<collection>/<prefix>-<i>` in batched writes of 500, four in
 * flight. Gives up once `capMs` has passed, even mid-batch, and reports how many the server had
 * acknowledged, so a server that slows down as it fills cannot hang the bench (stop that server
 * before closing the client: its unanswered batches are abandoned).
 */
export async function loadDocuments(
  db,
  { collection, prefix, count, extra = {}, capMs = Infinity },
) {
  const started = performance.now();
  let stored = 0;
  let acknowledged = 0;
  while (stored < count) {
    const remaining = capMs - (performance.now() - started);
    const commits = [];
    for (let b = 0; b < IN_FLIGHT && stored + b * BATCH < count; b++) {
      const batch = db.batch();
      const first = stored + b * BATCH;
      const last = Math.min(count, first + BATCH);
      for (let i = first; i < last; i++) {
        batch.set(db.doc(`${collection}/${prefix}-${i}`), smallData(i, extra));
      }
      commits.push(batch.commit().then(() => (acknowledged += last - first)));
    }
    const group = Promise.all(commits);
    if (
      (await withinMs(
        group.then(() => true),
        remaining,
      )) === undefined
    ) {
      // Abandoned batches fail once the server is stopped; that is expected, not an error.
      group.catch(() => {});
      return { finished: false, stored: acknowledged, ms: performance.now() - started };
    }
    stored = Math.min(count, stored + IN_FLIGHT * BATCH);
  }
  return { finished: true, stored, ms: performance.now() - started };
}
