// What deleting an account deletes first, while its sign-in still lets the rules say yes: its
// showcases (with their likes, comments and images), its comments on others' showcases, its
// profile photo, its follows, saves and activity, and its public profile. Loaded only when an
// account is deleted.
import type { Firestore } from 'firebase/firestore';
import {
  collection,
  collectionGroup,
  doc,
  getDocsFromServer,
  query,
  where,
  writeBatch,
} from './sdk';
import { profilePhotoPaths } from '../images/stored-photo';
import { WRITES_PER_BATCH } from '../showcases/deletion-plan';
import { deleteComment } from './comments';
import { trackWrite } from './connection-store';
import { setFollowing } from './follows';
import { markAccountLeaving } from './profiles';
import { deleteShowcase } from './showcase-deletion';
import { myShowcasesQuery } from './showcases';

export type AccountOwner = {
  uid: string;
  name: string;
  photoURL: string | null;
  /** A guest has no showcases, profile or follows; only saves. */
  isAnonymous: boolean;
};

/** Thrown when something could not be deleted now: the account is kept, to try again. */
export class AccountCleanupIncomplete extends Error {
  override readonly name = 'AccountCleanupIncomplete';
  /** Its message and recovery live in lib/errors/tables/app.ts. */
  readonly code = 'app/account-cleanup-incomplete';
}

/** Deletes every document of `users/{uid}/{kind}`, 500 per batch. */
async function deleteOwnCollection(db: Firestore, uid: string, kind: string): Promise<void> {
  const ids = (await getDocsFromServer(collection(db, 'users', uid, kind))).docs.map((d) => d.id);
  for (let start = 0; start < ids.length; start += WRITES_PER_BATCH) {
    const batch = writeBatch(db);
    for (const id of ids.slice(start, start + WRITES_PER_BATCH))
      batch.delete(doc(db, 'users', uid, kind, id));
    await trackWrite(batch.commit());
  }
}

/**
 * Deletes what `owner` owns, from the server's lists (so it needs the server, and fails offline
 * with nothing half-promised). Safe to run again: a second run finds less or nothing. Throws
 * `AccountCleanupIncomplete` when images or leftovers wait for a retry, so the account (whose
 * sign-in those retries need) is not deleted yet.
 */
export async function deleteAccountData(db: Firestore, owner: AccountOwner): Promise<void> {
  const { uid } = owner;
  if (!owner.isAnonymous) {
    const showcases = await getDocsFromServer(myShowcasesQuery(db, uid));
    let waiting = 0;
    for (const snapshot of showcases.docs) {
      const { imagesWaiting, leftoversWaiting } = await deleteShowcase(db, snapshot.data());
      waiting += imagesWaiting + (leftoversWaiting ? 1 : 0);
    }
    if (waiting > 0) throw new AccountCleanupIncomplete(`${waiting} deletions wait for a retry`);
    const { deleteImageObjects } = await import('./storage');
    await deleteImageObjects(profilePhotoPaths(owner.photoURL, uid));
    // Its comments on others' showcases, each with its counter (those on its own went above).
    const comments = await getDocsFromServer(
      query(collectionGroup(db, 'comments'), where('authorUid', '==', uid)),
    );
    for (const comment of comments.docs) {
      const showcaseId = comment.ref.parent.parent?.id;
      if (showcaseId !== undefined) await deleteComment(db, showcaseId, comment.id);
    }
    // Unfollowing moves both counters. One whose profile is already gone fails the rules'
    // counter check: that edge stays, naming a profile that no longer exists.
    const following = await getDocsFromServer(collection(db, 'users', uid, 'following'));
    for (const edge of following.docs)
      await setFollowing(db, { uid, name: owner.name }, edge.id, false).catch(() => undefined);
  }
  await deleteOwnCollection(db, uid, 'saved');
  await deleteOwnCollection(db, uid, 'activity');
  if (!owner.isAnonymous) {
    markAccountLeaving(uid);
    const batch = writeBatch(db);
    batch.delete(doc(db, 'users', uid));
    await trackWrite(batch.commit());
  }
}
