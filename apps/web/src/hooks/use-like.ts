import { useRef } from 'react';
import { likeRef, setLiked } from '../lib/firebase/likes';
import { publicNameOf } from '../lib/firebase/public-name';
import { useDocSnapshotByQuery, useFirestore } from '../lib/firebase/use-snapshot';
import { useViewer } from '../lib/session';

export type LikeControl = {
  liked: boolean;
  /** The like document is known (from cache or server). */
  ready: boolean;
  /** This user's like/unlike is waiting for the server. */
  pending: boolean;
  toggle(): Promise<void>;
};

/** The showcase as its owner's activity names it. */
export type LikedShowcase = { ownerUid: string; title: string };

/**
 * Like state of one user for one showcase, on its page and on its card alike: a listener on the
 * one like document `showcases/{id}/likes/{uid}`, as a query of its id since it is missing more
 * often than not (the likes of a published showcase are public, and its owner reads a draft's,
 * so the rules allow the query wherever Like is offered). The batch applies locally at once
 * (optimistic); a rejection rolls the cache back by itself and the promise rejects for the
 * screen to explain. A like also writes the owner's activity in its batch
 * (`showcase` names the owner and the title it shows); an unlike leaves that entry alone (see
 * docs/decisions/2026-11-27-activity-after-undo.md).
 */
export function useLike(
  showcaseId: string,
  uid: string | null,
  showcase?: LikedShowcase,
): LikeControl {
  const db = useFirestore();
  const viewer = useViewer();
  const snapshot = useDocSnapshotByQuery(likeRef, uid ? [showcaseId, uid] : null);
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
        await setLiked(
          db,
          showcaseId,
          uid,
          target,
          showcase && viewer
            ? {
                ownerUid: showcase.ownerUid,
                showcaseTitle: showcase.title,
                likerName: publicNameOf(viewer),
              }
            : undefined,
        );
      } finally {
        if (intent.current === target) intent.current = null;
      }
    },
  };
}
