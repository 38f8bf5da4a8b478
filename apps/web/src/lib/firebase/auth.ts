/**
 * Firebase Authentication behind the session runner: the SDK calls of `AuthPort`, wired with the
 * browser's storage, channel and focus into one running session. Every decision (sign-out
 * reasons, redirects, guest upgrades, before-sign-out steps) lives in lib/session, unit-tested.
 *
 * Loaded with a dynamic import at start-up (lib/session/session-store.ts), so the Auth SDK stays
 * out of the entry chunk. `initializeAuth` gets explicit persistence and no popup/redirect
 * resolver: the resolver (which loads Google's scripts and an iframe) is passed only to the
 * Google calls. Against the emulator those calls first load an offline stand-in for Google's
 * script (emulator-gapi.ts); production builds do not contain that step.
 */
import type { Auth, User } from 'firebase/auth';
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
import { browserSessionPorts } from '../session/browser-ports';
import type { AuthPort, SessionRuntime } from '../session/session-runner';
import { noSignedInUserError, runSession } from '../session/session-runner';
import { getFirebaseApp } from './app';
import { toSessionUser } from './auth-user';
import { prepareEmulatorGoogleSignIn } from './emulator-gapi';
import { authEmulatorUrl } from './emulators';

function createAuth(): Auth {
  const auth = initializeAuth(getFirebaseApp(), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  const emulatorUrl = authEmulatorUrl();
  // The banner the SDK adds to the page would cover the UI; the dev tools already say it.
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}

/** Google with the account chooser, after the emulator's offline script where there is one. */
async function google(): Promise<GoogleAuthProvider> {
  await prepareEmulatorGoogleSignIn();
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** The SDK calls; the instance is created on first use, so bad configuration fails the start. */
export function createAuthPort(): AuthPort {
  let instance: Auth | undefined;
  const auth = () => (instance ??= createAuth());
  const user = (): User => {
    const current = auth().currentUser;
    if (!current) throw noSignedInUserError();
    return current;
  };
  const resolver = browserPopupRedirectResolver;

  return {
    ready: () => auth().authStateReady(),
    async finishRedirect() {
      await prepareEmulatorGoogleSignIn();
      await getRedirectResult(auth(), resolver);
    },
    onUserChanged: (listener) =>
      onIdTokenChanged(auth(), (current) => listener(current && toSessionUser(current))),
    currentUser() {
      const current = auth().currentUser;
      return current && toSessionUser(current);
    },
    async signInWithEmail(email, password) {
      await signInWithEmailAndPassword(auth(), email, password);
    },
    async signInAsGuest() {
      await signInAnonymously(auth());
    },
    async createAccount(email, password) {
      await createUserWithEmailAndPassword(auth(), email, password);
    },
    async linkEmail(email, password) {
      await linkWithCredential(user(), EmailAuthProvider.credential(email, password));
    },
    // No photo is sent as an empty photoUrl, which the service and the SDK read back as none:
    // the Auth emulator refuses a null one (400 "photoUrl must be string").
    updateProfile: (changes) =>
      updateProfile(user(), { ...changes, photoURL: changes.photoURL ?? '' }),
    async googlePopup(mode) {
      const provider = await google();
      if (mode === 'link') await linkWithPopup(user(), provider, resolver);
      else await signInWithPopup(auth(), provider, resolver);
    },
    async googleRedirect(mode) {
      const provider = await google();
      if (mode === 'link') await linkWithRedirect(user(), provider, resolver);
      else await signInWithRedirect(auth(), provider, resolver);
    },
    async signInWithCredentialFrom(linkError) {
      const credential = GoogleAuthProvider.credentialFromError(
        linkError as Parameters<typeof GoogleAuthProvider.credentialFromError>[0],
      );
      if (!credential) throw linkError;
      await signInWithCredential(auth(), credential);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth(), email),
    sendEmailVerification: () => sendEmailVerification(user()),
    reload: () => reload(user()),
    deleteUser: () => deleteUser(user()),
    async reauthenticateWithPassword(password) {
      const current = user();
      const credential = EmailAuthProvider.credential(current.email ?? '', password);
      await reauthenticateWithCredential(current, credential);
    },
    async reauthenticateWithGoogle() {
      await reauthenticateWithPopup(user(), await google(), resolver);
    },
    signOut: () => signOut(auth()),
  };
}

/** The app's session: called once, by lib/session/session-store.ts, when this chunk arrives. */
export function createAppSession(): SessionRuntime {
  return runSession({ auth: createAuthPort(), ...browserSessionPorts() });
}
