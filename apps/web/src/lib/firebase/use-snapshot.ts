import type { DocumentReference, Firestore, FirestoreError, Query } from 'firebase/firestore';
import { documentId, onSnapshot, onSnapshotsInSync, query, where } from './sdk';
import {
  startTransition,
  use,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { connectionStore } from './connection-store';
import { getDb, subscribeInstance } from './firestore';
import { listenKey } from './listen-key';
import { whenBrowserIdle } from '../../utils/when-idle';

/**
 * Our own thin hooks over `onSnapshot`: metadata changes included, so `fromCache` and
 * `hasPendingWrites` are always current (pending writes and the connection state depend on
 * them), and every listener reports to the connection indicator.
 *
 * A hook takes a builder of lib/firebase (`showcaseRef`, `showcasesQuery`, …) and its arguments;
 * it listens again only when the builder or the arguments change (see listen-key.ts).
 */
export type SnapshotError = { code: string; message: string };

type Meta = {
  /** The data came from the local cache, not (yet) from the server. */
  fromCache: boolean;
  /** Some of the data has local writes the server has not confirmed. */
  hasPendingWrites: boolean;
  /** The data is the previous query's (same family) while the new listener starts. */
  stale: boolean;
};

export type SnapshotState<T> =
  | ({ status: 'loading'; data: undefined; error: null } & Meta)
  | ({ status: 'success'; data: T; error: null } & Meta)
  | ({ status: 'error'; data: T | undefined; error: SnapshotError } & Meta);

const loading: SnapshotState<never> = {
  status: 'loading',
  data: undefined,
  error: null,
  fromCache: true,
  hasPendingWrites: false,
  stale: false,
};

/** The current instance's promise, followed when it is replaced (a sign-in, a sign-out). */
function useInstance(): ReturnType<typeof getDb> {
  return useSyncExternalStore(subscribeInstance, getDb, getDb);
}

/**
 * Suspends until Firestore is ready (wrap users in <Suspense>). Follows the instance when it is
 * replaced (a visitor signs in, a user signs out), so listeners move to the new one.
 */
export function useFirestore(): Firestore {
  return use(useInstance()).db;
}

/**
 * The database for an action (a delete, a write), without suspending the screen that offers it
 * until the SDK has loaded: a screen drawn from the first paint's read renders before that.
 */
export function firestoreForAction(): Promise<Firestore> {
  return getDb().then(({ db }) => db);
}

let listenerSequence = 0;

/**
 * Test builds only: a page may set `__showcaseOnSnapshot` to be told when a document snapshot
 * reaches this hook, before React renders it (the write-latency bench times that step).
 * Production builds drop it.
 */
const reportDocSnapshot: ((path: string) => void) | undefined =
  import.meta.env.MODE === 'test'
    ? (path) =>
        (globalThis as { __showcaseOnSnapshot?: (path: string) => void }).__showcaseOnSnapshot?.(
          path,
        )
    : undefined;

function toSnapshotError(error: FirestoreError | Error): SnapshotError {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
  return { code, message: error.message };
}

type SnapshotMeta = Omit<Meta, 'stale'>;

const metaOf = ({ metadata }: { metadata: SnapshotMeta }): SnapshotMeta => ({
  fromCache: metadata.fromCache,
  hasPendingWrites: metadata.hasPendingWrites,
});

type Keyed<T> = { key: string | null; family: string | undefined; state: SnapshotState<T> };

export type ListenOptions = {
  /**
   * Queries of one family (the same query with a larger limit) keep showing the previous data
   * while the new listener starts, instead of falling back to loading. Any value; equal values
   * (compared by content) are one family.
   */
  family?: unknown;
  /** A new attempt listens again with the same arguments (Retry after an error). */
  attempt?: number;
};

/**
 * What a screen shows before its listener's first answer, read moments ago by the first paint
 * (the same query with a smaller limit, or the same document): shown as `stale` data from the
 * server, so the screen renders and takes over at once. The first answer replaces it. Only the
 * first render's value counts.
 */
export type Initial<T> = { data: T } | null;

/** A screen's state while it shows its initial data and its listener starts. */
function initialState<T>(initial: Initial<T>): SnapshotState<T> {
  if (initial === null) return loading;
  return {
    status: 'success',
    data: initial.data,
    error: null,
    fromCache: true,
    hasPendingWrites: false,
    stale: true,
  };
}

/**
 * A builder of lib/firebase, declared once at module level (a new function on every render
 * would listen again on every render), and what it builds from the database and its arguments.
 */
export type Builder<Args extends readonly unknown[], Target> = (
  db: Firestore,
  ...args: Args
) => Target;

function keysOf(builder: object, args: readonly unknown[] | null, options: ListenOptions) {
  if (args === null) return { key: null, family: undefined };
  return {
    key: `${listenKey(builder, args)}#${options.attempt ?? 0}`,
    family: options.family === undefined ? undefined : listenKey(builder, [options.family]),
  };
}

/** Renders waiting for the SDK to finish the work it has queued, per database. */
const afterQueuedWork = new WeakMap<Firestore, Set<() => void>>();

/** Longest such a render then waits for the browser to be idle. */
const IDLE_WAIT_MS = 50;

/**
 * Runs `render` once the SDK has finished every operation queued so far and the browser is then
 * idle, together with every other render waiting for the same moment (one commit); the returned
 * function cancels it.
 *
 * The SDK runs its operations one after another, and `onSnapshotsInSync` calls back once as it
 * is attached, in an operation of its own: that call comes after the operations queued before
 * it. A local write is one such operation, from storing the write to handing it to the network.
 * Idle after that, the request has left: a render at once competed with it, and with the
 * emulator and the other pages on a machine of few cores (the like's p50 was 2 ms longer).
 */
function renderAfterQueuedWork(db: Firestore, render: () => void): () => void {
  let renders = afterQueuedWork.get(db);
  if (renders === undefined) {
    const batch = new Set<() => void>();
    afterQueuedWork.set(db, batch);
    const detach = onSnapshotsInSync(db, () => {
      detach();
      if (afterQueuedWork.get(db) === batch) afterQueuedWork.delete(db);
      whenBrowserIdle(
        () => {
          if (batch.size > 0) flushSync(() => batch.forEach((run) => run()));
        },
        { within: IDLE_WAIT_MS, otherwise: 0 },
      );
    });
    renders = batch;
  }
  renders.add(render);
  return () => renders.delete(render);
}

/**
 * Shared plumbing: subscribe while `key` is non-null, re-subscribe when it changes, and keep
 * the last data on error so a screen can keep showing what it had.
 *
 * A snapshot of this device's own write (one with unconfirmed writes, or any while such a write
 * is on its way: an unlike leaves nothing pending) renders once the SDK has sent the write, all
 * listeners in one commit. The SDK calls back with the write's local result while it still has
 * IndexedDB steps to take before the send, and a render then holds up their events: the write
 * would leave that much later (docs/decisions/2026-11-27-like-latency-against-the-sdk-floor.md).
 * Every other snapshot (the server's news) renders at once.
 */
function useListener<T>(
  { key, family }: { key: string | null; family: string | undefined },
  initial: Initial<T>,
  subscribe: (
    db: Firestore,
    next: (data: T, meta: SnapshotMeta) => void,
    fail: (error: FirestoreError) => void,
  ) => () => void,
): SnapshotState<T> {
  // Not `useFirestore()`: a screen shows its loading state, or its initial data, while the SDK
  // loads, instead of suspending; the listener starts once the instance is there.
  const instance = useInstance();
  const [current, setCurrent] = useState<Keyed<T>>(() => ({
    key,
    family,
    state: initialState(initial),
  }));
  const start = useEffectEvent(
    (
      db: Firestore,
      next: (data: T, meta: SnapshotMeta) => void,
      fail: (error: FirestoreError) => void,
    ) => subscribe(db, next, fail),
  );

  useEffect(() => {
    if (key === null) return undefined;
    const id = `listener-${++listenerSequence}`;
    const connection = connectionStore();
    connection.dispatch({ type: 'listener-opened', id });
    let closed = false;
    let answered = false;
    // The latest snapshot waiting for the SDK's queued work, and how to stop waiting (set while
    // one waits).
    let waiting: (() => void) | null = null;
    let cancelWait: (() => void) | null = null;
    const dropWaiting = () => {
      cancelWait?.();
      cancelWait = null;
      waiting = null;
    };
    const failed = (error: FirestoreError | Error) => {
      if (closed) return;
      dropWaiting();
      connection.dispatch({ type: 'error', code: toSnapshotError(error).code });
      connection.dispatch({ type: 'listener-closed', id });
      setCurrent((previous) => ({
        key,
        family,
        state: {
          status: 'error',
          data: previous.key === key ? previous.state.data : undefined,
          error: toSnapshotError(error),
          fromCache: previous.state.fromCache,
          hasPendingWrites: previous.state.hasPendingWrites,
          stale: false,
        },
      }));
    };
    let unsubscribe = () => {};
    instance.then(({ db }) => {
      if (closed) return;
      unsubscribe = start(
        db,
        (data, meta) => {
          if (closed) return;
          connection.dispatch({ type: 'snapshot', id, fromCache: meta.fromCache });
          const render = () =>
            setCurrent({
              key,
              family,
              state: { status: 'success', data, error: null, stale: false, ...meta },
            });
          // A listener's first answer replaces a skeleton or a spinner with a whole section (a
          // gallery's 24 cards): as a transition React renders it in slices, so a slow phone
          // stays responsive. Every later snapshot (a like, an edit) is small and renders at
          // once, in this callback, rather than in a task of its own behind what the SDK has
          // queued (docs/decisions/2026-11-27-like-latency-against-the-sdk-floor.md).
          const apply = () => {
            if (answered) render();
            else startTransition(render);
            answered = true;
          };
          if (meta.hasPendingWrites || connection.getState().writes.size > 0) {
            waiting = apply;
            cancelWait ??= renderAfterQueuedWork(db, () => {
              const latest = waiting;
              cancelWait = null;
              waiting = null;
              latest?.();
            });
            return;
          }
          dropWaiting();
          if (answered) flushSync(apply);
          else apply();
        },
        failed,
      );
    }, failed);
    return () => {
      closed = true;
      dropWaiting();
      unsubscribe();
      connection.dispatch({ type: 'listener-closed', id });
    };
  }, [key, family, instance]);

  if (current.key === key) return current.state;
  // Same family: keep the previous data on screen while the new listener catches up.
  if (family !== undefined && current.family === family && current.state.status === 'success') {
    return { ...current.state, stale: true };
  }
  // A new key shows loading at once instead of the previous key's data.
  return loading;
}

/**
 * Items of the live query `build(db, ...args)`, each carrying its own `pending` flag from the
 * converter. `args: null` listens to nothing.
 */
export function useQuerySnapshot<T, Args extends readonly unknown[]>(
  build: Builder<Args, Query<T>>,
  args: NoInfer<Args> | null,
  options: ListenOptions & {
    reuse?: (previous: T, next: T) => boolean;
    initial?: Initial<T[]>;
  } = {},
): SnapshotState<T[]> {
  const { reuse, initial = null } = options;
  return useListener<T[]>(keysOf(build, args, options), initial, (db, next, fail) => {
    let previous: ReadonlyMap<string, T> = new Map();
    return onSnapshot(
      build(db, ...args!), // Only subscribed while args are given.
      { includeMetadataChanges: true },
      {
        next: (snapshot) => {
          const ids = new Map<string, T>();
          const items = snapshot.docs.map((doc) => {
            const item = doc.data();
            const before = previous.get(doc.id);
            // Keep identity for unchanged items so memoized rows do not re-render on every change.
            const kept = before !== undefined && reuse?.(before, item) ? before : item;
            ids.set(doc.id, kept);
            return kept;
          });
          previous = ids;
          next(items, metaOf(snapshot));
        },
        error: fail,
      },
    );
  });
}

/** The live document `build(db, ...args)`: `null` when it does not exist. `args: null`: none. */
export function useDocSnapshot<T, Args extends readonly unknown[]>(
  build: Builder<Args, DocumentReference<T>>,
  args: NoInfer<Args> | null,
  options: Pick<ListenOptions, 'attempt'> & { initial?: Initial<T | null> } = {},
): SnapshotState<T | null> {
  return useListener<T | null>(
    keysOf(build, args, options),
    options.initial ?? null,
    (db, next, fail) =>
      onSnapshot(
        build(db, ...args!), // Only subscribed while args are given.
        { includeMetadataChanges: true },
        {
          next: (snapshot) => {
            reportDocSnapshot?.(snapshot.ref.path);
            next(snapshot.exists() ? snapshot.data() : null, metaOf(snapshot));
          },
          error: fail,
        },
      ),
  );
}

/**
 * The live document `build(db, ...args)` as `useDocSnapshot` gives it, listened to as a query of
 * its id: for documents that are missing more often than not, such as this viewer's like, save
 * or follow of what a screen shows. Whenever the server reports a change, the SDK writes a "no
 * document" into its cache for every missing document it listens to directly; a query that
 * matches nothing costs it nothing. A gallery holds one of these per card
 * (docs/decisions/2026-11-28-missing-documents-listened-to-as-queries.md).
 */
export function useDocSnapshotByQuery<T, Args extends readonly unknown[]>(
  build: Builder<Args, DocumentReference<T>>,
  args: NoInfer<Args> | null,
): SnapshotState<T | null> {
  return useListener<T | null>(keysOf(build, args, {}), null, (db, next, fail) => {
    const ref = build(db, ...args!); // Only subscribed while args are given.
    // The parent keeps the reference's converter.
    return onSnapshot(
      query(ref.parent, where(documentId(), '==', ref.id)),
      { includeMetadataChanges: true },
      {
        next: (snapshot) => {
          reportDocSnapshot?.(ref.path);
          next(snapshot.docs[0]?.data() ?? null, metaOf(snapshot));
        },
        error: fail,
      },
    );
  });
}
