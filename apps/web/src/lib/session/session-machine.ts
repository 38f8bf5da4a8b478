/**
 * Who is signed in, as a pure reducer over what Firebase Authentication reports and what the app
 * does. No SDK, storage, channel or timers here: session-runner.ts feeds it events and carries
 * out the effects.
 *
 * - unknown while Auth restores the session (and finishes a redirect sign-in that came back);
 * - signed-in while Auth reports a user: a guest (`user.isAnonymous`) or a member;
 * - signed-out, with why: `'user'` when this tab or another one signed out on purpose (or
 *   deleted the account); `'session-ended'` when Auth dropped a user it had (token expired,
 *   revoked, account disabled), now or while the app was closed; `null` when nobody was signed in;
 * - failed when Auth could not start (missing configuration).
 */
import type { SessionUser } from './session-user';

export type SignOutReason = 'user' | 'session-ended';

/** The session as the UI sees it. */
export type SessionState =
  | { status: 'unknown' }
  /** Auth could not start (missing configuration, chunk download failed). */
  | { status: 'failed'; error: unknown }
  | {
      status: 'signed-out';
      signOutReason: SignOutReason | null;
      returnTo: string | null;
      redirectError: unknown;
    }
  | { status: 'signed-in'; user: SessionUser; returnTo: string | null; redirectError: unknown };

export type SessionMachine = {
  /** `restoring` until Auth has reported its first user (or nobody). */
  readonly phase: 'restoring' | 'running' | 'failed';
  readonly error: unknown;
  readonly user: SessionUser | null;
  readonly signOutReason: SignOutReason | null;
  /** A sign-out on purpose is under way (here or in another tab): the next "nobody" is not an ended session. */
  readonly signOutExpected: boolean;
  /** The uid of the session last seen, in this page or (from a stored marker) on an earlier visit. */
  readonly lastUid: string | null;
  /** Where to go after a redirect sign-in came back (router state does not survive it). */
  readonly returnTo: string | null;
  /** The error of a redirect sign-in that came back failed, until the UI has reported it. */
  readonly redirectError: unknown;
  /** Multi-step changes under way (create, then name): the UI sees only their end state. */
  readonly holds: number;
  readonly lastRecheckAt: number;
};

export type SessionEvent =
  /** Auth has restored the persisted session and finished a pending redirect sign-in. */
  | { type: 'restored'; markerUid: string | null; returnTo: string | null; redirectError: unknown }
  | { type: 'failed'; error: unknown }
  /** Auth reports the current user (sign-in, sign-out, token refresh, a changed record). */
  | { type: 'user'; user: SessionUser | null }
  | { type: 'sign-out-started' }
  | { type: 'sign-out-failed' }
  | { type: 'signed-out-elsewhere' }
  | { type: 'hold' }
  | { type: 'release' }
  | { type: 'recheck-started'; at: number }
  | { type: 'redirect-outcome-seen' };

/** A signed-in user's record is re-read from the server when the tab comes back, at most this often. */
export const RECHECK_INTERVAL_MS = 60_000;

export function sessionInit(now: number): SessionMachine {
  return {
    phase: 'restoring',
    error: null,
    user: null,
    signOutReason: null,
    signOutExpected: false,
    lastUid: null,
    returnTo: null,
    redirectError: null,
    holds: 0,
    lastRecheckAt: now,
  };
}

export function sessionReduce(state: SessionMachine, event: SessionEvent): SessionMachine {
  switch (event.type) {
    case 'restored':
      return {
        ...state,
        // The marker survives reloads, so a session Auth dropped while restoring counts too.
        lastUid: event.markerUid,
        returnTo: event.returnTo,
        redirectError: event.redirectError,
      };
    case 'failed':
      return { ...state, phase: 'failed', error: event.error };
    case 'user': {
      const { user } = event;
      if (user) return { ...state, phase: 'running', user, signOutReason: null, lastUid: user.uid };
      const signOutReason = state.signOutExpected
        ? 'user'
        : state.lastUid !== null
          ? 'session-ended'
          : state.signOutReason;
      return {
        ...state,
        phase: 'running',
        user: null,
        signOutReason,
        signOutExpected: false,
        lastUid: null,
      };
    }
    case 'sign-out-started':
    case 'signed-out-elsewhere':
      return { ...state, signOutExpected: true };
    case 'sign-out-failed':
      return { ...state, signOutExpected: false };
    case 'hold':
      return { ...state, holds: state.holds + 1 };
    case 'release':
      return { ...state, holds: Math.max(0, state.holds - 1) };
    case 'recheck-started':
      return { ...state, lastRecheckAt: event.at };
    case 'redirect-outcome-seen':
      return { ...state, returnTo: null, redirectError: null };
  }
}

const unknown: SessionState = { status: 'unknown' };

/** The UI's view of the machine. */
export function sessionView(state: SessionMachine): SessionState {
  if (state.phase === 'failed') return { status: 'failed', error: state.error };
  if (state.phase === 'restoring') return unknown;
  const { user, returnTo, redirectError } = state;
  return user
    ? { status: 'signed-in', user, returnTo, redirectError }
    : { status: 'signed-out', signOutReason: state.signOutReason, returnTo, redirectError };
}

/** Whether the UI may see the state now (no multi-step change is half done). */
export function sessionSettled(state: SessionMachine): boolean {
  return state.holds === 0;
}

/** Whether a tab coming back (visible again, focused) should re-read the user's record now. */
export function sessionRecheckDue(state: SessionMachine, now: number, visible: boolean): boolean {
  return state.user !== null && visible && now - state.lastRecheckAt >= RECHECK_INTERVAL_MS;
}
