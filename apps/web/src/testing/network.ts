/**
 * What the network does to a screen, for screen tests: requests held until the test lets them
 * through (commands.ts), or failing as when the network is down (network-commands.ts); and the
 * system clipboard and the page's focus, which the Clipboard API needs. Playwright does it for
 * the test file's page: every matching request of the page is affected, the app's and the SDKs'.
 */
import { afterEach, onTestFinished } from 'vitest';
import { commands } from 'vitest/browser';

/** A RegExp as it crosses to the Node side of the browser commands. */
export type RequestPattern = { source: string; flags: string };

declare module 'vitest/browser' {
  interface BrowserCommands {
    failMatchingRequests: (pattern: RequestPattern) => Promise<void>;
    stopFailingRequests: (pattern: RequestPattern | null) => Promise<void>;
    grantClipboard: () => Promise<void>;
    clipboardText: () => Promise<string>;
    focusTestFrame: () => Promise<void>;
  }
}

// Whatever a test made fail ends with it, passed or not (held requests: resetBrowser).
afterEach(() => commands.stopFailingRequests(null));

const toPattern = ({ source, flags }: RegExp): RequestPattern => ({ source, flags });

/** The Firestore SDK's streams (WebChannel: Listen and Write). */
export const FIRESTORE_STREAMS = /google\.firestore\.v1\.Firestore/;

/** The Auth emulator's sign-up (a guest's sign-in and account creation). */
export const AUTH_SIGN_UP = /\/identitytoolkit\.googleapis\.com\/v1\/accounts:signUp/;

/**
 * Holds requests matching `pattern` (no answer, the connection open) until `release`; poll
 * `heldCount` to know the screen is waiting. One hold at a time.
 */
export async function holdMatchingRequests(pattern: RegExp) {
  await commands.holdRequests(pattern.source);
  return {
    release: () => commands.releaseRequests(),
    heldCount: () => commands.heldRequests(),
  };
}

/** Makes matching requests fail as when the network is down, until `restore` is called. */
export async function failMatchingRequests(
  pattern: RegExp,
): Promise<{ restore: () => Promise<void> }> {
  await commands.failMatchingRequests(toPattern(pattern));
  return { restore: () => commands.stopFailingRequests(toPattern(pattern)) };
}

/** Lets the page use the system clipboard (`navigator.clipboard`), as the user's permission does. */
export async function grantClipboard(): Promise<void> {
  await commands.grantClipboard();
}

/** What the system clipboard holds now (after `grantClipboard`). */
export function clipboardText(): Promise<string> {
  return commands.clipboardText();
}

/**
 * Gives the test's page the focus a user's click into it would: the Clipboard API refuses an
 * unfocused document.
 */
export async function focusThePage(): Promise<void> {
  await commands.focusTestFrame();
  if (!document.hasFocus()) throw new Error('The test page did not get the focus.');
}

/** Cloud Storage requests (the Storage emulator's Firebase API). */
export const STORAGE_REQUESTS = /\/v0\/b\//;

/**
 * The page goes offline as far as the app can tell: `navigator.onLine` is false and an `offline`
 * event fires, and Storage requests fail as with the network down. (Playwright's own offline
 * switch would also cut the test runner's connection to this page.) Firestore's streams are
 * left alone: the SDK queues writes either way, and its reconnection is not what these tests are
 * about. `backOnline` undoes it all and fires `online`.
 */
export async function goOffline(): Promise<{ backOnline: () => Promise<void> }> {
  const storage = await failMatchingRequests(STORAGE_REQUESTS);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
  let online = false;
  const backOnline = async () => {
    if (online) return;
    online = true;
    await storage.restore();
    // The prototype's getter answers again.
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  };
  onTestFinished(backOnline);
  return { backOnline };
}
