/**
 * Renders the whole app as `main.tsx` does (theme, snackbars, the real router and screens) at a
 * path, signed in as whoever the test needs through the real Auth emulator. Each test file runs
 * in its own page, so the SDKs, the session and the router's history are the file's own; tests
 * of one file switch user here, and `cleanUpApp` (after each test) unmounts what they rendered.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '../app/provider';
import { createAppRouter } from '../app/router';
import type { SessionState } from '../lib/session';
import { sessionActions, startSession } from '../lib/session';
import { getSessionState, subscribeSession } from '../lib/session/session-store';
import type { Account } from './emulator-rest';
import { createAccount } from './emulator-rest';

/** Who opens the screen: nobody, a fresh guest, a fresh member, or a given account. */
export type Viewer = 'visitor' | 'guest' | 'member' | Account;

export type RenderedApp = {
  /** The signed-in user's uid and, for an account, its credentials; null for a visitor. */
  user: { uid: string; account: Account | null } | null;
  router: ReturnType<typeof createAppRouter>;
};

const mounted: { root: Root; container: HTMLElement; router: RenderedApp['router'] }[] = [];
const testerUrl = window.location.href;

/** Resolves with the first session state `accepts` takes (now or later). */
function sessionReaches<T extends SessionState>(
  accepts: (state: SessionState) => state is T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = getSessionState();
      if (state.status === 'failed') {
        stop();
        reject(new Error('Auth did not start', { cause: state.error }));
      } else if (accepts(state)) {
        stop();
        resolve(state);
      }
    };
    const stop = subscribeSession(check);
    check();
  });
}

const known = (state: SessionState) =>
  state.status === 'signed-in' || state.status === 'signed-out';
const signedOut = (state: SessionState): state is Extract<SessionState, { status: 'signed-out' }> =>
  state.status === 'signed-out';
const signedIn = (state: SessionState): state is Extract<SessionState, { status: 'signed-in' }> =>
  state.status === 'signed-in';

/** Signs out whoever is signed in (a previous test of this file). */
async function signOut(): Promise<void> {
  if (getSessionState().status !== 'signed-in') return;
  await sessionActions().signOutUser();
  await sessionReaches(signedOut);
}

/** Makes `viewer` the session's user, through the app's own session and the Auth emulator. */
export async function becomeViewer(viewer: Viewer): Promise<RenderedApp['user']> {
  startSession();
  await sessionReaches((state): state is SessionState => known(state));
  await signOut();
  if (viewer === 'visitor') return null;
  if (viewer === 'guest') {
    await sessionActions().signInAsGuest();
    const { user } = await sessionReaches(signedIn);
    return { uid: user.uid, account: null };
  }
  const account = viewer === 'member' ? await createAccount() : viewer;
  await sessionActions().signInWithEmail(account.email, account.password);
  const { user } = await sessionReaches(signedIn);
  return { uid: user.uid, account };
}

/** A fresh member account (not signed in): seed data it owns, then `renderApp({ as: it })`. */
export { createAccount as newMember };

function mount(): RenderedApp['router'] {
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  const root = createRoot(container);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  mounted.push({ root, container, router });
  return router;
}

function unmount(): void {
  for (const { root, container, router } of mounted.splice(0)) {
    root.unmount();
    router.dispose();
    container.remove();
  }
}

/**
 * Renders the app at `path` (default `/`) for `as` (default a visitor), as a page load would: an
 * app already rendered by this test goes first.
 */
export async function renderApp({
  path = '/',
  as = 'visitor',
}: { path?: string; as?: Viewer } = {}): Promise<RenderedApp> {
  unmount();
  const user = await becomeViewer(as);
  window.history.replaceState(null, '', path);
  return { user, router: mount() };
}

/**
 * What a reload brings back from the address alone: the app rendered afresh at the current
 * address, for the same user (the SDKs and their caches stay, as they would on disk).
 */
export function rerenderApp(): RenderedApp['router'] {
  unmount();
  return mount();
}

/** Unmounts what the test rendered and puts the tester page's address back. */
export function cleanUpApp(): void {
  unmount();
  window.history.replaceState(null, '', testerUrl);
}
