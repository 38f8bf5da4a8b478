// A vector search (`findNearest`, EUCLIDEAN, limit 10) over 10,000 documents holding a
// 256-dimension vector, through the Admin SDK over gRPC against the built emulator, beside its
// floor measured in the same run: a plain loop in this process computing the same distances and
// the same top 10 over the same vectors held as Float64Arrays (no store, no wire, no SDK).
import { performance } from 'node:perf_hooks';
import { FieldValue } from 'firebase-admin/firestore';
import { adminFirestore } from '../lib/admin-client.mjs';
import { spawnEmulator, stopEmulator } from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMs, formatRatio, quantile, rotation } from '../lib/stats.mjs';

const PROJECT = 'demo-bench-vectors';
const COLLECTION = 'vectors';
const DOCUMENTS = 10_000;
const DIMENSIONS = 256;
const LIMIT = 10;
const BATCH = 500;

/** Deterministic pseudo-random vectors (a linear congruential generator), so runs compare. */
function vectors(count, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const v = new Float64Array(DIMENSIONS);
    for (let i = 0; i < DIMENSIONS; i++) v[i] = next() * 2 - 1;
    return v;
  });
}

/** The floor: every distance, then the nearest LIMIT (ties by index, as ours ties by name). */
function floorTopK(stored, query) {
  const distances = new Float64Array(stored.length);
  for (let d = 0; d < stored.length; d++) {
    const v = stored[d];
    let sum = 0;
    for (let i = 0; i < DIMENSIONS; i++) {
      const x = v[i] - query[i];
      sum += x * x;
    }
    distances[d] = Math.sqrt(sum);
  }
  const order = Array.from(stored.keys());
  order.sort((a, b) => distances[a] - distances[b] || a - b);
  return order.slice(0, LIMIT);
}

const idOf = (i) => `v${String(i).padStart(5, '0')}`;

export async function measureFindNearest({ cli, queries, warmUp, log }) {
  const stored = vectors(DOCUMENTS, 1);
  const asked = vectors(queries + warmUp, 2);
  const server = await spawnEmulator(cli);
  const admin = adminFirestore(server.port, PROJECT);
  try {
    log(
      `find-nearest: loading ${DOCUMENTS.toLocaleString('en-US')} vectors of ${DIMENSIONS} dimensions`,
    );
    for (let first = 0; first < DOCUMENTS; first += BATCH) {
      const batch = admin.db.batch();
      for (let i = first; i < Math.min(DOCUMENTS, first + BATCH); i++) {
        batch.set(admin.db.doc(`${COLLECTION}/${idOf(i)}`), {
          embedding: FieldValue.vector([...stored[i]]),
        });
      }
      await batch.commit();
    }
    const search = (query) =>
      admin.db
        .collection(COLLECTION)
        .findNearest({
          vectorField: 'embedding',
          queryVector: [...query],
          limit: LIMIT,
          distanceMeasure: 'EUCLIDEAN',
        })
        .get();
    const times = { ours: [], floor: [] };
    for (const [round, query] of asked.entries()) {
      // Alternate which goes first, so load from anything else weighs on both alike.
      for (const side of rotation(['ours', 'floor'], round)) {
        const started = performance.now();
        let ids;
        if (side === 'ours') ids = (await search(query)).docs.map((d) => d.id);
        else ids = floorTopK(stored, query).map(idOf);
        const ms = performance.now() - started;
        if (ids.length !== LIMIT) throw new Error(`${side} answered ${ids.length} documents`);
        if (round >= warmUp) times[side].push(ms);
      }
      if (round >= warmUp) {
        // The same answer from both, or the comparison means nothing.
        const ours = (await search(query)).docs.map((d) => d.id).join();
        const floor = floorTopK(stored, query).map(idOf).join();
        if (ours !== floor) throw new Error(`find-nearest: answers differ: ${ours} vs ${floor}`);
      }
    }
    return [0.5, 0.95].map((q) => {
      const ours = quantile(times.ours, q);
      const floor = quantile(times.floor, q);
      const label = q === 0.5 ? 'p50' : 'p95';
      return comparedRow({
        figure: `findNearest over ${DOCUMENTS.toLocaleString('en-US')} vectors of ${DIMENSIONS} dimensions, ${label} per query`,
        ours: figure(ours, formatMs(ours)),
        peer: figure(floor, formatMs(floor)),
        ratio: `ours ÷ floor ${formatRatio(ours, floor)}`,
        goal: 'within a small multiple of the floor',
        note: `EUCLIDEAN, limit ${LIMIT}, no pre-filter; ${queries} queries after ${warmUp} warm-up ones, each a new random vector, alternating which side goes first. Ours: the Admin SDK's VectorQuery.get() over gRPC to the built emulator (decode, scan of the collection, distances, top ${LIMIT}, encode, and the client decoding ${LIMIT} documents of ${DIMENSIONS} doubles). Floor: the same distances and top ${LIMIT} in a plain loop over the same vectors as Float64Arrays in the bench process; both answers are checked equal`,
      });
    });
  } finally {
    await stopEmulator(server.child);
    await admin.close();
  }
}
