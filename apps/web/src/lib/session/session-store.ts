/**
 * The app's view of who is signed in, as an external store for `useSyncExternalStore`.
 * The Auth SDK is imported dynamically here, so the entry chunk stays small and paints the
 * progress indicator while Auth restores the session.
 */
import type * as AuthModule from '../firebase/auth';
import type { AuthSnapshot, SessionUser, SignOutReason } from '../firebase/auth';

export type { SessionUser, SignOutReason } from '../firebase/auth';

export type SessionState =
  | { status: 'loading' }
  /** Auth could not start (missing configuration, chunk download failed). */
  | { status: 'failed'; error: unknown }
  | {
      status: 'signed-out';
      signOutReason: SignOutReason | null;
      returnTo: string | null;
      redirectError: unknown;
    }
  | { status: 'signed-in'; user: SessionUser; returnTo: string | null; redirectError: unknown };

type AuthApi = typeof AuthModule;

let authApi: Promise<AuthApi> | undefined;
let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();

/** The auth module, loaded once. Shell components call sign-out through this. */
export function loadAuthApi(): Promise<AuthApi> {
  authApi ??= import('../firebase/auth').catch((error: unknown) => {
    authApi = undefined;
    throw Object.assign(new Error('Could not load the sign-in module.', { cause: error }), {
      code: 'app/chunk-load-failed',
    });
  });
  return authApi;
}

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function fromSnapshot(snapshot: AuthSnapshot): SessionState {
  const { user, signOutReason, returnTo, redirectError } = snapshot;
  return user
    ? { status: 'signed-in', user, returnTo, redirectError }
    : { status: 'signed-out', signOutReason, returnTo, redirectError };
}

let started = false;

/** Starts watching Auth; safe to call more than once. */
export function startSession(): void {
  if (started) return;
  started = true;
  loadAuthApi().then(
    (api) => {
      api.watchAuth(
        (snapshot) => setState(fromSnapshot(snapshot)),
        (error) => setState({ status: 'failed', error }),
      );
    },
    (error: unknown) => {
      started = false;
      setState({ status: 'failed', error });
    },
  );
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSessionState(): SessionState {
  return state;
}
