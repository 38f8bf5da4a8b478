// The page the browser suite drives: the unmodified firebase browser build (WebChannel + REST),
// exposed on globalThis.harness with a snapshot recorder the tests poll.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import * as fs from 'firebase/firestore';

export type PlainSnapshot = {
  readonly fromCache: boolean;
  readonly hasPendingWrites: boolean;
  /** Query snapshots: documents in order. */
  readonly docs?: readonly { id: string; data: unknown }[];
  readonly changes?: readonly { type: string; id: string }[];
  /** Document snapshots. */
  readonly exists?: boolean;
  readonly data?: unknown;
};

/** Firestore values as JSON the test process can compare. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number') {
      if (Number.isNaN(value)) return 'NaN';
      if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
      if (Object.is(value, -0)) return '-0';
    }
    return value;
  }
  if (value instanceof fs.Timestamp)
    return { timestamp: value.toDate().toISOString(), nanos: value.nanoseconds };
  if (value instanceof fs.GeoPoint) return { lat: value.latitude, lng: value.longitude };
  if (value instanceof fs.Bytes) return { bytes: value.toBase64() };
  if (value instanceof fs.DocumentReference) return { ref: value.path };
  if (value instanceof fs.VectorValue) return { vector: value.toArray() };
  if (Array.isArray(value)) return value.map(plain);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = plain(v);
  return out;
}

const apps = new Map<string, { app: FirebaseApp; db: fs.Firestore }>();
const snapshots = new Map<string, PlainSnapshot[]>();
const errors = new Map<string, string>();
const unsubscribers = new Map<string, () => void>();

export const harness = {
  fs,
  plain,
  /** Opens a named Firestore instance pointed at the emulator. */
  open(
    name: string,
    port: number,
    settings: fs.FirestoreSettings = {},
    mockUserToken?: string | { user_id: string },
  ): fs.Firestore {
    const app = initializeApp(
      { projectId: 'demo-conformance', apiKey: 'fake-api-key', appId: '1:1:web:1' },
      name,
    );
    const db = fs.initializeFirestore(app, settings);
    // An object becomes an unsigned JWT that travels only in the WebChannel handshake body.
    fs.connectFirestoreEmulator(
      db,
      '127.0.0.1',
      port,
      mockUserToken === undefined ? {} : { mockUserToken },
    );
    apps.set(name, { app, db });
    return db;
  },
  db(name: string): fs.Firestore {
    const entry = apps.get(name);
    if (!entry) throw new Error(`no Firestore instance named ${name}`);
    return entry.db;
  },
  async close(name: string): Promise<void> {
    const entry = apps.get(name);
    if (!entry) return;
    apps.delete(name);
    await fs.terminate(entry.db);
    await deleteApp(entry.app);
  },
  /** Records every snapshot of a query or document under `id`. */
  watch(
    id: string,
    target: fs.Query | fs.DocumentReference,
    options: fs.SnapshotListenOptions = {},
  ): void {
    snapshots.set(id, []);
    const onError = (error: Error): void => {
      errors.set(id, error.message);
    };
    const unsubscribe =
      target instanceof fs.DocumentReference
        ? fs.onSnapshot(
            target,
            options,
            (snap) =>
              snapshots.get(id)!.push({
                fromCache: snap.metadata.fromCache,
                hasPendingWrites: snap.metadata.hasPendingWrites,
                exists: snap.exists(),
                data: plain(snap.data() ?? null),
              }),
            onError,
          )
        : fs.onSnapshot(
            target,
            options,
            (snap) =>
              snapshots.get(id)!.push({
                fromCache: snap.metadata.fromCache,
                hasPendingWrites: snap.metadata.hasPendingWrites,
                docs: snap.docs.map((d) => ({ id: d.id, data: plain(d.data()) })),
                changes: snap.docChanges().map((c) => ({ type: c.type, id: c.doc.id })),
              }),
            onError,
          );
    unsubscribers.set(id, unsubscribe);
  },
  unwatch(id: string): void {
    unsubscribers.get(id)?.();
    unsubscribers.delete(id);
  },
  snapshots(id: string): readonly PlainSnapshot[] {
    return snapshots.get(id) ?? [];
  },
  last(id: string): PlainSnapshot | undefined {
    const list = snapshots.get(id);
    return list?.[list.length - 1];
  },
  error(id: string): string | undefined {
    return errors.get(id);
  },
};

export type Harness = typeof harness;

(globalThis as unknown as { harness: Harness }).harness = harness;
