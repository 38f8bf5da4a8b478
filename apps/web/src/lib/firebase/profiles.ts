import type { DocumentReference, Firestore } from 'firebase/firestore';
import { doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { trackWrite } from './connection-store';
import type { UserProfile } from './converters';
import { userProfileConverter } from './converters';

/**
 * `users/{uid}`: a member's public profile (displayName, photoURL, createdAt). The signed-in
 * shell creates it for members the first time the server says it is missing, and keeps its
 * name and photo in step with the account (see features/connection/firestore-session.tsx).
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
    }),
  );
}

/** The public name of an account: its display name, else the email's local part. */
export function publicNameOf(user: { displayName: string | null; email: string | null }): string {
  const name = user.displayName?.trim() || user.email?.split('@')[0]?.trim() || 'Member';
  return Array.from(name).slice(0, 50).join('');
}
