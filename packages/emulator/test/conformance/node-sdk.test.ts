// The firebase Node build (gRPC over h2c with its own grpc-js 1.9) against an in-process emulator:
// writes, queries, listeners, transactions and aggregations, all on the one sniffed port.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getAggregateFromServer,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  getFirestore,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  sum,
  terminate,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Firestore, Query, QuerySnapshot } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { restDelete, restSet, startEmulator, PROJECT } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;
let app: FirebaseApp;
let db: Firestore;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  app = initializeApp({ projectId: PROJECT }, 'node-sdk');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port);
});

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await server?.close();
});

/** Resolves with the first snapshot that satisfies `predicate`. */
function nextSnapshot(
  q: Query,
  predicate: (s: QuerySnapshot) => boolean,
): { promise: Promise<QuerySnapshot>; stop: () => void } {
  let stop = (): void => {};
  const promise = new Promise<QuerySnapshot>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching snapshot within 10 s')), 10_000);
    stop = onSnapshot(
      q,
      (snap) => {
        if (!snap.metadata.fromCache && predicate(snap)) {
          clearTimeout(timer);
          resolve(snap);
        }
      },
      reject,
    );
  });
  return { promise, stop: () => stop() };
}

describe('firebase Node SDK over gRPC', () => {
  it('writes and reads documents with transforms and batches', async () => {
    const ref = doc(db, 'node/a');
    await setDoc(ref, { n: 1, at: Timestamp.fromMillis(1_700_000_000_123), tags: ['x'] });
    await updateDoc(ref, { n: increment(2), stamp: serverTimestamp(), 'nested.deep': true });
    const batch = writeBatch(db);
    batch.set(doc(db, 'node/b'), { n: 10 });
    batch.set(doc(db, 'node/c'), { n: 20 });
    batch.delete(doc(db, 'node/c'));
    await batch.commit();
    const snap = await getDocFromServer(ref);
    expect(snap.get('n')).toBe(3);
    expect(snap.get('at')).toEqual(Timestamp.fromMillis(1_700_000_000_123));
    expect(snap.get('nested')).toEqual({ deep: true });
    expect(snap.get('stamp')).toBeInstanceOf(Timestamp);
    expect((await getDocFromServer(doc(db, 'node/c'))).exists()).toBe(false);
    await deleteDoc(doc(db, 'node/b'));
    expect((await getDocFromServer(doc(db, 'node/b'))).exists()).toBe(false);
    expect(server.transportStats().http2Connections).toBeGreaterThan(0);
  });

  it('runs queries and aggregations', async () => {
    for (let i = 1; i <= 5; i++) await setDoc(doc(db, `nodeq/d${i}`), { n: i, odd: i % 2 === 1 });
    const odd = await getDocsFromServer(
      query(collection(db, 'nodeq'), where('odd', '==', true), orderBy('n', 'desc'), limit(2)),
    );
    expect(odd.docs.map((d) => d.id)).toEqual(['d5', 'd3']);
    const base = query(collection(db, 'nodeq'), where('n', '>', 1));
    expect((await getCountFromServer(base)).data().count).toBe(4);
    expect((await getAggregateFromServer(base, { total: sum('n') })).data().total).toBe(14);
  });

  it('delivers onSnapshot changes made elsewhere', async () => {
    const q = query(collection(db, 'nodelive'), orderBy('v'));
    const first = nextSnapshot(q, (s) => s.size === 0);
    await first.promise;
    first.stop();
    const second = nextSnapshot(q, (s) => s.docs.map((d) => d.id).join() === 'y,x');
    await restSet(server, 'nodelive/x', { v: { integerValue: '2' } });
    await restSet(server, 'nodelive/y', { v: { integerValue: '1' } });
    await second.promise;
    second.stop();
    const third = nextSnapshot(q, (s) => s.docs.map((d) => d.id).join() === 'x');
    await restDelete(server, 'nodelive/y');
    await third.promise;
    third.stop();
  });

  it('runs concurrent transactions to a consistent result', async () => {
    const counter = doc(db, 'nodetx/counter');
    await setDoc(counter, { n: 0 });
    await Promise.all(
      [1, 2, 3].map(() =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(counter);
          tx.update(counter, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await getDocFromServer(counter)).get('n')).toBe(3);
  });

  it('reports no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
