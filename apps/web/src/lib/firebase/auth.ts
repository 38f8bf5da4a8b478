/**
 * Every Firebase Authentication call of the app. The UI sees plain `SessionUser` snapshots and
 * calls the functions below; it never touches the SDK.
 *
 * Loaded with a dynamic import at start-up (see lib/session), so the Auth SDK stays out of the
 * entry chunk. `initializeAuth` gets explicit persistence and no popup/redirect resolver: the
 * resolver (which loads Google's scripts and an iframe) is passed only to the Google calls.
 * Against the emulator those calls first load an offline stand-in for Google's script
 * (emulator-gapi.ts); production builds do not contain that step.
 */
import type { Auth, User, UserCredential } from 'firebase/auth';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  getRedirectResult,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  linkWithCredential,
  linkWithPopup,
  linkWithRedirect,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { errorCode } from '../errors/error-code';
import { getFirebaseApp } from './app';
import { prepareEmulatorGoogleSignIn } from './emulator-gapi';
import { authEmulatorUrl } from './emulators';

export type ProviderProfile = {
  providerId: string;
  uid: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
};

/** The signed-in user record, as a plain immutable snapshot. */
export type SessionUser = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
  tenantId: string | null;
  providerData: readonly ProviderProfile[];
  /** Epoch milliseconds (the record's `metadata.createdAt` / `metadata.lastLoginAt`). */
  metadata: { createdAt: number | null; lastLoginAt: number | null };
};

export type AuthSnapshot = {
  user: SessionUser | null;
  /**
   * Why there is no user: `'user'` after `signOutUser()` or account deletion; `'session-ended'`
   * when the SDK dropped the user by itself (expired, revoked or disabled session), now or while
   * the app was closed; `null` when nobody signed in. Reset by the next sign-in.
   */
  signOutReason: SignOutReason | null;
  /** Where to go after a redirect sign-in came back (router state does not survive it). */
  returnTo: string | null;
  /** The error of a redirect sign-in that came back failed, reported once. */
  redirectError: unknown;
};

export type SignOutReason = 'user' | 'session-ended';

export type BeforeSignOutHook = () => Promise<'proceed' | 'cancel'>;

const SESSION_MARKER_KEY = 'showcase:session-uid';
const PENDING_REDIRECT_KEY = 'showcase:pending-redirect';
const SIGN_OUT_CHANNEL = 'showcase:auth';

// Codes meaning the user's session is no longer valid on the server.
const invalidSessionCodes = new Set([
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/user-disabled',
]);

let auth: Auth | undefined;
let started: Promise<void> | undefined;
let snapshot: AuthSnapshot = {
  user: null,
  signOutReason: null,
  returnTo: null,
  redirectError: null,
};
const listeners = new Set<(snapshot: AuthSnapshot) => void>();
const beforeSignOutHooks = new Set<BeforeSignOutHook>();
let lastUid: string | null = null;
let expectingSignOut = false;
let heldEmissions = 0;
let emissionPending = false;

function getAuthInstance(): Auth {
  if (!auth) {
    auth = initializeAuth(getFirebaseApp(), {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    });
    const emulatorUrl = authEmulatorUrl();
    // The banner the SDK adds to the page would cover the UI; the dev tools already say it.
    if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  }
  return auth;
}

function toSessionUser(user: User): SessionUser {
  const toEpoch = (time: string | undefined) => {
    const value = time ? Date.parse(time) : NaN;
    return Number.isNaN(value) ? null : value;
  };
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    tenantId: user.tenantId,
    providerData: user.providerData.map((info) => ({
      providerId: info.providerId,
      uid: info.uid,
      displayName: info.displayName,
      email: info.email,
      phoneNumber: info.phoneNumber,
      photoURL: info.photoURL,
    })),
    metadata: {
      createdAt: toEpoch(user.metadata.creationTime),
      lastLoginAt: toEpoch(user.metadata.lastSignInTime),
    },
  };
}

