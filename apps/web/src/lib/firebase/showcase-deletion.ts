import type { Firestore } from 'firebase/firestore';
import {
  collection,
  doc,
  getDocsFromCache,
  getDocsFromServer,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from './sdk';
import type { Showcase } from '@showcase/schema';
import type { ShowcaseChild } from '../showcases/deletion-plan';
import { leftoverBatches, planShowcaseDeletion } from '../showcases/deletion-plan';
import { trackWrite } from './connection-store';
import { SHOWCASES } from './showcases';

// Deleting a showcase, apart from its queries and writes: only the showcase page and the
// account's deletion need it, so the gallery's first screen does not load it.

const DELETIONS = 'showcaseDeletions';
const CHILD_KINDS = ['likes', 'comments'] as const;

/** A showcase's likes and comments from the server. */
async function childrenOnServer(db: Firestore, id: string): Promise<ShowcaseChild[]> {
  const lists = await Promise.all(
    CHILD_KINDS.map((kind) => getDocsFromServer(collection(db, SHOWCASES, id, kind))),
  );
  return lists.flatMap((list, index) =>
    list.docs.map((child) => ({ kind: CHILD_KINDS[index]!, id: child.id })),
  );
}

/** Its likes and comments: the server's lists, or this device's (maybe short) while offline. */
async function childrenOf(
  db: Firestore,
  id: string,
): Promise<{ children: ShowcaseChild[]; complete: boolean }> {
  try {
    return { children: await childrenOnServer(db, id), complete: true };
  } catch {
    try {
      const lists = await Promise.all(
        CHILD_KINDS.map((kind) => getDocsFromCache(collection(db, SHOWCASES, id, kind))),
      );
      const children = lists.flatMap((list, index) =>
        list.docs.map((child) => ({ kind: CHILD_KINDS[index]!, id: child.id })),
      );
      return { children, complete: false };
    } catch {
      return { children: [], complete: false };
    }
  }
}

/**
 * Deletes what a recorded deletion left (read from the server, which the record lets its owner
 * list), 500 at a time, and the record with the last batch. Needs the server: offline it fails
 * and the record stays for the next try.
 */
async function finishShowcaseDeletion(db: Firestore, id: string): Promise<void> {
  for (const { children, deleteRecord } of leftoverBatches(await childrenOnServer(db, id))) {
    const batch = writeBatch(db);
    for (const child of children) batch.delete(doc(db, SHOWCASES, id, child.kind, child.id));
    if (deleteRecord) batch.delete(doc(db, DELETIONS, id));
    await trackWrite(batch.commit());
  }
}

/**
 * Finishes every deletion of `uid`'s showcases that stopped halfway (offline, a closed tab).
 * Resolves false when some are still waiting.
 */
export async function finishShowcaseDeletions(db: Firestore, uid: string): Promise<boolean> {
  try {
    const records = await getDocsFromServer(
      query(collection(db, DELETIONS), where('ownerUid', '==', uid)),
    );
    for (const record of records.docs) await finishShowcaseDeletion(db, record.id);
    return true;
  } catch {
    return false;
  }
}

let retryingOnline = false;

/** Back online: deletions that stopped halfway are finished (once per page). */
function finishWhenOnline(db: Firestore, uid: string): void {
  if (retryingOnline || typeof window === 'undefined') return;
  retryingOnline = true;
  window.addEventListener('online', () => void finishShowcaseDeletions(db, uid));
}

/** What a deletion left for later: images to retry, likes and comments past its first batch. */
export type ShowcaseDeletion = { imagesWaiting: number; leftoversWaiting: boolean };

/**
 * Deletes a showcase with its likes and comments, then its images from Storage. The rules let
 * the owner delete likes and comments only with the showcase, in its batch; a batch holds 500
 * writes, so when they do not fit (or this device cannot see them all, offline) the batch also
 * writes a deletion record, and the rest are deleted after it under that record
 * (`finishShowcaseDeletion`), retried when back online and on the next deletion. Offline the
 * batch queues like any write and settles when the server has it; images whose deletion fails
 * are retried later from a list on the device (`storage-cleanup.ts`, loaded only now).
 */
export async function deleteShowcase(
  db: Firestore,
  showcase: Pick<Showcase, 'id' | 'ownerUid' | 'images'>,
): Promise<ShowcaseDeletion> {
  finishWhenOnline(db, showcase.ownerUid);
  const { children, complete } = await childrenOf(db, showcase.id);
  const plan = planShowcaseDeletion(showcase, children, complete);
  const batch = writeBatch(db);
  for (const child of plan.first)
    batch.delete(doc(db, SHOWCASES, showcase.id, child.kind, child.id));
  if (plan.record)
    batch.set(doc(db, DELETIONS, showcase.id), {
      ownerUid: showcase.ownerUid,
      createdAt: serverTimestamp(),
    });
  batch.delete(doc(db, SHOWCASES, showcase.id));
  await trackWrite(batch.commit());
  // Only once the server has deleted the document: a refused deletion keeps its images.
  const { deleteStoredObjects } = await import('./storage-cleanup');
  const imagesWaiting = await deleteStoredObjects(showcase.ownerUid, plan.storageObjects);
  const leftoversWaiting = !(await finishShowcaseDeletions(db, showcase.ownerUid));
  return { imagesWaiting, leftoversWaiting };
}
