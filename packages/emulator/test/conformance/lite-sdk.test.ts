// The lite build (firebase/firestore/lite: REST via fetch, errors read from the HTTP status)
// against an in-process emulator.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  average,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limitToLast,
  orderBy,
  query,
  runTransaction,
  setDoc,
  terminate,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { PROJECT, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;
let app: FirebaseApp;
let db: Firestore;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'lite-sdk');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port);
});

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await server?.close();
});

describe('lite SDK over REST', () => {
  it('writes, reads and deletes documents', async () => {
    const ref = doc(db, 'lite/a');
    await setDoc(ref, { n: 1, name: 'Ünïcødé ✓', nested: { x: [1, 'two'] } });
    await updateDoc(ref, { n: increment(41), 'nested.y': null });
    const snap = await getDoc(ref);
    expect(snap.data()).toEqual({ n: 42, name: 'Ünïcødé ✓', nested: { x: [1, 'two'], y: null } });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('maps permanent errors from the HTTP status', async () => {
    await expect(updateDoc(doc(db, 'lite/missing'), { n: 1 })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('runs queries, limitToLast, aggregations and batches', async () => {
    const batch = writeBatch(db);
    for (let i = 1; i <= 5; i++) batch.set(doc(db, `liteq/d${i}`), { n: i });
    await batch.commit();
    const filtered = await getDocs(
      query(collection(db, 'liteq'), where('n', 'in', [2, 4, 9]), orderBy('n')),
    );
    expect(filtered.docs.map((d) => d.id)).toEqual(['d2', 'd4']);
    const last = await getDocs(query(collection(db, 'liteq'), orderBy('n'), limitToLast(2)));
    expect(last.docs.map((d) => d.id)).toEqual(['d4', 'd5']);
    expect((await getCount(collection(db, 'liteq'))).data().count).toBe(5);
    expect((await getAggregate(collection(db, 'liteq'), { mean: average('n') })).data().mean).toBe(
      3,
    );
    const empty = await getDocs(query(collection(db, 'liteq'), where('n', '>', 100)));
    expect(empty.empty).toBe(true);
  });

  it('runs transactions', async () => {
    const ref = doc(db, 'litetx/counter');
    await setDoc(ref, { n: 0 });
    await Promise.all(
      [1, 2].map(() =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await getDoc(ref)).get('n')).toBe(2);
  });

  it('reports no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
