/**
 * What the network does to a screen, for screen tests: requests held until the test lets them
 * through, or failing as when the network is down. Playwright does it for the test's page
 * (screens/support/network-commands.ts); every request of the file's page that matches is
 * affected, the app's and the SDKs' alike.
 */
import { afterEach } from 'vitest';
import { commands } from 'vitest/browser';

/** A RegExp as it crosses to the Node side of the browser commands. */
export type RequestPattern = { source: string; flags: string };

declare module 'vitest/browser' {
  interface BrowserCommands {
    holdRequests: (pattern: RequestPattern) => Promise<void>;
    heldRequestCount: (pattern: RequestPattern) => Promise<number>;
    failRequests: (pattern: RequestPattern) => Promise<void>;
    releaseRequests: (pattern: RequestPattern) => Promise<void>;
    releaseAllRequests: () => Promise<void>;
    grantClipboard: () => Promise<void>;
    clipboardText: () => Promise<string>;
    focusTestFrame: () => Promise<void>;
  }
}

// Whatever a test held or failed ends with it, passed or not.
afterEach(() => commands.releaseAllRequests());

const toPattern = ({ source, flags }: RegExp): RequestPattern => ({ source, flags });

/** The Firestore SDK's streams (WebChannel: Listen and Write). */
export const FIRESTORE_STREAMS = /google\.firestore\.v1\.Firestore/;

/** The Auth emulator's sign-up (a guest's sign-in and account creation). */
export const AUTH_SIGN_UP = /\/identitytoolkit\.googleapis\.com\/v1\/accounts:signUp/;

/**
 * Holds matching requests (no answer, the connection open) until the returned `release` is
 * called; `heldCount` says how many wait now (poll it to know the screen is waiting).
 */
export async function holdRequests(pattern: RegExp) {
  await commands.holdRequests(toPattern(pattern));
  return {
    release: () => commands.releaseRequests(toPattern(pattern)),
    heldCount: () => commands.heldRequestCount(toPattern(pattern)),
  };
}

/** Makes matching requests fail as when the network is down, until `restore` is called. */
export async function failRequests(pattern: RegExp): Promise<{ restore: () => Promise<void> }> {
  await commands.failRequests(toPattern(pattern));
  return { restore: () => commands.releaseRequests(toPattern(pattern)) };
}

/** Lets the page use the system clipboard (`navigator.clipboard`), as the user's permission does. */
export async function grantClipboard(): Promise<void> {
  await commands.grantClipboard();
}

/**
 * Gives the test's page the focus a user's click into it would: the Clipboard API refuses an
 * unfocused document, and autofocus does nothing in one.
 */
export async function focusThePage(): Promise<void> {
  await commands.focusTestFrame();
  if (!document.hasFocus()) throw new Error('The test page did not get the focus.');
}

/** What the system clipboard holds now (after `grantClipboard`). */
export function clipboardText(): Promise<string> {
  return commands.clipboardText();
}
