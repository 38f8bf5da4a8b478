import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import {
  collection,
  deleteDoc,
  doc,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
} from 'firebase/firestore';
import type { Edge } from '@showcase/schema';
import { trackWrite } from './connection-store';
import { edgeConverter } from './converters';

// `users/{uid}/saved/{showcaseId}`: a private list, for guests and members alike (a guest who
// upgrades keeps the uid, so keeps the list).

/** Live: non-null while `showcaseId` is saved (the Save / Saved toggle). */
export function savedRef(db: Firestore, uid: string, showcaseId: string): DocumentReference<Edge> {
  return doc(db, 'users', uid, 'saved', showcaseId).withConverter(edgeConverter);
}

/** The saved list, newest saved first; each item's id is the showcase's id. */
export function savedQuery(db: Firestore, uid: string): Query<Edge> {
  return query(
    collection(db, 'users', uid, 'saved').withConverter(edgeConverter),
    orderBy('createdAt', 'desc'),
  );
}

export function setSaved(
  db: Firestore,
  uid: string,
  showcaseId: string,
  saved: boolean,
): Promise<void> {
  const reference = doc(db, 'users', uid, 'saved', showcaseId);
  return trackWrite(
    saved ? setDoc(reference, { createdAt: serverTimestamp() }) : deleteDoc(reference),
  );
}