function emit(): void {
  if (heldEmissions > 0) {
    emissionPending = true;
    return;
  }
  const current = auth?.currentUser ?? null;
  snapshot = { ...snapshot, user: current ? toSessionUser(current) : null };
  for (const listener of listeners) listener(snapshot);
}

/** Runs a multi-step change (create, then name) and announces only its final state. */
async function withHeldEmissions<T>(run: () => Promise<T>): Promise<T> {
  heldEmissions += 1;
  try {
    return await run();
  } finally {
    heldEmissions -= 1;
    if (heldEmissions === 0 && emissionPending) {
      emissionPending = false;
      emit();
    }
  }
}

// Storage can be blocked (privacy modes); the marker is a nicety, never a requirement.
function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Without storage the app still works; it only cannot tell a reload after expiry apart.
  }
}
const local = () => window.localStorage;
const session = () => window.sessionStorage;

function handleUser(user: User | null): void {
  if (user) {
    writeStorage(local, SESSION_MARKER_KEY, user.uid);
    snapshot = { ...snapshot, signOutReason: null };
  } else {
    // The marker survives reloads, so a session the SDK dropped while restoring counts too.
    const hadSession = lastUid !== null || readStorage(local, SESSION_MARKER_KEY) !== null;
    const signOutReason: SignOutReason | null = expectingSignOut
      ? 'user'
      : hadSession
        ? 'session-ended'
        : snapshot.signOutReason;
    snapshot = { ...snapshot, signOutReason };
    expectingSignOut = false;
    writeStorage(local, SESSION_MARKER_KEY, null);
  }
  lastUid = user?.uid ?? null;
  emit();
}

let signOutChannel: BroadcastChannel | undefined;
function announceSignOut(): void {
  expectingSignOut = true;
  signOutChannel?.postMessage('signing-out');
}

type PendingRedirect = { kind: 'sign-in' | 'link'; returnTo: string };

function takePendingRedirect(): PendingRedirect | null {
  const raw = readStorage(session, PENDING_REDIRECT_KEY);
  if (raw === null) return null;
  writeStorage(session, PENDING_REDIRECT_KEY, null);
  try {
    const value = JSON.parse(raw) as Partial<PendingRedirect>;
    return typeof value.returnTo === 'string' && value.returnTo.startsWith('/')
      ? { kind: value.kind === 'link' ? 'link' : 'sign-in', returnTo: value.returnTo }
      : null;
  } catch {
    return null;
  }
}

/** A signed-in user's session is re-checked when the tab comes back, at most once a minute. */
function recheckSessionOnReturn(instance: Auth): void {
  let lastCheck = Date.now();
  const recheck = () => {
    const user = instance.currentUser;
    if (!user || document.visibilityState !== 'visible' || Date.now() - lastCheck < 60_000) return;
    lastCheck = Date.now();
    // On a disabled, deleted or revoked account the SDK signs the user out itself, which
    // handleUser reports as an ended session; other failures (offline) just wait for next time.
    reload(user).then(emit, () => undefined);
  };
  document.addEventListener('visibilitychange', recheck);
  window.addEventListener('focus', recheck);
}

function start(): Promise<void> {
  started ??= (async () => {
    const instance = getAuthInstance();
    const pendingRedirect = takePendingRedirect();
    await instance.authStateReady();
    if (pendingRedirect) {
      snapshot = { ...snapshot, returnTo: pendingRedirect.returnTo };
      try {
        await prepareEmulatorGoogleSignIn();
        await getRedirectResult(instance, browserPopupRedirectResolver);
      } catch (error) {
        snapshot = { ...snapshot, redirectError: error };
      }
    }
    if (typeof BroadcastChannel !== 'undefined') {
      signOutChannel = new BroadcastChannel(SIGN_OUT_CHANNEL);
      // Another tab signing out on purpose is not an ended session here either.
      signOutChannel.onmessage = () => {
        expectingSignOut = true;
      };
    }
    // Fires at once with the restored user, then on sign-in, sign-out and token changes.
    onIdTokenChanged(instance, handleUser);
    recheckSessionOnReturn(instance);
  })();
  return started;
}

