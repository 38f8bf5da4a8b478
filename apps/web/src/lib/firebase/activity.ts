import type { Firestore, Query } from 'firebase/firestore';
import { collection, doc, limit, orderBy, query, where, writeBatch } from './sdk';
import type { Activity } from '@showcase/schema';
import { trackWrite } from './connection-store';
import { activityConverter } from './converters';

/** The app bar shows "99+" past this many unread. */
export const UNREAD_ACTIVITY_MAX = 100;

const activityOf = (db: Firestore, uid: string) =>
  collection(db, 'users', uid, 'activity').withConverter(activityConverter);

/**
 * The member's activity, newest first (null items are types this app does not know: skip them).
 * Activity is written by the actors in the batches of their likes, comments and follows.
 */
export function activityQuery(db: Firestore, uid: string, max: number): Query<Activity | null> {
  return query(activityOf(db, uid), orderBy('createdAt', 'desc'), limit(max));
}

/**
 * The unread activity, for the app bar's live count: a listener's size (aggregate counts are not
 * live), capped at `UNREAD_ACTIVITY_MAX` so one busy day costs at most that many reads.
 */
export function unreadActivityQuery(db: Firestore, uid: string): Query<Activity | null> {
  return query(activityOf(db, uid), where('read', '==', false), limit(UNREAD_ACTIVITY_MAX));
}

/** Marks what the Activity screen showed as read, as one batch (the rules allow only false→true). */
export function markActivityRead(
  db: Firestore,
  uid: string,
  items: readonly Pick<Activity, 'id' | 'read'>[],
): Promise<void> {
  const unread = items.filter((item) => !item.read);
  if (unread.length === 0) return Promise.resolve();
  const batch = writeBatch(db);
  for (const item of unread)
    batch.update(doc(db, 'users', uid, 'activity', item.id), { read: true });
  return trackWrite(batch.commit());
}

/** Deletes one activity item (only its recipient may). */
export function deleteActivity(db: Firestore, uid: string, activityId: string): Promise<void> {
  const batch = writeBatch(db);
  batch.delete(doc(db, 'users', uid, 'activity', activityId));
  return trackWrite(batch.commit());
}
