import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import {
  collection,
  doc,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Edge, Showcase } from '@showcase/schema';
import { LAST_FOLLOWING_WRITE, followActivityId, publicName } from '@showcase/schema';
import { mergeNewestFirst, ownerChunks } from '../showcases/following-feed';
import { trackWrite } from './connection-store';
import { edgeConverter, showcaseConverter } from './converters';

export type Follower = { uid: string; name: string };

/** Live: non-null while `uid` follows `otherUid` (the Follow / Following toggle). */
export function followingRef(
  db: Firestore,
  uid: string,
  otherUid: string,
): DocumentReference<Edge> {
  return doc(db, 'users', uid, 'following', otherUid).withConverter(edgeConverter);
}

/** Everyone `uid` follows (each item's id is the followed uid), newest first. */
export function followingQuery(db: Firestore, uid: string): Query<Edge> {
  return query(
    collection(db, 'users', uid, 'following').withConverter(edgeConverter),
    orderBy('createdAt', 'desc'),
  );
}

/**
 * Follow or unfollow as one batch: both edges, the follower's `followingCount` (naming the
 * followed uid, so the rules can pair it with its edge) and the followed member's
 * `followerCount`, plus on a follow the followed member's activity. The follower's profile must
 * exist (the signed-in shell creates it). `followedProfileExists` false: the followed member
 * deleted their account, so an unfollow leaves their (missing) counter alone; an update of a
 * missing document would fail the whole batch.
 */
export function setFollowing(
  db: Firestore,
  follower: Follower,
  followedUid: string,
  follow: boolean,
  followedProfileExists = true,
): Promise<void> {
  if (follow && !followedProfileExists)
    return Promise.reject(new Error('There is no profile to follow.'));
  if (follower.uid === followedUid) return Promise.reject(new Error('Nobody follows themself.'));
  const batch = writeBatch(db);
  const following = doc(db, 'users', follower.uid, 'following', followedUid);
  const followers = doc(db, 'users', followedUid, 'followers', follower.uid);
  const step = follow ? 1 : -1;
  if (follow) {
    batch.set(following, { createdAt: serverTimestamp() });
    batch.set(followers, { createdAt: serverTimestamp() });
    batch.set(doc(db, 'users', followedUid, 'activity', followActivityId(follower.uid)), {
      type: 'follow',
      actorUid: follower.uid,
      actorName: publicName(follower.name),
      createdAt: serverTimestamp(),
      read: false,
    });
  } else {
    batch.delete(following);
    batch.delete(followers);
  }
  batch.update(doc(db, 'users', follower.uid), {
    followingCount: increment(step),
    [LAST_FOLLOWING_WRITE]: followedUid,
  });
  if (followedProfileExists)
    batch.update(doc(db, 'users', followedUid), { followerCount: increment(step) });
  return trackWrite(batch.commit());
}

/** Published showcases of up to 30 makers (one `in` chunk), newest first. */
export function followingFeedQuery(
  db: Firestore,
  ownerUids: readonly string[],
  max: number,
): Query<Showcase> {
  return query(
    collection(db, 'showcases').withConverter(showcaseConverter),
    where('status', '==', 'published'),
    where('ownerUid', 'in', [...ownerUids]),
    orderBy('createdAt', 'desc'),
    limit(max),
  );
}

export type FollowingFeedUpdate = {
  showcases: Showcase[];
  /** True until every chunk has answered once. */
  loading: boolean;
  fromCache: boolean;
  hasPendingWrites: boolean;
};

/**
 * The Following feed, live: one listener per chunk of 30 followed makers, merged on the device
 * newest first (`mergeNewestFirst`). Load more by listening again with a larger `max`. Returns
 * the unsubscribe.
 */
export function listenToFollowingFeed(
  db: Firestore,
  ownerUids: readonly string[],
  max: number,
  onUpdate: (update: FollowingFeedUpdate) => void,
  onError: (error: Error) => void,
): () => void {
  const chunks = ownerChunks(ownerUids);
  if (chunks.length === 0) {
    onUpdate({ showcases: [], loading: false, fromCache: false, hasPendingWrites: false });
    return () => undefined;
  }
  const results: (Showcase[] | undefined)[] = chunks.map(() => undefined);
  const metadata = chunks.map(() => ({ fromCache: true, hasPendingWrites: false }));
  const unsubscribes = chunks.map((chunk, index) =>
    onSnapshot(
      followingFeedQuery(db, chunk, max),
      { includeMetadataChanges: true },
      {
        next: (snapshot) => {
          results[index] = snapshot.docs.map((document) => document.data());
          metadata[index] = {
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          };
          onUpdate({
            showcases: mergeNewestFirst(
              results.filter((result): result is Showcase[] => result !== undefined),
              max,
            ),
            loading: results.some((result) => result === undefined),
            fromCache: metadata.some((entry) => entry.fromCache),
            hasPendingWrites: metadata.some((entry) => entry.hasPendingWrites),
          });
        },
        error: onError,
      },
    ),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
