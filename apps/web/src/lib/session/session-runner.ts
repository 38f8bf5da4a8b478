/**
 * Runs the session machine: restores the session, feeds the machine what Auth reports, and turns
 * the app's requests (sign in, upgrade a guest, sign out, …) into Auth calls. Auth, storage, the
 * cross-tab channel, the tab's return and the clock are injected, so all of it runs under unit
 * tests with fakes; lib/firebase/auth.ts wires the real ones.
 */
import { isSafeReturnPath } from '../../utils/return-to';
import { errorCode } from '../errors/error-code';
import type { SessionEvent, SessionMachine, SessionState } from './session-machine';
import {
  sessionInit,
  sessionRecheckDue,
  sessionReduce,
  sessionSettled,
  sessionView,
} from './session-machine';
import type { SessionUser } from './session-user';
import { SESSION_MARKER_KEY, writeViewerMarker } from './viewer-marker';

/** The Firebase Authentication calls the session needs; every "current user" is Auth's own. */
export interface AuthPort {
  /** Resolves once the persisted session is restored. */
  ready(): Promise<void>;
  /** Completes a redirect sign-in (or link) that brought the page back. */
  finishRedirect(): Promise<void>;
  /** Reports the current user soon after subscribing, then on sign-in, sign-out and token changes. */
  onUserChanged(listener: (user: SessionUser | null) => void): () => void;
  currentUser(): SessionUser | null;
  signInWithEmail(email: string, password: string): Promise<void>;
  signInAsGuest(): Promise<void>;
  createAccount(email: string, password: string): Promise<void>;
  /** Adds an email/password credential to the current user (a guest keeps its uid). */
  linkEmail(email: string, password: string): Promise<void>;
  /** A `null` photo removes it. */
  updateProfile(changes: { displayName: string; photoURL?: string | null }): Promise<void>;
  /** Google by pop-up (rejects with `auth/popup-blocked` when the browser blocks it). */
  googlePopup(mode: GoogleMode): Promise<void>;
  /** Google by redirect: the page leaves. */
  googleRedirect(mode: GoogleMode): Promise<void>;
  /** Signs in with the Google credential carried by a failed link (`credential-already-in-use`). */
  signInWithCredentialFrom(linkError: unknown): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  sendEmailVerification(): Promise<void>;
  /** Re-reads the record from the server; on a disabled or revoked account Auth signs out. */
  reload(): Promise<void>;
  deleteUser(): Promise<void>;
  reauthenticateWithPassword(password: string): Promise<void>;
  reauthenticateWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
}

export type GoogleMode = 'sign-in' | 'link';

/** Browser storage that may be blocked (privacy modes): reads then give `null`, writes nothing. */
export interface KeyValueStorage {
  get(key: string): string | null;
  /** `null` removes the key. */
  set(key: string, value: string | null): void;
}

/** Tells the app's other tabs that this one is signing out on purpose. */
export interface SignOutChannel {
  post(): void;
  listen(onSignOutElsewhere: () => void): () => void;
}

/** The tab coming back to the user (shown again, focused). */
export interface TabReturn {
  visible(): boolean;
  listen(onReturn: () => void): () => void;
}

export interface Clock {
  now(): number;
}

export type SessionDeps = {
  auth: AuthPort;
  local: KeyValueStorage;
  session: KeyValueStorage;
  channel: SignOutChannel | null;
  tabReturn: TabReturn | null;
  clock: Clock;
};

export type SignUpResult = {
  /** True when a guest was upgraded in place (same uid). */
  upgraded: boolean;
  /** Set when the account exists but the display name could not be saved. */
  profileError: unknown;
};

export type GoogleOutcome = 'signed-in' | 'redirecting';

export type BeforeSignOutHook = () => Promise<'proceed' | 'cancel'>;

