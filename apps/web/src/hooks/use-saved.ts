import { useRef } from 'react';
import { savedRef, setSaved } from '../lib/firebase/saved';
import { useDocSnapshotByQuery, useFirestore } from '../lib/firebase/use-snapshot';

export type SaveControl = {
  saved: boolean;
  /** The saved document is known (from cache or server). */
  ready: boolean;
  toggle(): Promise<void>;
};

/**
 * Whether `uid` (a guest or a member) saved `showcaseId`, live, and the toggle: one listener on
 * the one private document `users/{uid}/saved/{showcaseId}` (as a query of its id, as Like),
 * written at once to the local cache.
 */
export function useSaved(showcaseId: string, uid: string | null): SaveControl {
  const db = useFirestore();
  const snapshot = useDocSnapshotByQuery(savedRef, uid ? [uid, showcaseId] : null);
  const saved = snapshot.status === 'success' && snapshot.data !== null;
  // What the last click asked for, until the server answers; further clicks wait (as Like).
  const intent = useRef<boolean | null>(null);
  return {
    saved,
    ready: snapshot.status === 'success',
    async toggle() {
      const busy = intent.current !== null && intent.current !== saved;
      if (!uid || busy || snapshot.status !== 'success') return;
      const target = !saved;
      intent.current = target;
      try {
        await setSaved(db, uid, showcaseId, target);
      } finally {
        if (intent.current === target) intent.current = null;
      }
    },
  };
}
