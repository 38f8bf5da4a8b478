/**
 * Requests between the screen and its servers, stopped on demand by the browser commands in
 * screens/support/network-commands.ts: dropped as a lost network would (`fail`), answered with an
 * Identity Toolkit error (`authError`), answered with an HTTP status (`status`), or held unanswered until released (`hold`).
 */
import { onTestFinished } from 'vitest';
import { commands } from 'vitest/browser';

export type Interception =
  | { kind: 'fail' }
  | { kind: 'hold' }
  | { kind: 'authError'; reason: string; detail?: string }
  /** Answered by "the server" with this HTTP status (e.g. a Storage upload refused). */
  | { kind: 'status'; status: number };

declare module 'vitest/browser' {
  interface BrowserCommands {
    interceptRequests: (source: string, how: Interception) => Promise<string>;
    stopIntercepting: (id: string) => Promise<void>;
  }
}

/** The sign-in request (email and password). */
export const SIGN_IN_REQUEST =
  /\/identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithPassword/;

/** Every request of the SDK's Firestore streams (WebChannel: Listen and Write). */
export const FIRESTORE_CHANNELS = /google\.firestore\.v1\.Firestore/;

export type Intercepted = {
  /** Lets requests through again; held ones go on to the server. */
  release(): Promise<void>;
};

/**
 * Intercepts every request matching `pattern` from now until `release()`, or until the test ends
 * however it ends (the page, and its routes, outlive the test).
 */
export async function interceptRequests(pattern: RegExp, how: Interception): Promise<Intercepted> {
  const id = await commands.interceptRequests(pattern.source, how);
  const release = () => commands.stopIntercepting(id);
  onTestFinished(release);
  return { release };
}