/** What screens can do with the session (through `sessionActions()`). */
export type SessionActions = {
  signInWithEmail(email: string, password: string): Promise<void>;
  signInAsGuest(): Promise<void>;
  /**
   * Creates an email/password account, or, for a guest, links the credential to the guest's
   * account so the uid (and everything tied to it) is kept. Nothing is written to Firestore here.
   * The UI sees only the end state (the member with their name), never the nameless account.
   */
  signUpWithEmail(input: {
    displayName: string;
    email: string;
    password: string;
  }): Promise<SignUpResult>;
  /**
   * Google sign-in by pop-up (for a guest: linking, so the uid is kept). When the browser blocks
   * the pop-up, falls back to the redirect flow; the page then leaves and `returnTo` is restored
   * when it comes back. A closed pop-up rejects with a cancel code the UI keeps quiet about.
   */
  continueWithGoogle(returnTo: string): Promise<GoogleOutcome>;
  /**
   * After `credential-already-in-use` (a guest tried to link a Google account that already has
   * its own Showcase account), signs in to that account instead. The guest's uid is left behind.
   */
  signInToExistingGoogleAccount(linkError: unknown): Promise<void>;
  /** Always resolves for unknown emails, so the screen can answer neutrally. */
  sendPasswordReset(email: string): Promise<void>;
  sendVerificationEmail(): Promise<void>;
  /** Re-reads the user record from the server (e.g. after the email was verified elsewhere). */
  refreshUser(): Promise<void>;
  /** `photoURL: null` removes the photo. */
  updateUserProfile(changes: { displayName: string; photoURL: string | null }): Promise<void>;
  /** Rejects with `auth/requires-recent-login` when the sign-in is too old: re-authenticate first. */
  deleteAccount(): Promise<void>;
  reauthenticateWithPassword(password: string): Promise<void>;
  reauthenticateWithGoogle(): Promise<void>;
  /**
   * Adds a step that runs before every `signOutUser()` (e.g. the data layer warning about
   * unsaved writes and clearing its cache). Any step answering 'cancel' stops the sign-out; a
   * step that throws is logged and skipped. Returns a function that removes the step.
   */
  registerBeforeSignOut(hook: BeforeSignOutHook): () => void;
  signOutUser(): Promise<'signed-out' | 'cancelled'>;
  /** Forgets the one-time redirect outcome once the UI has acted on it. */
  clearRedirectOutcome(): void;
};

export type SessionRuntime = SessionActions & {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Settles once Auth has restored the session (or failed to start). */
  started: Promise<void>;
  dispose(): void;
};

export { SESSION_MARKER_KEY };
/** sessionStorage: a Google redirect under way and where to go when it comes back. */
export const PENDING_REDIRECT_KEY = 'showcase:pending-redirect';

type PendingRedirect = { kind: GoogleMode; returnTo: string };

/** The stored pending redirect, or `null` when absent or not ours (only in-app paths are kept). */
export function parsePendingRedirect(raw: string | null): PendingRedirect | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingRedirect> | null;
    return isSafeReturnPath(value?.returnTo)
      ? { kind: value.kind === 'link' ? 'link' : 'sign-in', returnTo: value.returnTo }
      : null;
  } catch {
    return null;
  }
}

/** What an operation on the current user rejects with when nobody is signed in any more. */
export function noSignedInUserError(): Error & { code: string } {
  return Object.assign(new Error('No signed-in user.'), { code: 'auth/user-token-expired' });
}

// Codes meaning the user's session is no longer valid on the server.
const invalidSessionCodes = new Set([
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/user-disabled',
]);

function sameView(a: SessionState, b: SessionState): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

