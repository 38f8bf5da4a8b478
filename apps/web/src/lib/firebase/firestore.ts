import type { Firestore } from 'firebase/firestore';
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  terminate,
  waitForPendingWrites,
  loadFirestoreSdk,
} from './sdk';
import { getFirebaseApp } from './app';
import { firestoreEmulatorTarget } from './emulators';
import { getSessionState, subscribeSession } from '../session/session-store';

/**
 * The one Firestore instance, created on first use, once the SDK's chunk has loaded (sdk.ts):
 * the sign-in screens never download the SDK, and a screen drawn from the first paint's read
 * renders before it has arrived.
 *
 * A signed-in user's instance keeps the persistent cache (offline reading, queued writes). A
 * visitor's instance (signed out, reading public showcases) keeps nothing on disk: it uses the
 * memory cache, so a shared browser holds no one's data after a sign-out, and it is retired as
 * soon as someone signs in, so their session gets the persistent cache. Each visitor tab then
 * has its own instance; it only listens (one long-polling request, no write stream), so a
 * browser's six connections per host carry several such tabs.
 */
export type LocalCacheKind = 'persistent' | 'memory';

type Instance = { db: Firestore; cache: LocalCacheKind; forVisitor: boolean };

let instance: Promise<Instance> | null = null;
let instanceForVisitor = false;
let resolvedInstance: Instance | null = null;
const cacheListeners = new Set<(kind: LocalCacheKind) => void>();
const instanceListeners = new Set<() => void>();

/** Tells `useFirestore` users that `getDb()` now answers with another instance. */
function instanceChanged(): void {
  for (const listener of instanceListeners) listener();
}

/** Called whenever `getDb()` starts answering with another instance (sign-in, sign-out). */
export function subscribeInstance(listener: () => void): () => void {
  instanceListeners.add(listener);
  return () => instanceListeners.delete(listener);
}

/** Opens (and removes) a probe database: private modes and locked-down browsers refuse here. */
async function indexedDbUsable(timeoutMs = 3_000): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  const probeName = 'showcase-storage-probe';
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      const request = indexedDB.open(probeName);
      request.onsuccess = () => {
        clearTimeout(timer);
        request.result.close();
        indexedDB.deleteDatabase(probeName);
        resolve(true);
      };
      request.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  } catch {
    return false;
  }
}

function createInstance(cache: LocalCacheKind): Firestore {
  const db = initializeFirestore(getFirebaseApp(), {
    // Multi-tab: only the primary tab holds network streams. Each SDK instance keeps up to two
    // long-polling requests open and a browser allows six HTTP/1.1 connections per host, so
    // three tabs with their own streams would deadlock: their writes would never leave.
    localCache:
      cache === 'persistent'
        ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
        : memoryLocalCache(),
  });
  const emulator = firestoreEmulatorTarget();
  if (emulator) connectFirestoreEmulator(db, emulator.host, emulator.port);
  return db;
}

/**
 * Set while a sign-out is under way after the cache was cleared: screens still on the page must
 * not start a new instance (it would write a fresh cache for the user who is leaving). Lifted
 * when the session is no longer signed in, or after a while if the sign-out did not happen.
 */
let closedUntil: Promise<void> | null = null;
/** The one promise `getDb()` answers while closed (stable, so React can wait on it). */
let reopening: Promise<Instance> | null = null;

function closeUntilSignedOut(): void {
  let reopen = () => {};
  closedUntil = new Promise<void>((resolve) => {
    reopen = resolve;
  });
  const stopWatching = subscribeSession(() => {
    if (getSessionState().status !== 'signed-in') lift();
  });
  const timer = setTimeout(lift, 15_000);
  function lift() {
    stopWatching();
    clearTimeout(timer);
    closedUntil = null;
    reopening = null;
    reopen();
    instanceChanged();
  }
}

/** Someone signed in: the visitor's memory-cache instance makes way for a persistent one. */
function retireVisitorInstance(): void {
  if (!instance || !instanceForVisitor) return;
  const retired = instance;
  instance = null;
  resolvedInstance = null;
  retired.then(({ db }) => terminate(db)).catch(() => undefined);
  instanceChanged();
}

subscribeSession(() => {
  if (getSessionState().status === 'signed-in') retireVisitorInstance();
});

/**
 * This module arrives with the first screen that shows data, usually while Auth is still
 * restoring the session (the router preloads that screen at start-up). The instance must wait
 * for Auth (it would otherwise start signed out and restart its streams when the user is known),
 * but the connection its first Listen needs can be opened now.
 */
