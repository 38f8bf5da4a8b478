import { useRef } from 'react';
import { followingRef, setFollowing } from '../lib/firebase/follows';
import { userProfileRef } from '../lib/firebase/profiles';
import { useDocSnapshot, useDocSnapshotByQuery, useFirestore } from '../lib/firebase/use-snapshot';

export type FollowControl = {
  following: boolean;
  /** The edge and the maker's profile are known (from cache or server). */
  ready: boolean;
  /** Whether the maker has a profile (false once the server says it is gone). */
  profileExists: boolean;
  pending: boolean;
  toggle(): Promise<void>;
};

/**
 * Whether member `follower` follows `makerUid`, live, and the toggle. Like `useLike`: one listener
 * on the one edge document (as a query of its id); the batch applies locally at once and the SDK
 * rolls it back if the rules refuse it. The maker's profile is listened to as well, because a
 * deleted one has no counter to move (and cannot be followed).
 */
export function useFollow(
  follower: { uid: string; name: string } | null,
  makerUid: string,
): FollowControl {
  const db = useFirestore();
  const edge = useDocSnapshotByQuery(followingRef, follower ? [follower.uid, makerUid] : null);
  const profile = useDocSnapshot(userProfileRef, follower ? [makerUid] : null);
  // The batch moves the follower's own counter: their profile must be there first. The signed-in
  // shell creates it moments after a first sign-in (and already listens to it).
  const own = useDocSnapshot(userProfileRef, follower ? [follower.uid] : null);
  const following = edge.status === 'success' && edge.data !== null;
  const profileExists = !(
    profile.status === 'success' &&
    profile.data === null &&
    !profile.fromCache
  );
  // What the last click asked for, until the server answers: further clicks wait (as Like).
  const intent = useRef<boolean | null>(null);
  return {
    following,
    ready: edge.status === 'success' && profile.status === 'success' && own.data != null,
    profileExists,
    pending: edge.hasPendingWrites,
    async toggle() {
      const busy = intent.current !== null && intent.current !== following;
      if (!follower || busy || edge.status !== 'success') return;
      const target = !following;
      intent.current = target;
      try {
        await setFollowing(db, follower, makerUid, target, profileExists);
      } finally {
        if (intent.current === target) intent.current = null;
      }
    },
  };
}
