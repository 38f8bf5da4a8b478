import type {
  DocumentReference,
  Firestore,
  Query,
  QueryConstraint,
  UpdateData,
} from 'firebase/firestore';
import {
  collection,
  doc,
  getDocFromCache,
  getDocsFromCache,
  getDocsFromServer,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { SearchTermsSource, Showcase, ShowcaseInput, ShowcaseStatus } from '@showcase/schema';
import { searchTermsToWrite, showcaseContent } from '@showcase/schema';
import type { ShowcaseChild } from '../showcases/deletion-plan';
import { leftoverBatches, planShowcaseDeletion } from '../showcases/deletion-plan';
import { trackWrite } from './connection-store';
import { showcaseConverter } from './converters';

/** Every showcase query of the app lives here, once. */
export type GallerySort = 'newest' | 'liked';

/**
 * `searchTerm` is one stored search term (`searchPlan(text).term`). Firestore allows one
 * `array-contains` per query, so a query narrows by a tag or by a search term, never both.
 */
export type GalleryQueryOptions = {
  sort: GallerySort;
  tag: string | null;
  searchTerm?: string | null;
  limit: number;
};

export type ShowcaseOwner = { uid: string; name: string };

const SHOWCASES = 'showcases';

export function showcasesCollection(db: Firestore) {
  return collection(db, SHOWCASES).withConverter(showcaseConverter);
}

export function showcaseRef(db: Firestore, id: string): DocumentReference<Showcase> {
  return doc(db, SHOWCASES, id).withConverter(showcaseConverter);
}

/** A fresh client-chosen id: picked when a draft starts, reused by every retry of its first save. */
export function newShowcaseId(db: Firestore): string {
  return doc(collection(db, SHOWCASES)).id;
}

/**
 * Published showcases for the gallery, newest first or most liked first, optionally narrowed by
 * a tag or a search term.
 */
export function showcasesQuery(db: Firestore, options: GalleryQueryOptions): Query<Showcase> {
  const searchTerm = options.searchTerm ?? null;
  if (options.tag !== null && searchTerm !== null) {
    throw new Error('A gallery query narrows by a tag or by a search term, not both.');
  }
  const constraints: QueryConstraint[] = [where('status', '==', 'published')];
  if (options.tag !== null) constraints.push(where('tags', 'array-contains', options.tag));
  if (searchTerm !== null) constraints.push(where('searchTerms', 'array-contains', searchTerm));
  if (options.sort === 'liked') constraints.push(orderBy('likeCount', 'desc'));
  constraints.push(orderBy('createdAt', 'desc'), limit(options.limit));
  return query(showcasesCollection(db), ...constraints);
}

/** Everything the signed-in user owns, drafts included (the rules let only the owner read drafts). */
export function myShowcasesQuery(db: Firestore, uid: string): Query<Showcase> {
  return query(showcasesCollection(db), where('ownerUid', '==', uid), orderBy('updatedAt', 'desc'));
}

/** A member's published showcases, for their public profile. */
export function userShowcasesQuery(db: Firestore, uid: string, max: number): Query<Showcase> {
  return query(
    showcasesCollection(db),
    where('ownerUid', '==', uid),
    where('status', '==', 'published'),
    orderBy('createdAt', 'desc'),
    limit(max),
  );
}

/**
 * First save of a showcase under its client-chosen id. The promise settles when the server
 * answers (never while offline: the SDK keeps the write queued and applies it locally at once).
 */
export function createShowcase(
  db: Firestore,
  id: string,
  input: ShowcaseInput,
  status: ShowcaseStatus,
  owner: ShowcaseOwner,
): Promise<void> {
  return trackWrite(
    setDoc(doc(db, SHOWCASES, id), {
      // `images` always: a new showcase is never one from before uploads existed.
      ...showcaseContent(input, status, owner.name),
      ...searchTermsField(null, input),
      ownerUid: owner.uid,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
      likeCount: 0,
    }),
  );
}

/**
 * `searchTerms` when a write must store them, computed from the title and tags the document has
 * once written (`searchTermsToWrite`): the one path by which creates and edits write them.
 * `stored` is the document the write applies to, null for a create.
 */
function searchTermsField(
  stored: SearchTermsSource | null,
  changes: Partial<ShowcaseInput>,
): { searchTerms?: string[] } {
  const searchTerms = searchTermsToWrite(stored, changes);
  return searchTerms === null ? {} : { searchTerms };
}

/**
 * Later saves: the editable fields the user changed (a concurrent edit of another field stays),
 * the status, the owner's public name and `updatedAt`. A legacy `imageUrl`/`imageAlt` is left
 * as stored: the form no longer edits it. `stored` is this device's view of the document (null when
 * it has none: then `changes` must hold the title and tags), which the search terms are
 * computed from.
 */
export function updateShowcase(
  db: Firestore,
  id: string,
  changes: Partial<ShowcaseInput>,
  stored: SearchTermsSource | null,
  status: ShowcaseStatus,
  owner: ShowcaseOwner,
): Promise<void> {
  return trackWrite(
    updateDoc(doc(db, SHOWCASES, id), showcaseUpdateFields(changes, stored, status, owner)),
  );
}

/**
 * What an update writes: the changed editable fields, the search terms when they change or the
 * document lacks them, the status, the owner's name, the time.
 */
export function showcaseUpdateFields(
  changes: Partial<ShowcaseInput>,
  stored: SearchTermsSource | null,
  status: ShowcaseStatus,
  owner: ShowcaseOwner,
): UpdateData<Record<string, unknown>> {
  return {
    ...changes,
    ...searchTermsField(stored, changes),
    status,
    ownerName: owner.name,
    updatedAt: serverTimestamp(),
  };
}

/** How a checked update ended: written, declined by `decide`, or no document on the server. */
export type CheckedUpdateResult = 'written' | 'declined' | 'missing';

/**
 * An update decided against the server's current version rather than this device's view: in a
 * transaction, reads the showcase from the server, asks `decide` for the changes (null: write
 * nothing) and writes them like `updateShowcase`, search terms computed from the server's
 * version. The commit fails if the document changed
 * after the read, and the SDK then runs the whole function again, so `decide` may be called
 * more than once; the last call counts. Needs the server: it never queues, and fails with
 * `unavailable` when the server cannot be reached.
 */
export function updateShowcaseChecked(
  db: Firestore,
  id: string,
  decide: (server: Showcase) => Partial<ShowcaseInput> | null,
  status: ShowcaseStatus,
  owner: ShowcaseOwner,
): Promise<CheckedUpdateResult> {
  const ref = showcaseRef(db, id);
  return trackWrite(
    runTransaction(db, async (transaction): Promise<CheckedUpdateResult> => {
      const server = await transaction.get(ref);
      const data = server.data();
      if (data === undefined) return 'missing';
      const changes = decide(data);
      if (changes === null) return 'declined';
      transaction.update(
        doc(db, SHOWCASES, id),
        showcaseUpdateFields(changes, data, status, owner),
      );
      return 'written';
    }),
  );
}

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

/** True when this device already holds the showcase (e.g. a create queued before a reload). */
export async function showcaseIsOnDevice(db: Firestore, id: string): Promise<boolean> {
  try {
    return (await getDocFromCache(doc(db, SHOWCASES, id))).exists();
  } catch {
    return false; // Not in the cache at all.
  }
}