/**
 * Starts Auth (restoring the persisted session and finishing a pending redirect sign-in) and
 * reports every change. The first report comes once the auth state is known.
 */
export function watchAuth(
  onChange: (snapshot: AuthSnapshot) => void,
  onError: (error: unknown) => void,
): () => void {
  listeners.add(onChange);
  start().then(
    () => {
      if (listeners.has(onChange)) onChange(snapshot);
    },
    (error: unknown) => onError(error),
  );
  return () => {
    listeners.delete(onChange);
  };
}

/** Forgets the one-time redirect outcome once the UI has acted on it. */
export function clearRedirectOutcome(): void {
  snapshot = { ...snapshot, returnTo: null, redirectError: null };
}

function requireUser(): User {
  const user = getAuthInstance().currentUser;
  if (!user)
    throw Object.assign(new Error('No signed-in user.'), { code: 'auth/user-token-expired' });
  return user;
}

/**
 * Runs an operation on the current user. If the server says the session is no longer valid,
 * signs out (reported as an ended session) before rethrowing.
 */
async function asCurrentUser<T>(operation: (user: User) => Promise<T>): Promise<T> {
  const user = requireUser();
  try {
    return await operation(user);
  } catch (error) {
    const code = errorCode(error);
    if (code !== null && invalidSessionCodes.has(code) && auth?.currentUser?.uid === user.uid) {
      await signOut(getAuthInstance());
    }
    throw error;
  }
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

// --- Sign-in, sign-up -----------------------------------------------------------------------

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getAuthInstance(), email, password);
}

export async function signInAsGuest(): Promise<void> {
  await signInAnonymously(getAuthInstance());
}

export type SignUpResult = {
  /** True when a guest was upgraded in place (same uid). */
  upgraded: boolean;
  /** Set when the account exists but the display name could not be saved. */
  profileError: unknown;
};

/**
 * Creates an email/password account, or, for a guest, links the credential to the guest's
 * account so the uid (and everything tied to it) is kept. Nothing is written to Firestore here.
 */
export async function signUpWithEmail(input: {
  displayName: string;
  email: string;
  password: string;
}): Promise<SignUpResult> {
  const instance = getAuthInstance();
  return withHeldEmissions(async () => {
    const current = instance.currentUser;
    let credential: UserCredential;
    if (current?.isAnonymous) {
      const emailCredential = EmailAuthProvider.credential(input.email, input.password);
      credential = await asCurrentUser((user) => linkWithCredential(user, emailCredential));
    } else {
      credential = await createUserWithEmailAndPassword(instance, input.email, input.password);
    }
    let profileError: unknown = null;
    try {
      await updateProfile(credential.user, { displayName: input.displayName });
    } catch (error) {
      profileError = error;
    }
    emissionPending = true;
    return { upgraded: current?.isAnonymous === true, profileError };
  });
}

export type GoogleOutcome = 'signed-in' | 'redirecting';

/**
 * Google sign-in by pop-up (for a guest: linking, so the uid is kept). When the browser blocks
 * the pop-up, falls back to the redirect flow; the page then leaves and `returnTo` is restored
 * when it comes back. A closed pop-up rejects with a cancel code the UI keeps quiet about.
 */
export async function continueWithGoogle(returnTo: string): Promise<GoogleOutcome> {
  const instance = getAuthInstance();
  const provider = googleProvider();
  const guest = instance.currentUser?.isAnonymous ? instance.currentUser : null;
  await prepareEmulatorGoogleSignIn();
  try {
    if (guest)
      await asCurrentUser((user) => linkWithPopup(user, provider, browserPopupRedirectResolver));
    else await signInWithPopup(instance, provider, browserPopupRedirectResolver);
    // Linking keeps the uid, so only the token listener may have fired: announce the new record.
    emit();
    return 'signed-in';
  } catch (error) {
    if (errorCode(error) !== 'auth/popup-blocked') throw error;
    const pending: PendingRedirect = { kind: guest ? 'link' : 'sign-in', returnTo };
    writeStorage(session, PENDING_REDIRECT_KEY, JSON.stringify(pending));
    if (guest) await linkWithRedirect(guest, provider, browserPopupRedirectResolver);
    else await signInWithRedirect(instance, provider, browserPopupRedirectResolver);
    return 'redirecting';
  }
}

