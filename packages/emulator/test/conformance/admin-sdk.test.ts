// The Admin SDK (firebase-admin → @google-cloud/firestore, gRPC, always `Bearer owner`) against an
// in-process emulator: real transaction ids, listCollections/listDocuments, BatchWrite.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { PROJECT, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;
let app: App;
let db: Firestore;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  // The emulator host variable is what makes the Admin SDK use emulator credentials (`Bearer
  // owner`); without it google-auth-library probes the GCE metadata server, off this machine.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  app = initializeApp({ projectId: PROJECT }, 'admin-conformance');
  db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${server.port}`, ssl: false });
});

afterAll(async () => {
  if (db) await db.terminate();
  if (app) await deleteApp(app);
  await server?.close();
});

describe('Admin SDK over gRPC', () => {
  it('sets, gets, updates and deletes with preconditions', async () => {
    const ref = db.doc('admin/a');
    await ref.set({ n: 1, when: Timestamp.fromMillis(1_700_000_000_000), list: [1, 2] });
    await ref.update({
      n: FieldValue.increment(1),
      list: FieldValue.arrayUnion(3),
      at: FieldValue.serverTimestamp(),
    });
    const snap = await ref.get();
    expect(snap.get('n')).toBe(2);
    expect(snap.get('list')).toEqual([1, 2, 3]);
    expect(snap.get('at')).toBeInstanceOf(Timestamp);
    await expect(ref.create({ n: 0 })).rejects.toMatchObject({ code: 6 });
    await expect(db.doc('admin/missing').update({ n: 1 })).rejects.toMatchObject({ code: 5 });
    await expect(ref.delete({ lastUpdateTime: Timestamp.fromMillis(1) })).rejects.toMatchObject({
      code: 9,
    });
    await ref.delete({ lastUpdateTime: snap.updateTime! });
    expect((await ref.get()).exists).toBe(false);
  });

  it('queries, counts, lists collections and documents', async () => {
    const batch = db.batch();
    for (let i = 1; i <= 4; i++) batch.set(db.doc(`adminq/d${i}`), { n: i });
    batch.set(db.doc('adminq/d1/sub/s1'), { n: 100 });
    await batch.commit();
    const q = await db.collection('adminq').where('n', '>=', 2).orderBy('n', 'desc').limit(2).get();
    expect(q.docs.map((d) => d.id)).toEqual(['d4', 'd3']);
    expect((await db.collection('adminq').count().get()).data().count).toBe(4);
    const group = await db.collectionGroup('sub').get();
    expect(group.docs.map((d) => d.ref.path)).toEqual(['adminq/d1/sub/s1']);
    const collections = (await db.listCollections()).map((c) => c.id);
    expect(collections).toContain('adminq');
    expect((await db.doc('adminq/d1').listCollections()).map((c) => c.id)).toEqual(['sub']);
    const listed = (await db.collection('adminq').listDocuments()).map((d) => d.id).sort();
    expect(listed).toEqual(['d1', 'd2', 'd3', 'd4']);
  });

  it('streams onSnapshot changes', async () => {
    const seen: string[][] = [];
    const waiters: { ids: string; resolve: () => void }[] = [];
    const reached = (ids: string): Promise<void> =>
      new Promise((resolve) => {
        if (seen.some((s) => s.join() === ids)) resolve();
        else waiters.push({ ids, resolve });
      });
    const unsubscribe = db
      .collection('adminlive')
      .orderBy('v')
      .onSnapshot((snap: QuerySnapshot) => {
        const ids = snap.docs.map((d) => d.id);
        seen.push(ids);
        for (const w of waiters) if (w.ids === ids.join()) w.resolve();
      });
    await reached('');
    await db.doc('adminlive/a').set({ v: 1 });
    await db.doc('adminlive/b').set({ v: 2 });
    await reached('a,b');
    await db.doc('adminlive/a').delete();
    await reached('b');
    unsubscribe();
    expect(seen[0]).toEqual([]);
  });

  it('runs transactions with real transaction ids, retrying on contention', async () => {
    const counter = db.doc('admintx/counter');
    await counter.set({ n: 0 });
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(counter);
          const next = (snap.get('n') as number) + 1;
          tx.update(counter, { n: next });
          return next;
        }),
      ),
    );
    expect(results.sort()).toEqual([1, 2, 3]);
    expect((await counter.get()).get('n')).toBe(3);
    const fromQuery = await db.runTransaction(
      async (tx) => (await tx.get(db.collection('admintx'))).size,
    );
    expect(fromQuery).toBe(1);
    await expect(
      db.runTransaction(async () => {
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
  });

  it('applies BulkWriter batches (BatchWrite)', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 5; i++) void writer.set(db.doc(`adminbulk/d${i}`), { i });
    const failed = writer
      .create(db.doc('adminbulk/d0'), { i: -1 })
      .catch((error: { code: number }) => error.code);
    writer.onWriteError(() => false);
    await writer.close();
    expect(await failed).toBe(6);
    expect((await db.collection('adminbulk').get()).size).toBe(5);
  });

  it('reports no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
