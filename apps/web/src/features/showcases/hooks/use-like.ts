import { useMemo, useState } from 'react';
import type { LikedShowcase } from '../../../lib/firebase/converters';
import { likeRef, myLikesQuery, setLiked } from '../../../lib/firebase/likes';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useDocSnapshot, useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';

export type LikeControl = {
  liked: boolean;
  /** The like document is known (from cache or server). */
  ready: boolean;
  /** This user's like/unlike is waiting for the server. */
  pending: boolean;
  /** A click is on its way into the local cache: ignore further clicks until it lands. */
  busy: boolean;
  toggle(): Promise<void>;
};

/**
 * What a grid already knows of the viewer's like of one showcase (`useLikesAmong`):
 * `unavailable` when the grid's query failed, so the card listens to its like itself.
 */
export type KnownLikeState = 'loading' | 'liked' | 'not-liked' | 'unavailable';

/** A like as a card knows it: the grid's answer, and whether the showcase has a write pending. */
export type KnownLike = { state: KnownLikeState; pending: boolean };

/**
 * Like state of one user for one showcase, for the detail page and the cards alike. The batch
 * applies locally at once (optimistic); a rejection rolls the cache back by itself and the
 * promise rejects for the screen to explain. Without `known` it listens to the like document.
 */
export function useLike(showcaseId: string, uid: string | null, known?: KnownLike): LikeControl {
  const db = useFirestore();
  const listenHere = known === undefined || known.state === 'unavailable';
  const snapshot = useDocSnapshot(likeRef, uid && listenHere ? [showcaseId, uid] : null);
  const state = listenHere
    ? {
        ready: snapshot.status === 'success',
        liked: snapshot.status === 'success' && snapshot.data !== null,
        pending: snapshot.hasPendingWrites,
      }
    : { ready: known.state !== 'loading', liked: known.state === 'liked', pending: known.pending };
  const { liked, ready } = state;
  const [intent, setIntent] = useState<boolean | null>(null);
  const busy = intent !== null && intent !== liked;

  return {
    liked,
    ready,
    pending: state.pending,
    busy,
    async toggle() {
      if (!uid || busy || !ready) return;
      const target = !liked;
      setIntent(target);
      try {
        await setLiked(db, showcaseId, uid, target);
      } finally {
        setIntent(null);
      }
    },
  };
}

type Settled = { uid: string; ids: readonly string[]; liked: ReadonlySet<string> };

const likedIds = (likes: readonly LikedShowcase[]): ReadonlySet<string> =>
  new Set(likes.map((like) => like.showcaseId));

/**
 * Which of these showcases (at most `LIKES_PER_QUERY`) the member `uid` likes, with one live
 * query for all of them. An answer from the cache alone is trusted only offline: an empty cache
 * would otherwise say "not liked" and offer a Like that the server then refuses. When the
 * showcases change (a reordered or grown grid) the previous answer keeps serving the showcases
 * it covered until the new query answers, so their buttons do not flicker.
 */
export function useLikesAmong(
  showcaseIds: readonly string[],
  uid: string | null,
): (showcaseId: string) => KnownLikeState {
  const connection = useConnectionStatus();
  const snapshot = useQuerySnapshot(
    myLikesQuery,
    uid !== null && showcaseIds.length > 0 ? [uid, showcaseIds] : null,
    { family: uid },
  );
  const current = snapshot.status === 'success' && !snapshot.stale ? snapshot.data : null;
  const liked = useMemo(() => (current ? likedIds(current) : null), [current]);
  const trusted = liked !== null && (!snapshot.fromCache || connection === 'offline');
  const [settled, setSettled] = useState<Settled | null>(null);
  if (trusted && uid !== null && settled?.liked !== liked) {
    setSettled({ uid, ids: showcaseIds, liked });
  }

  return (showcaseId) => {
    if (uid === null) return 'not-liked';
    if (snapshot.status === 'error') return 'unavailable';
    if (trusted) return liked.has(showcaseId) ? 'liked' : 'not-liked';
    // The local cache knows every like made on this device, so a like it shows is real.
    if (liked?.has(showcaseId)) return 'liked';
    if (settled?.uid === uid && settled.ids.includes(showcaseId)) {
      return settled.liked.has(showcaseId) ? 'liked' : 'not-liked';
    }
    return 'loading';
  };
}
