import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  where,
} from './sdk';
import type { Edge, Showcase } from '@showcase/schema';
import { trackWrite } from './connection-store';
import { edgeConverter, showcaseConverter } from './converters';

// `users/{uid}/saved/{showcaseId}`: a private list, for guests and members alike (a guest who
// upgrades keeps the uid, so keeps the list).

/** Live: non-null while `showcaseId` is saved (the Save / Saved toggle). */
export function savedRef(db: Firestore, uid: string, showcaseId: string): DocumentReference<Edge> {
  return doc(db, 'users', uid, 'saved', showcaseId).withConverter(edgeConverter);
}

/** The saved list, newest saved first; each item's id is the showcase's id. */
export function savedQuery(db: Firestore, uid: string, max?: number): Query<Edge> {
  const saved = collection(db, 'users', uid, 'saved').withConverter(edgeConverter);
  return max === undefined
    ? query(saved, orderBy('createdAt', 'desc'))
    : query(saved, orderBy('createdAt', 'desc'), limit(max));
}

/**
 * The published showcases among up to 30 saved ids (one `in` filter). The status filter is what
 * lets the rules allow the list; a saved showcase unpublished or deleted since is not among them.
 */
export function savedShowcasesQuery(db: Firestore, ids: readonly string[]): Query<Showcase> {
  return query(
    collection(db, 'showcases').withConverter(showcaseConverter),
    where(documentId(), 'in', [...ids]),
    where('status', '==', 'published'),
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
