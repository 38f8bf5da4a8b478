/**
 * The Firestore SDK's functions this app uses, in one module that is only ever imported
 * dynamically (sdk.ts): the SDK (about 110 KB gzip) is then a chunk of its own, fetched once a
 * screen first asks for the database, not before a screen's first render. Listing the names
 * keeps the chunk to what the app uses.
 */
export {
  addDoc,
  clearIndexedDbPersistence,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  documentId,
  getCountFromServer,
  getDocFromCache,
  getDocsFromCache,
  getDocsFromServer,
  increment,
  initializeFirestore,
  limit,
  memoryLocalCache,
  onSnapshot,
  onSnapshotsInSync,
  orderBy,
  persistentLocalCache,
  persistentMultipleTabManager,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  terminate,
  updateDoc,
  waitForPendingWrites,
  where,
  writeBatch,
} from 'firebase/firestore';
