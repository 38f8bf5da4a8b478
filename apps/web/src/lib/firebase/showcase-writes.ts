import type { Firestore, UpdateData } from 'firebase/firestore';
import { doc, getDocFromCache, runTransaction, serverTimestamp, setDoc, updateDoc } from './sdk';
import type { SearchTermsSource, Showcase, ShowcaseInput, ShowcaseStatus } from '@showcase/schema';
import { searchTermsToWrite, showcaseContent } from '@showcase/schema';
import { trackWrite } from './connection-store';
import type { ShowcaseOwner } from './showcases';
import { SHOWCASES, showcaseRef } from './showcases';

// The editor's writes of a showcase, apart from its queries (showcases.ts): the gallery's first
// screen reads showcases and never writes one, so it does not load these.

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

/** The showcase's snapshot in this device's cache, or null when the cache has none at all. */
async function cachedShowcase(db: Firestore, id: string) {
  try {
    return await getDocFromCache(showcaseRef(db, id));
  } catch {
    return null;
  }
}

/**
 * The showcase as this device's cache holds it now, with every tab's queued writes applied, or
 * null when the cache has no such document. A listener in this tab learns another tab's queued
 * write only when that tab's notice arrives, which on a busy machine can come after the user
 * pressed Save here; the cache itself already holds it.
 */
export async function showcaseOnDevice(db: Firestore, id: string): Promise<Showcase | null> {
  return (await cachedShowcase(db, id))?.data() ?? null;
}

/** True when this device already holds the showcase (e.g. a create queued before a reload). */
export async function showcaseIsOnDevice(db: Firestore, id: string): Promise<boolean> {
  return (await cachedShowcase(db, id))?.exists() ?? false;
}
