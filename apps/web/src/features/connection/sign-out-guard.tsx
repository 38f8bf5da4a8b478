import { lazy, Suspense, useEffect, useState } from 'react';
import { connectionStore } from '../../lib/firebase/connection-store';
import { sessionActions } from '../../lib/session';
import { whenIdle } from '../../utils/when-idle';
import type { Answer } from './pending-writes-dialog';

const loadDialog = () => import('./pending-writes-dialog');
const PendingWritesDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.PendingWritesDialog })),
);

/**
 * Before every sign-out: if writes are still waiting for the server, ask first (signing out
 * deletes them); then clear the Firestore cache so the next person on this browser sees nothing.
 * Mounted with the app bar, so it guards a sign-out even before any screen has started
 * Firestore (e.g. right after a reload while offline, with writes queued on disk).
 */
export function SignOutGuard() {
  const [ask, setAsk] = useState<((answer: Answer) => void) | null>(null);

  // Fetched once the screen is up, not when asked: the question comes mostly while offline.
  useEffect(
    () =>
      whenIdle(() => {
        loadDialog().catch(() => undefined);
      }),
    [],
  );

  useEffect(
    () =>
      sessionActions().registerBeforeSignOut(async () => {
        const firestore = await import('../../lib/firebase/firestore');
        // Offline nothing will land: ask at once. Online, give in-flight writes time to land.
        const patience = connectionStore().getStatus() === 'offline' ? 500 : 8_000;
        if (await firestore.hasUnconfirmedWrites(patience)) {
          const answer = await new Promise<Answer>((resolve) => setAsk(() => resolve));
          setAsk(null);
          if (answer === 'cancel') return 'cancel';
        }
        await firestore.clearLocalCache();
        return 'proceed';
      }),
    [],
  );

  // The dialog's code (MUI Dialog and Modal) loads only when there is something to ask.
  return ask === null ? null : (
    <Suspense fallback={null}>
      <PendingWritesDialog onAnswer={ask} />
    </Suspense>
  );
}
