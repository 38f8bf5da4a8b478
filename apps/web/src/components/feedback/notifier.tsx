import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, useCallback, useContext, useState } from 'react';

export type Notification = {
  message: string;
  severity?: 'success' | 'info' | 'warning' | 'error';
  /** One optional action, e.g. Retry or Undo. */
  action?: { label: string; onClick: () => void };
};

export type QueuedNotification = Notification & { id: number };

const NotifierContext = createContext<((notification: Notification) => void) | null>(null);

// The snackbar's code loads with the first notification, keeping it out of the entry chunk.
const NotificationSnackbar = lazy(() =>
  import('./notification-snackbar').then((module) => ({ default: module.NotificationSnackbar })),
);

let nextId = 1;

/**
 * The app's snackbar area: confirmations and errors not tied to a form, one at a time. A
 * confirmation goes as soon as the user starts their next action (`notification-snackbar.tsx`).
 */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedNotification[]>([]);

  const notify = useCallback((notification: Notification) => {
    setQueue((current) => [...current, { ...notification, id: nextId++ }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setQueue((current) => current.filter((item) => item.id !== id));
  }, []);

  const current = queue[0];
  return (
    <NotifierContext.Provider value={notify}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <NotificationSnackbar
            key={current.id}
            notification={current}
            onDismissed={dismiss}
            updateQueue={setQueue}
          />
        </Suspense>
      ) : null}
    </NotifierContext.Provider>
  );
}

export function useNotify(): (notification: Notification) => void {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify() needs <NotifierProvider> above it.');
  return notify;
}
