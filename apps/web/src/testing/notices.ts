/**
 * The snackbar's notices, for screen tests: the one showing now, and every one shown from a
 * moment on (so one that appears and goes between two checks is still seen). The snackbar shows
 * queued notices one at a time, so once a later notice is visible every earlier one is recorded.
 */
import { afterEach } from 'vitest';

const SNACKBAR_ALERT = '.MuiSnackbar-root [role="alert"]';

/** The text of the notice the snackbar shows now, or null. */
export function snackbarText(): string | null {
  return document.querySelector(SNACKBAR_ALERT)?.textContent ?? null;
}

/** The notice showing now, as an element (for its action buttons). */
export function snackbarAlert(): HTMLElement | null {
  return document.querySelector<HTMLElement>(SNACKBAR_ALERT);
}

const observers: MutationObserver[] = [];
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
});

/** Starts recording notices as they appear; call the result for those seen so far, in order. */
export function recordNotices(): () => string[] {
  const known = new WeakSet(document.querySelectorAll(SNACKBAR_ALERT));
  const notices: string[] = [];
  const observer = new MutationObserver(() => {
    for (const alert of document.querySelectorAll(SNACKBAR_ALERT)) {
      if (known.has(alert)) continue;
      known.add(alert);
      notices.push(alert.textContent ?? '');
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  observers.push(observer);
  return () => [...notices];
}
