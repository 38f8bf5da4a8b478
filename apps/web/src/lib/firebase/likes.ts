import type { DocumentReference, Firestore } from 'firebase/firestore';
import { doc, increment, serverTimestamp, writeBatch } from './sdk';
import { likeActivityId, showcaseActivityFields } from '@showcase/schema';
import type { Like } from './converters';
import { trackWrite } from './connection-store';
import { likeConverter } from './converters';

export function likeRef(db: Firestore, showcaseId: string, uid: string): DocumentReference<Like> {
  return doc(db, 'showcases', showcaseId, 'likes', uid).withConverter(likeConverter);
}

/** What a like's activity tells the showcase's owner. */
export type LikeReport = { ownerUid: string; showcaseTitle: string; likerName: string };

/**
 * Like or unlike as one atomic batch: the like document (id = the liker's uid) and the counter
 * move together or not at all. The local cache shows the result at once (optimistic); if the
 * server rejects the batch, the SDK rolls both back and the promise rejects. With `report`, a
 * like also tells the showcase's owner (their activity, in the same batch: the rules accept it
 * only there); an unlike leaves that activity to its recipient.
 */
export function setLiked(
  db: Firestore,
  showcaseId: string,
  uid: string,
  liked: boolean,
  report?: LikeReport,
): Promise<void> {
  const batch = writeBatch(db);
  const like = doc(db, 'showcases', showcaseId, 'likes', uid);
  const showcase = doc(db, 'showcases', showcaseId);
  if (liked) {
    batch.set(like, { createdAt: serverTimestamp() });
    batch.update(showcase, { likeCount: increment(1) });
    if (report !== undefined && report.ownerUid !== uid) {
      batch.set(doc(db, 'users', report.ownerUid, 'activity', likeActivityId(showcaseId, uid)), {
        ...showcaseActivityFields(
          'like',
          { uid, name: report.likerName },
          { id: showcaseId, title: report.showcaseTitle },
        ),
        createdAt: serverTimestamp(),
      });
    }
  } else {
    batch.delete(like);
    batch.update(showcase, { likeCount: increment(-1) });
  }
  return trackWrite(batch.commit());
}
