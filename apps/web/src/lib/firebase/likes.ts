import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import {
  collectionGroup,
  doc,
  documentId,
  increment,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Like, LikedShowcase } from './converters';
import { trackWrite } from './connection-store';
import { likeConverter, likedShowcaseConverter } from './converters';

/** Firestore's limit on the values of one `in` filter. */
export const LIKES_PER_QUERY = 30;

export function likeRef(db: Firestore, showcaseId: string, uid: string): DocumentReference<Like> {
  return doc(db, 'showcases', showcaseId, 'likes', uid).withConverter(likeConverter);
}

/**
 * Which of these showcases (at most `LIKES_PER_QUERY`) `uid` likes: one collection-group query
 * on the like documents' names (a like's id is its liker's uid), so a grid of cards needs one
 * listener instead of one per card. Like documents carry no uid field to filter on, and the
 * names pin every document the query can return, so the rules judge each like's own path.
 */
export function myLikesQuery(
  db: Firestore,
  uid: string,
  showcaseIds: readonly string[],
): Query<LikedShowcase> {
  const names = showcaseIds.map((id) => `showcases/${id}/likes/${uid}`);
  return query(collectionGroup(db, 'likes'), where(documentId(), 'in', names)).withConverter(
    likedShowcaseConverter,
  );
}

/**
 * Like or unlike as one atomic batch: the like document (id = the liker's uid) and the counter
 * move together or not at all. The local cache shows the result at once (optimistic); if the
 * server rejects the batch, the SDK rolls both back and the promise rejects.
 */
export function setLiked(
  db: Firestore,
  showcaseId: string,
  uid: string,
  liked: boolean,
): Promise<void> {
  const batch = writeBatch(db);
  const like = doc(db, 'showcases', showcaseId, 'likes', uid);
  const showcase = doc(db, 'showcases', showcaseId);
  if (liked) {
    batch.set(like, { createdAt: serverTimestamp() });
    batch.update(showcase, { likeCount: increment(1) });
  } else {
    batch.delete(like);
    batch.update(showcase, { likeCount: increment(-1) });
  }
  return trackWrite(batch.commit());
}
