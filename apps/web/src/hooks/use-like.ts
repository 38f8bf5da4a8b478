import { useRef } from 'react';
import { likeRef, setLiked } from '../lib/firebase/likes';
import { useDocSnapshot, useFirestore } from '../lib/firebase/use-snapshot';

export type LikeControl = {
  liked: boolean;
  /** The like document is known (from cache or server). */
  ready: boolean;
  /** This user's like/unlike is waiting for the server. */
  pending: boolean;
  toggle(): Promise<void>;
};

/**
 * Like state of one user for one showcase, on its page and on its card alike: a listener on the
 * one like document `showcases/{id}/likes/{uid}`, which the rules let its liker read. The batch
 * applies locally at once (optimistic); a rejection rolls the cache back by itself and the
 * promise rejects for the screen to explain.
 */
export function useLike(showcaseId: string, uid: string | null): LikeControl {
  const db = useFirestore();
  const snapshot = useDocSnapshot(likeRef, uid ? [showcaseId, uid] : null);
  const liked = snapshot.status === 'success' && snapshot.data !== null;
  // What the last click asked for, until the server answers it. A click is on its way into the
  // local cache while the snapshot does not show it yet; further clicks are ignored meanwhile.
  // A ref, not state: nothing on screen shows it, and a render here would sit between the click
  // and the write leaving for the server.
  const intent = useRef<boolean | null>(null);

  return {
    liked,
    ready: snapshot.status === 'success',
    pending: snapshot.hasPendingWrites,
    async toggle() {
      const busy = intent.current !== null && intent.current !== liked;
      if (!uid || busy || snapshot.status !== 'success') return;
      const target = !liked;
      intent.current = target;
      try {
        await setLiked(db, showcaseId, uid, target);
      } finally {
        if (intent.current === target) intent.current = null;
      }
    },
  };
}