function preconnectToFirestore(): void {
  if (typeof document === 'undefined') return;
  let emulator: ReturnType<typeof firestoreEmulatorTarget>;
  try {
    emulator = firestoreEmulatorTarget();
  } catch {
    return; // Bad configuration: reported when the instance is created, not by a hint.
  }
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = emulator
    ? `http://${emulator.host}:${emulator.port}`
    : 'https://firestore.googleapis.com';
  // No `crossorigin`: with it, Chromium kept the preconnected socket apart from the one the
  // SDK's WebChannel requests used (Lighthouse reported the preconnect unused).
  document.head.append(link);
}

preconnectToFirestore();

/**
 * The Firestore instance: for a signed-in user with the persistent cache when the browser
 * allows it, for a visitor with the memory cache. The same promise until the instance changes.
 * Loads the SDK first (sdk.ts).
 */
export function getDb(): Promise<Instance> {
  if (closedUntil) return (reopening ??= closedUntil.then(getDb));
  if (instance) return instance;
  instanceForVisitor = getSessionState().status !== 'signed-in';
  if (instanceForVisitor) {
    instance = loadFirestoreSdk().then(() => {
      const created: Instance = { db: createInstance('memory'), cache: 'memory', forVisitor: true };
      resolvedInstance = created;
      return created;
    });
    return instance;
  }
  instance = Promise.all([indexedDbUsable(), loadFirestoreSdk()]).then(([usable]) => {
    const cache: LocalCacheKind = usable ? 'persistent' : 'memory';
    const created: Instance = { db: createInstance(cache), cache, forVisitor: false };
    resolvedInstance = created;
    for (const listener of cacheListeners) listener(cache);
    return created;
  });
  return instance;
}

/**
 * Told once per signed-in user's instance which cache is in use, so the UI can explain the
 * memory fallback (a visitor's memory cache is by design, not a fallback).
 */
export function onLocalCache(listener: (kind: LocalCacheKind) => void): () => void {
  cacheListeners.add(listener);
  if (resolvedInstance && !resolvedInstance.forVisitor) listener(resolvedInstance.cache);
  return () => cacheListeners.delete(listener);
}

/**
 * False only when the SDK confirms, within `timeoutMs`, that every write made so far has been
 * acknowledged by the server. Its `waitForPendingWrites` never resolves while offline, which is
 * exactly the case to warn about; online a write normally lands within milliseconds, so the
 * caller waits longer before calling it lost. Anything short of that confirmation (a slow start
 * of the local cache after a reload, a refusal, an error) counts as "maybe unsent": asking once
 * too often costs a click, not asking once costs the user's work.
 */
export async function hasUnconfirmedWrites(timeoutMs: number): Promise<boolean> {
  const confirmed = (async () => {
    // Started if need be: writes queued on disk by an earlier visit count too.
    const { db } = await getDb();
    await waitForPendingWrites(db);
    return true;
  })().catch((error: unknown) => {
    console.warn('[showcase] Could not confirm that every change reached the server.', error);
    return false;
  });
  const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs));
  return !(await Promise.race([confirmed, timedOut]));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms),
    ),
  ]);
}

/**
 * Shuts Firestore down and deletes its local cache (documents and queued writes), so the next
 * person on this browser sees nothing of this session. Other open tabs keep the database in use;
 * then the SDK refuses with `failed-precondition` and the cache is cleared on a later sign-out.
 */
export async function clearLocalCache(): Promise<void> {
  const current = instance;
  instance = null;
  resolvedInstance = null;
  closeUntilSignedOut();
  instanceChanged();
  await loadFirestoreSdk();
  // A page that never used Firestore may still hold a previous session's cache on disk.
  const db = current
    ? (await current).db
    : (await indexedDbUsable())
      ? createInstance('persistent')
      : null;
  if (!db) return;
  await withTimeout(terminate(db), 5_000, 'terminate');
  try {
    // Deleting waits for every other connection to the database to close (another tab, or a
    // page kept in the back/forward cache); the request stays queued and finishes then.
    await withTimeout(clearIndexedDbPersistence(db), 5_000, 'clearIndexedDbPersistence');
  } catch (error) {
    console.warn(
      '[showcase] The local cache is still in use elsewhere; it will be cleared when that closes.',
      error,
    );
  }
}
