/**
 * A visitor's **Save**, kept while they sign in or continue as a guest, so the showcase they
 * meant to save is saved when they come back (as the comment field keeps what a visitor typed).
 * Session storage: it stays in this tab, survives the sign-in screens and a Google redirect, and
 * is gone with the tab. One at a time: the last Save pressed is the one meant.
 */
const KEY = 'showcase.pending-save';

/** Long enough to create an account or reset a password; older, the visitor went elsewhere. */
export const PENDING_SAVE_MAX_AGE_MS = 30 * 60_000;

/** What is stored for a Save pressed at `now` (ms). */
export function pendingSaveRecord(showcaseId: string, now: number): string {
  return JSON.stringify({ showcaseId, at: now });
}

/** Whether `stored` asks to save `showcaseId` at `now`: the same showcase, not yet too old. */
export function pendingSaveFor(stored: string | null, showcaseId: string, now: number): boolean {
  if (stored === null) return false;
  try {
    const record = JSON.parse(stored) as unknown;
    if (typeof record !== 'object' || record === null) return false;
    const { showcaseId: id, at } = record as Record<string, unknown>;
    return (
      id === showcaseId &&
      typeof at === 'number' &&
      now - at >= 0 &&
      now - at <= PENDING_SAVE_MAX_AGE_MS
    );
  } catch {
    return false;
  }
}

export function rememberPendingSave(showcaseId: string): void {
  try {
    sessionStorage.setItem(KEY, pendingSaveRecord(showcaseId, Date.now()));
  } catch {
    // Storage blocked by the browser: the visitor presses Save again when back.
  }
}

/** True once, when a Save of `showcaseId` waits: it is forgotten as it is taken. */
export function takePendingSave(showcaseId: string): boolean {
  try {
    if (!pendingSaveFor(sessionStorage.getItem(KEY), showcaseId, Date.now())) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
