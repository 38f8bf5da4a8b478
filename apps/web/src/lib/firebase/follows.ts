import type { DocumentReference, Firestore, Query, QueryConstraint } from 'firebase/firestore';
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
} from './sdk';
import type { Edge, Showcase } from '@showcase/schema';
import { LAST_FOLLOWING_WRITE, followActivityId, publicName } from '@showcase/schema';
import { mergeFeedChunks, ownerChunks } from '../showcases/following-feed';
import { trackWrite } from './connection-store';
import { edgeConverter, showcaseConverter } from './converters';
import type { GallerySort } from './showcases';

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

/**
 * What the Following feed narrows by, as the gallery does: the sort, and a tag or one stored
 * search term (Firestore allows one `array-contains` per query); `limit` is per chunk.
 */
export type FollowingFeedOptions = {
  sort: GallerySort;
  tag: string | null;
  searchTerm: string | null;
  limit: number;
};

/** Published showcases of up to 30 makers (one `in` chunk), in the gallery's order. */
export function followingFeedQuery(
  db: Firestore,
  ownerUids: readonly string[],
  options: FollowingFeedOptions,
): Query<Showcase> {
  if (options.tag !== null && options.searchTerm !== null)
    throw new Error('A feed query narrows by a tag or by a search term, not both.');
  const constraints: QueryConstraint[] = [
    where('status', '==', 'published'),
    where('ownerUid', 'in', [...ownerUids]),
  ];
  if (options.tag !== null) constraints.push(where('tags', 'array-contains', options.tag));
  if (options.searchTerm !== null)
    constraints.push(where('searchTerms', 'array-contains', options.searchTerm));
  if (options.sort === 'liked') constraints.push(orderBy('likeCount', 'desc'));
  constraints.push(orderBy('createdAt', 'desc'), limit(options.limit));
  return query(collection(db, 'showcases').withConverter(showcaseConverter), ...constraints);
}

export type FollowingFeedUpdate = {
  /** The merged first `limit`, less those `keep` turned away. */
  showcases: Showcase[];
  /** The chunks held `limit` between them: there may be more to load. */
  hasMore: boolean;
  /** True until every chunk has answered once. */
  loading: boolean;
  fromCache: boolean;
  hasPendingWrites: boolean;
};

/**
 * The Following feed, live: one listener per chunk of 30 followed makers, merged on the device
 * in the feed's order (`mergeFeedChunks`), then `keep` applies what a query cannot (a search's
 * other words, or its tag). Filtering the exact merged first `limit` gives the exact start of
 * the filtered feed. Load more by listening again with a larger `limit`. Returns the
 * unsubscribe.
 */
export function listenToFollowingFeed(
  db: Firestore,
  ownerUids: readonly string[],
  options: FollowingFeedOptions,
  keep: ((showcase: Showcase) => boolean) | null,
  onUpdate: (update: FollowingFeedUpdate) => void,
  onError: (error: Error) => void,
): () => void {
  const chunks = ownerChunks(ownerUids);
  if (chunks.length === 0) {
    onUpdate({
      showcases: [],
      hasMore: false,
      loading: false,
      fromCache: false,
      hasPendingWrites: false,
    });
    return () => undefined;
  }
  const results: (Showcase[] | undefined)[] = chunks.map(() => undefined);
  const metadata = chunks.map(() => ({ fromCache: true, hasPendingWrites: false }));
  const unsubscribes = chunks.map((chunk, index) =>
    onSnapshot(
      followingFeedQuery(db, chunk, options),
      { includeMetadataChanges: true },
      {
        next: (snapshot) => {
          results[index] = snapshot.docs.map((document) => document.data());
          metadata[index] = {
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          };
          const merged = mergeFeedChunks(
            results.filter((result): result is Showcase[] => result !== undefined),
            options.sort,
            options.limit,
          );
          onUpdate({
            showcases: keep === null ? merged : merged.filter(keep),
            hasMore: merged.length >= options.limit,
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
