/**
 * The Firestore SDK, loaded on demand. A gallery or a showcase can render before it has arrived
 * (from the first paint's read), so no screen imports it statically: the data layer imports
 * these stand-ins instead, and `getDb()` loads the SDK before it creates the instance. Every
 * stand-in takes or builds on that instance (a database, a reference, a query), so none can run
 * before the SDK is there; one that did would throw rather than wait.
 */
import type * as FirestoreFunctions from './firestore-functions';

type Sdk = typeof FirestoreFunctions;

let loaded: Sdk | null = null;
let loading: Promise<Sdk> | null = null;

/** Loads the SDK's chunk once; later calls share the same promise. */
export function loadFirestoreSdk(): Promise<Sdk> {
  loading ??= import('./firestore-functions').then((sdk) => (loaded = sdk));
  // A failed download (offline before the service worker has it) may be retried.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function sdk(): Sdk {
  if (loaded === null) {
    throw new Error('The Firestore SDK was used before it loaded: get the database first.');
  }
  return loaded;
}

/** A function of the SDK, called through once it has loaded (same signature, overloads kept). */
function late<K extends keyof Sdk>(name: K): Sdk[K] {
  return ((...args: unknown[]) =>
    (sdk()[name] as (...inner: unknown[]) => unknown)(...args)) as Sdk[K];
}

export const addDoc = late('addDoc');
export const clearIndexedDbPersistence = late('clearIndexedDbPersistence');
export const collection = late('collection');
export const collectionGroup = late('collectionGroup');
export const connectFirestoreEmulator = late('connectFirestoreEmulator');
export const deleteDoc = late('deleteDoc');
export const doc = late('doc');
export const documentId = late('documentId');
export const getCountFromServer = late('getCountFromServer');
export const getDocFromCache = late('getDocFromCache');
export const getDocsFromCache = late('getDocsFromCache');
export const getDocsFromServer = late('getDocsFromServer');
export const increment = late('increment');
export const initializeFirestore = late('initializeFirestore');
export const limit = late('limit');
export const memoryLocalCache = late('memoryLocalCache');
export const onSnapshot = late('onSnapshot');
export const onSnapshotsInSync = late('onSnapshotsInSync');
export const orderBy = late('orderBy');
export const persistentLocalCache = late('persistentLocalCache');
export const persistentMultipleTabManager = late('persistentMultipleTabManager');
export const query = late('query');
export const runTransaction = late('runTransaction');
export const serverTimestamp = late('serverTimestamp');
export const setDoc = late('setDoc');
export const terminate = late('terminate');
export const updateDoc = late('updateDoc');
export const waitForPendingWrites = late('waitForPendingWrites');
export const where = late('where');
export const writeBatch = late('writeBatch');
