import type { DocumentReference, Firestore, FirestoreError, Query } from 'firebase/firestore';
import { onSnapshot } from 'firebase/firestore';
import { use, useEffect, useEffectEvent, useState } from 'react';
import { connectionStore } from './connection-store';
import { getDb } from './firestore';

/**
 * Our own thin hooks over `onSnapshot` (product.md §5): metadata changes included, so
 * `fromCache` and `hasPendingWrites` are always current, and every listener reports to the
 * connection indicator.
 */
export type SnapshotError = { code: string; message: string };

type Meta = {
  /** The data came from the local cache, not (yet) from the server. */
  fromCache: boolean;
  /** Some of the data has local writes the server has not confirmed. */
  hasPendingWrites: boolean;
  /** The data is the previous key's (same family) while the new listener starts. */
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

/** Suspends until Firestore is ready (wrap users in <Suspense>). */
export function useFirestore(): Firestore {
  return use(getDb()).db;
}

let listenerSequence = 0;

function toSnapshotError(error: FirestoreError | Error): SnapshotError {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
  return { code, message: error.message };
}

type SnapshotMeta = Omit<Meta, 'stale'>;

type Keyed<T> = { key: string | null; family: string | undefined; state: SnapshotState<T> };

export type ListenOptions = {
  /**
   * Keys of one family (the same query with a larger limit) keep showing the previous data
   * while the new listener starts, instead of falling back to loading.
   */
  family?: string;
};

/**
 * Shared plumbing: subscribe while `key` is non-null, re-subscribe when it changes, and keep
 * the last data on error so a screen can keep showing what it had.
 */
function useListener<T>(
  key: string | null,
  options: ListenOptions,
  subscribe: (
    db: Firestore,
    next: (data: T, meta: SnapshotMeta) => void,
    fail: (error: FirestoreError) => void,
  ) => () => void,
): SnapshotState<T> {
  const db = useFirestore();
  const { family } = options;
  const [current, setCurrent] = useState<Keyed<T>>({ key, family, state: loading });
  const start = useEffectEvent(
    (next: (data: T, meta: SnapshotMeta) => void, fail: (error: FirestoreError) => void) =>
      subscribe(db, next, fail),
  );

  useEffect(() => {
    if (key === null) return undefined;
    const id = `listener-${++listenerSequence}`;
    const connection = connectionStore();
    connection.dispatch({ type: 'listener-opened', id });
    let closed = false;
    const unsubscribe = start(
      (data, meta) => {
        if (closed) return;
        connection.dispatch({ type: 'snapshot', id, fromCache: meta.fromCache });
        setCurrent({
          key,
          family,
          state: { status: 'success', data, error: null, stale: false, ...meta },
        });
      },
      (error) => {
        if (closed) return;
        connection.dispatch({ type: 'error', code: error.code });
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
      },
    );
    return () => {
      closed = true;
      unsubscribe();
      connection.dispatch({ type: 'listener-closed', id });
    };
  }, [key, family, db]);

  if (current.key === key) return current.state;
  // Same family: keep the previous data on screen while the new listener catches up.
  if (family !== undefined && current.family === family && current.state.status === 'success') {
    return { ...current.state, stale: true };
  }
  // A new key shows loading at once instead of the previous key's data.
  return loading;
}

/** Items of a live query, each carrying its own `pending` flag from the converter. */
export function useQuerySnapshot<T>(
  key: string | null,
  build: (db: Firestore) => Query<T>,
  options: ListenOptions & { reuse?: (previous: T, next: T) => boolean } = {},
): SnapshotState<T[]> {
  const { reuse } = options;
  return useListener<T[]>(key, options, (db, next, fail) => {
    let previous: ReadonlyMap<string, T> = new Map();
    return onSnapshot(
      build(db),
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
          next(items, {
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          });
        },
        error: fail,
      },
    );
  });
}

/** One live document: `null` when it does not exist. */
export function useDocSnapshot<T>(
  key: string | null,
  build: (db: Firestore) => DocumentReference<T>,
): SnapshotState<T | null> {
  return useListener<T | null>(key, {}, (db, next, fail) =>
    onSnapshot(
      build(db),
      { includeMetadataChanges: true },
      {
        next: (snapshot) =>
          next(snapshot.exists() ? snapshot.data() : null, {
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          }),
        error: fail,
      },
    ),
  );
}
