import { useState } from 'react';
import { likeRef, setLiked } from '../../../lib/firebase/likes';
import { useDocSnapshot, useFirestore } from '../../../lib/firebase/use-snapshot';

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
 * Like state of one user for one showcase, on its page and on its card alike: a listener on the
 * one like document `showcases/{id}/likes/{uid}`, which the rules let its liker read. The batch
 * applies locally at once (optimistic); a rejection rolls the cache back by itself and the
 * promise rejects for the screen to explain.
 */
export function useLike(showcaseId: string, uid: string | null): LikeControl {
  const db = useFirestore();
  const snapshot = useDocSnapshot(likeRef, uid ? [showcaseId, uid] : null);
  const liked = snapshot.status === 'success' && snapshot.data !== null;
  const [intent, setIntent] = useState<boolean | null>(null);
  const busy = intent !== null && intent !== liked;

  return {
    liked,
    ready: snapshot.status === 'success',
    pending: snapshot.hasPendingWrites,
    busy,
    async toggle() {
      if (!uid || busy || snapshot.status !== 'success') return;
      const target = !liked;
      // The SDK's local write starts before React renders the intent: queued after that render,
      // it would reach the server that much later.
      const write = setLiked(db, showcaseId, uid, target);
      setIntent(target);
      try {
        await write;
      } finally {
        setIntent(null);
      }
    },
  };
}
