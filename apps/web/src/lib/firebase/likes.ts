import type { DocumentReference, Firestore } from 'firebase/firestore';
import { doc, increment, serverTimestamp, writeBatch } from 'firebase/firestore';
import type { Like } from './converters';
import { trackWrite } from './connection-store';
import { likeConverter } from './converters';

export function likeRef(db: Firestore, showcaseId: string, uid: string): DocumentReference<Like> {
  return doc(db, 'showcases', showcaseId, 'likes', uid).withConverter(likeConverter);
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
