/**
 * When to ask the server whether a new version of the app exists: whenever the tab comes back
 * (it regains focus or becomes visible) and every few minutes while it stays open. The browser
 * itself checks only on navigations, which a single-page app rarely makes.
 */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;

/** The part of a `ServiceWorkerRegistration` the checks use. */
export type CheckedRegistration = { update(): Promise<unknown>; installing: unknown };

/** The part of `window` the checks use (injected: the tests run without a DOM). */
export type CheckingWindow = {
  addEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** `document.visibilityState === 'visible'`. */
  isVisible(): boolean;
  /** `navigator.onLine`. */
  isOnline(): boolean;
};

/** Starts the checks; the result stops them. */
export function checkForUpdates(
  registration: CheckedRegistration,
  target: CheckingWindow,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
): () => void {
  let checking = false;
  const check = () => {
    // Offline the check can only fail; a worker already installing is the update under way.
    // Focus and visibility often change together: one check at a time.
    if (checking || !target.isOnline() || registration.installing) return;
    checking = true;
    registration
      .update()
      // A failed check (server unreachable) is retried at the next occasion.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  };
  const onVisibility = () => {
    if (target.isVisible()) check();
  };
  target.addEventListener('focus', check);
  target.addEventListener('visibilitychange', onVisibility);
  const timer = target.setInterval(check, intervalMs);
  return () => {
    target.removeEventListener('focus', check);
    target.removeEventListener('visibilitychange', onVisibility);
    target.clearInterval(timer);
  };
}