export function runSession(deps: SessionDeps): SessionRuntime {
  const { auth, clock } = deps;
  let state: SessionMachine = sessionInit(clock.now());
  let published = sessionView(state);
  const subscribers = new Set<() => void>();
  const beforeSignOut = new Set<BeforeSignOutHook>();
  const stops: Array<() => void> = [];

  function dispatch(event: SessionEvent): void {
    state = sessionReduce(state, event);
    if (!sessionSettled(state)) return;
    const view = sessionView(state);
    if (sameView(view, published)) return;
    published = view;
    for (const subscriber of subscribers) subscriber();
  }

  function userReported(user: SessionUser | null): void {
    writeViewerMarker(deps.local, user);
    dispatch({ type: 'user', user });
  }

  /** Announces the record as Auth has it now (after changes no token event reports). */
  function reportCurrentUser(): void {
    userReported(auth.currentUser());
  }

  function recheckOnReturn(): void {
    if (!sessionRecheckDue(state, clock.now(), deps.tabReturn?.visible() ?? false)) return;
    dispatch({ type: 'recheck-started', at: clock.now() });
    // A disabled, deleted or revoked account makes Auth sign out, reported as an ended session;
    // other failures (offline) just wait for the next return.
    auth.reload().then(reportCurrentUser, () => undefined);
  }

  async function start(): Promise<void> {
    const stored = deps.session.get(PENDING_REDIRECT_KEY);
    if (stored !== null) deps.session.set(PENDING_REDIRECT_KEY, null);
    const pending = parsePendingRedirect(stored);
    try {
      await auth.ready();
      let redirectError: unknown = null;
      if (pending) {
        try {
          await auth.finishRedirect();
        } catch (error) {
          redirectError = error;
        }
      }
      dispatch({
        type: 'restored',
        markerUid: deps.local.get(SESSION_MARKER_KEY),
        returnTo: pending?.returnTo ?? null,
        redirectError,
      });
      // Another tab signing out on purpose is not an ended session here either.
      if (deps.channel)
        stops.push(deps.channel.listen(() => dispatch({ type: 'signed-out-elsewhere' })));
      stops.push(auth.onUserChanged(userReported));
      if (deps.tabReturn) stops.push(deps.tabReturn.listen(recheckOnReturn));
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  /** Runs a multi-step change (create, then name) and announces only its final state. */
  async function held<T>(run: () => Promise<T>): Promise<T> {
    dispatch({ type: 'hold' });
    try {
      return await run();
    } finally {
      dispatch({ type: 'release' });
    }
  }

  /**
   * Runs an operation on the current user. If the server says the session is no longer valid,
   * signs out (reported as an ended session) before rethrowing.
   */
  async function asCurrentUser<T>(operation: () => Promise<T>): Promise<T> {
    const uid = auth.currentUser()?.uid;
    if (uid === undefined) throw noSignedInUserError();
    try {
      return await operation();
    } catch (error) {
      const code = errorCode(error);
      if (code !== null && invalidSessionCodes.has(code) && auth.currentUser()?.uid === uid) {
        await auth.signOut();
      }
      throw error;
    }
  }

  /** Signs out on purpose (or deletes the account): here and in the other tabs, not "ended". */
  async function endOnPurpose(end: () => Promise<void>): Promise<void> {
    dispatch({ type: 'sign-out-started' });
    deps.channel?.post();
    try {
      await end();
    } catch (error) {
      dispatch({ type: 'sign-out-failed' });
      throw error;
    }
  }

  const started = start();

  return {
    getState: () => published,
    subscribe(listener) {
      subscribers.add(listener);
      return () => {
        subscribers.delete(listener);
      };
    },
    started,
    dispose() {
      for (const stop of stops.splice(0)) stop();
      subscribers.clear();
    },

    async signInWithEmail(email, password) {
      await auth.signInWithEmail(email, password);
    },
    async signInAsGuest() {
      await auth.signInAsGuest();
    },

    signUpWithEmail: (input) =>
      held(async () => {
        const guest = auth.currentUser()?.isAnonymous === true;
        if (guest) await asCurrentUser(() => auth.linkEmail(input.email, input.password));
        else await auth.createAccount(input.email, input.password);
        let profileError: unknown = null;
        try {
          await auth.updateProfile({ displayName: input.displayName });
        } catch (error) {
          profileError = error;
        }
        reportCurrentUser();
        return { upgraded: guest, profileError };
      }),

    async continueWithGoogle(returnTo) {
      const mode: GoogleMode = auth.currentUser()?.isAnonymous ? 'link' : 'sign-in';
      try {
        if (mode === 'link') await asCurrentUser(() => auth.googlePopup(mode));
        else await auth.googlePopup(mode);
        // Linking keeps the uid, so only a token event may have fired: announce the new record.
        reportCurrentUser();
        return 'signed-in';
      } catch (error) {
        if (errorCode(error) !== 'auth/popup-blocked') throw error;
        const pending: PendingRedirect = { kind: mode, returnTo };
        deps.session.set(PENDING_REDIRECT_KEY, JSON.stringify(pending));
        await auth.googleRedirect(mode);
        return 'redirecting';
      }
    },

    signInToExistingGoogleAccount: (linkError) => auth.signInWithCredentialFrom(linkError),

    async sendPasswordReset(email) {
      try {
        await auth.sendPasswordReset(email);
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },

    sendVerificationEmail: () => asCurrentUser(() => auth.sendEmailVerification()),

    async refreshUser() {
      await asCurrentUser(() => auth.reload());
      reportCurrentUser();
    },

    async updateUserProfile(changes) {
      await asCurrentUser(() => auth.updateProfile(changes));
      reportCurrentUser();
    },

    deleteAccount: () => asCurrentUser(() => endOnPurpose(() => auth.deleteUser())),

    reauthenticateWithPassword: (password) =>
      asCurrentUser(() => auth.reauthenticateWithPassword(password)),
    reauthenticateWithGoogle: () => asCurrentUser(() => auth.reauthenticateWithGoogle()),

    registerBeforeSignOut(hook) {
      beforeSignOut.add(hook);
      return () => {
        beforeSignOut.delete(hook);
      };
    },

    async signOutUser() {
      for (const hook of [...beforeSignOut]) {
        let answer: 'proceed' | 'cancel' = 'proceed';
        try {
          answer = await hook();
        } catch (error) {
          // A failing clean-up must not trap the user in their session.
          console.error('[showcase] A before-sign-out step failed; signing out anyway.', error);
        }
        if (answer === 'cancel') return 'cancelled';
      }
      await endOnPurpose(() => auth.signOut());
      return 'signed-out';
    },

    clearRedirectOutcome: () => dispatch({ type: 'redirect-outcome-seen' }),
  };
}
