// Deleting uploaded objects from Cloud Storage, and trying again later what failed (offline, a
// cut connection): the list waits in localStorage (`lib/showcases/cleanup-queue.ts` decides
// what is due) and is retried when the browser is back online and on the next deletion. Kept
// apart from the upload functions (`storage.ts`) and loaded only when something is deleted.
import type { FirebaseStorage } from 'firebase/storage';
import { connectStorageEmulator, deleteObject, getStorage, ref } from 'firebase/storage';
import type { CleanupOutcome } from '../showcases/cleanup-queue';
import {
  cleanupDue,
  cleanupQueued,
  cleanupSettled,
  readCleanupQueue,
} from '../showcases/cleanup-queue';
import { getFirebaseApp } from './app';
import { storageEmulatorTarget } from './emulators';

const QUEUE_KEY = 'showcase.storage-cleanup';
const instances = new Map<string, FirebaseStorage>();

/** One Storage instance per bucket, pointed at the emulator in development and tests. */
function storageFor(bucket: string): FirebaseStorage {
  let storage = instances.get(bucket);
  if (storage === undefined) {
    storage = getStorage(getFirebaseApp(), `gs://${bucket}`);
    const emulator = storageEmulatorTarget();
    if (emulator) connectStorageEmulator(storage, emulator.host, emulator.port);
    instances.set(bucket, storage);
  }
  return storage;
}

/** Deletes one `gs://bucket/path` object; a missing one is already clean. */
async function deleteOne(object: string): Promise<CleanupOutcome> {
  const bucket = object.slice('gs://'.length).split('/')[0]!;
  try {
    await deleteObject(ref(storageFor(bucket), object));
    return 'deleted';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'storage/object-not-found') return 'gone';
    if (code === 'storage/unauthorized' || code === 'storage/unauthenticated') return 'refused';
    return 'failed';
  }
}

function readQueue() {
  try {
    return readCleanupQueue(localStorage.getItem(QUEUE_KEY));
  } catch {
    return []; // Storage blocked: nothing was kept either.
  }
}

function writeQueue(queue: ReturnType<typeof readQueue>): void {
  try {
    if (queue.length === 0) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage blocked or full: the objects stay orphaned, as a production sweep would find.
  }
}

async function deleteAll(objects: readonly string[]): Promise<Map<string, CleanupOutcome>> {
  const outcomes = new Map<string, CleanupOutcome>();
  // A few at a time: one showcase has at most 40 objects.
  for (let start = 0; start < objects.length; start += 6) {
    const chunk = objects.slice(start, start + 6);
    const results = await Promise.all(chunk.map(deleteOne));
    chunk.forEach((object, index) => outcomes.set(object, results[index]!));
  }
  return outcomes;
}

/**
 * Deletes `objects` (all `ownerUid`'s, who is signed in); what fails is kept for later. Returns
 * how many are waiting.
 */
export async function deleteStoredObjects(
  ownerUid: string,
  objects: readonly string[],
  now = Date.now,
): Promise<number> {
  listenForOnline(ownerUid);
  const outcomes = await deleteAll(objects);
  const failed = objects.filter((object) => outcomes.get(object) === 'failed');
  writeQueue(cleanupQueued(readQueue(), ownerUid, failed, now()));
  await retryStoredObjectDeletions(ownerUid, now);
  return readQueue().filter((entry) => entry.ownerUid === ownerUid).length;
}

/** Tries again the deletions of `uid`'s objects whose pause is over. */
export async function retryStoredObjectDeletions(uid: string, now = Date.now): Promise<void> {
  const due = cleanupDue(readQueue(), uid, now());
  if (due.length === 0) return;
  const outcomes = await deleteAll(due);
  writeQueue(cleanupSettled(readQueue(), outcomes, now()));
}

let listening = false;

/** Back online: what failed while offline is tried again (its pause counts from the failure). */
function listenForOnline(uid: string): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    void retryStoredObjectDeletions(uid);
  });
}
