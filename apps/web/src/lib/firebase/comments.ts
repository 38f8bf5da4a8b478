import type { Firestore, Query } from 'firebase/firestore';
import {
  collection,
  doc,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  writeBatch,
} from './sdk';
import type { ShowcaseComment } from '@showcase/schema';
import {
  LAST_COMMENT_WRITE,
  commentActivityId,
  publicName,
  showcaseActivityFields,
} from '@showcase/schema';
import { trackWrite } from './connection-store';
import { commentConverter } from './converters';

/** How many comments a showcase page shows first, and how many more each "older" step adds. */
export const COMMENTS_PAGE = 20;

const commentsOf = (db: Firestore, showcaseId: string) =>
  collection(db, 'showcases', showcaseId, 'comments');

/**
 * The newest `max` comments of a showcase, newest first (the page shows them reversed, newest
 * last). Loading older comments is a growing live limit (`max + COMMENTS_PAGE`), like the
 * gallery's, so every loaded comment stays live and one listener serves them all.
 */
export function commentsQuery(
  db: Firestore,
  showcaseId: string,
  max: number,
): Query<ShowcaseComment> {
  return query(
    commentsOf(db, showcaseId).withConverter(commentConverter),
    orderBy('createdAt', 'desc'),
    limit(max),
  );
}

export type CommentTarget = { id: string; ownerUid: string; title: string };
export type Actor = { uid: string; name: string };

/**
 * Adds a comment as one batch: the comment, the showcase's `commentCount` +1 naming it (the
 * rules accept a counter change only with the comment it counts), and the activity for the
 * showcase's owner unless the commenter is the owner. `text` is already validated
 * (`validateCommentText`). The id is known at once, so the page can show it as pending.
 */
export function addComment(
  db: Firestore,
  showcase: CommentTarget,
  author: Actor,
  text: string,
): { id: string; written: Promise<void> } {
  const comment = doc(commentsOf(db, showcase.id));
  const name = publicName(author.name);
  const batch = writeBatch(db);
  batch.set(comment, {
    authorUid: author.uid,
    authorName: name,
    text,
    createdAt: serverTimestamp(),
  });
  batch.update(doc(db, 'showcases', showcase.id), {
    commentCount: increment(1),
    [LAST_COMMENT_WRITE]: comment.id,
  });
  if (showcase.ownerUid !== author.uid) {
    batch.set(doc(db, 'users', showcase.ownerUid, 'activity', commentActivityId(comment.id)), {
      ...showcaseActivityFields('comment', author, showcase),
      createdAt: serverTimestamp(),
    });
  }
  return { id: comment.id, written: trackWrite(batch.commit()) };
}

/**
 * Deletes a comment (by its author or the showcase's owner) with the counter −1, as one batch.
 * Its activity stays with its recipient, who alone may delete it.
 */
export function deleteComment(db: Firestore, showcaseId: string, commentId: string): Promise<void> {
  const batch = writeBatch(db);
  batch.delete(doc(commentsOf(db, showcaseId), commentId));
  batch.update(doc(db, 'showcases', showcaseId), {
    commentCount: increment(-1),
    [LAST_COMMENT_WRITE]: commentId,
  });
  return trackWrite(batch.commit());
}