/**
 * After `credential-already-in-use` (a guest tried to link a Google account that already has
 * its own Showcase account), signs in to that account instead. The guest's uid is left behind.
 */
export async function signInToExistingGoogleAccount(linkError: unknown): Promise<void> {
  const credential = GoogleAuthProvider.credentialFromError(
    linkError as Parameters<typeof GoogleAuthProvider.credentialFromError>[0],
  );
  if (!credential) throw linkError;
  await signInWithCredential(getAuthInstance(), credential);
}

/** Always resolves for unknown emails, so the screen can answer neutrally. */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(getAuthInstance(), email);
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
}

// --- The signed-in user ---------------------------------------------------------------------

export async function sendVerificationEmail(): Promise<void> {
  await asCurrentUser((user) => sendEmailVerification(user));
}

/** Re-reads the user record from the server (e.g. after the email was verified elsewhere). */
export async function refreshUser(): Promise<void> {
  await asCurrentUser((user) => reload(user));
  emit();
}

/** `photoURL: null` removes the photo. */
export async function updateUserProfile(changes: {
  displayName: string;
  photoURL: string | null;
}): Promise<void> {
  await asCurrentUser((user) => updateProfile(user, changes));
  emit();
}

/** Rejects with `auth/requires-recent-login` when the sign-in is too old: re-authenticate first. */
export async function deleteAccount(): Promise<void> {
  await asCurrentUser(async (user) => {
    announceSignOut();
    try {
      await deleteUser(user);
    } catch (error) {
      expectingSignOut = false;
      throw error;
    }
  });
}

export type ReauthenticationMethod = 'password' | 'google';

/** How the current user can prove it is them again, or `null` (a guest cannot). */
export function reauthenticationMethod(user: SessionUser): ReauthenticationMethod | null {
  const providers = user.providerData.map((info) => info.providerId);
  if (providers.includes('password') && user.email) return 'password';
  if (providers.includes('google.com')) return 'google';
  return null;
}

export async function reauthenticateWithPassword(password: string): Promise<void> {
  await asCurrentUser((user) =>
    reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password)),
  );
}

export async function reauthenticateWithGoogle(): Promise<void> {
  await prepareEmulatorGoogleSignIn();
  await asCurrentUser((user) =>
    reauthenticateWithPopup(user, googleProvider(), browserPopupRedirectResolver),
  );
}

// --- Sign-out ---------------------------------------------------------------------------------

/**
 * Adds a step that runs before every `signOutUser()` (e.g. the data layer warning about
 * unsaved writes and clearing its cache). Any hook answering 'cancel' stops the sign-out.
 * Returns a function that removes the hook.
 */
export function registerBeforeSignOut(hook: BeforeSignOutHook): () => void {
  beforeSignOutHooks.add(hook);
  return () => {
    beforeSignOutHooks.delete(hook);
  };
}

export async function signOutUser(): Promise<'signed-out' | 'cancelled'> {
  for (const hook of [...beforeSignOutHooks]) {
    let answer: 'proceed' | 'cancel' = 'proceed';
    try {
      answer = await hook();
    } catch (error) {
      // A failing clean-up must not trap the user in their session.
      console.error('[showcase] A before-sign-out step failed; signing out anyway.', error);
    }
    if (answer === 'cancel') return 'cancelled';
  }
  announceSignOut();
  try {
    await signOut(getAuthInstance());
  } catch (error) {
    expectingSignOut = false;
    throw error;
  }
  return 'signed-out';
}
