import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import { collection, doc, limit, query, serverTimestamp, setDoc, updateDoc, where } from './sdk';
import type { ProfileEdit } from '@showcase/schema';
import { nameTermsFor } from '@showcase/schema';
import { trackWrite } from './connection-store';
import type { UserProfile } from './converters';
import { userProfileConverter } from './converters';

/**
 * `users/{uid}`: a member's public profile (displayName, photoURL, bio, links, nameTerms for
 * search, followerCount and followingCount, createdAt). The signed-in shell creates it for
 * members the first time the server says it is missing, and keeps its name and photo in step
 * with the account (see features/connection/firestore-session.tsx). The counters start at 0 and
 * move only in follow batches (follows.ts).
 */
export type PublicProfileFields = { displayName: string; photoURL: string | null };

export function userProfileRef(db: Firestore, uid: string): DocumentReference<UserProfile> {
  return doc(db, 'users', uid).withConverter(userProfileConverter);
}

export function createUserProfile(
  db: Firestore,
  uid: string,
  fields: PublicProfileFields,
): Promise<void> {
  return trackWrite(
    setDoc(doc(db, 'users', uid), {
      displayName: fields.displayName,
      photoURL: fields.photoURL,
      nameTerms: nameTermsFor(fields.displayName),
      followerCount: 0,
      followingCount: 0,
      createdAt: serverTimestamp(),
    }),
  );
}

export function updateUserProfileDoc(
  db: Firestore,
  uid: string,
  fields: PublicProfileFields,
): Promise<void> {
  return trackWrite(
    updateDoc(doc(db, 'users', uid), {
      displayName: fields.displayName,
      photoURL: fields.photoURL,
      // Written with every name write, so a profile from before search becomes findable.
      nameTerms: nameTermsFor(fields.displayName),
    }),
  );
}

/** The profile's bio and links, validated by `validateProfileEdit`. */
export function updateProfileDetails(db: Firestore, uid: string, edit: ProfileEdit): Promise<void> {
  return trackWrite(updateDoc(doc(db, 'users', uid), { bio: edit.bio, links: edit.links }));
}

/** Makers whose name has a word starting with `term` (`searchPlan(text).term`). */
export function makersSearchQuery(db: Firestore, term: string, max: number): Query<UserProfile> {
  return query(
    collection(db, 'users').withConverter(userProfileConverter),
    where('nameTerms', 'array-contains', term),
    limit(max),
  );
}

// Where it has always been imported from; its own module keeps it out of the profile writes for
// screens that need only the name (a like's activity on a gallery card).
export { publicNameOf } from './public-name';

/** Accounts being deleted in this page: their public profile is not to be recreated. */
const leavingAccounts = new Set<string>();

/**
 * Marks `uid`'s account as being deleted, so the signed-in shell (which creates a missing
 * profile) does not bring back the profile the deletion just removed.
 */
export function markAccountLeaving(uid: string): void {
  leavingAccounts.add(uid);
}

export function isAccountLeaving(uid: string): boolean {
  return leavingAccounts.has(uid);
}
