import { hrefs } from '../../config/paths';

/**
 * The address a showcase is shared by: the site's origin and `/s/:id`, without the query or
 * fragment the current page may carry (`?from=…`, a gallery's state).
 */
export function showcaseShareUrl(origin: string, id: string): string {
  return `${origin}${hrefs.showcase(id)}`;
}

/** The ways this browser may copy text; each is absent where the browser has none. */
export type ClipboardWays = {
  /** The asynchronous Clipboard API (`navigator.clipboard.writeText`): secure pages only. */
  writeText?: ((text: string) => Promise<void>) | undefined;
  /** The older select-and-copy command; true when the browser says it copied. */
  selectAndCopy?: ((text: string) => boolean) | undefined;
};

/**
 * Copies `text` by the first way that works: `copied`, or `manual` when none did (the API is
 * missing or refused, say on a page served over plain http or with clipboard access blocked),
 * and the caller must show the text for the user to copy. Never fails silently.
 */
export async function copyText(text: string, ways: ClipboardWays): Promise<'copied' | 'manual'> {
  if (ways.writeText) {
    try {
      await ways.writeText(text);
      return 'copied';
    } catch {
      // Refused (no permission, the document lost focus): try the next way.
    }
  }
  try {
    if (ways.selectAndCopy?.(text)) return 'copied';
  } catch {
    // Some browsers throw instead of answering false.
  }
  return 'manual';
}

export type ShareData = { title: string; url: string };

/** The Web Share API as the page sees it (`navigator`), each part absent where there is none. */
export type WebShare = {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data: ShareData) => boolean) | undefined;
};

/** True when the browser has a system share sheet that takes this data. */
export function canShareLink(web: WebShare, data: ShareData): boolean {
  if (typeof web.share !== 'function') return false;
  if (typeof web.canShare !== 'function') return true;
  try {
    return web.canShare(data);
  } catch {
    return false;
  }
}

/**
 * Opens the system share sheet. Closing the sheet without sharing (`AbortError`) is the user's
 * choice, not a failure; anything else is one (the caller offers Copy link instead).
 */
export async function shareLink(
  web: WebShare,
  data: ShareData,
): Promise<'shared' | 'cancelled' | 'failed'> {
  if (typeof web.share !== 'function') return 'failed';
  try {
    await web.share(data);
    return 'shared';
  } catch (error) {
    return isAbort(error) ? 'cancelled' : 'failed';
  }
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'name' in error &&
  (error as { name: unknown }).name === 'AbortError';
