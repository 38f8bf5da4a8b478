import { afterEach, describe, expect, it, vi } from 'vitest';
import { firebaseError, guestUser, sessionUser } from '../../testing/builders';
import {
  channelHub,
  FakeAuth,
  fakeClock,
  fakeTabReturn,
  memoryStorage,
  quietPorts,
} from '../../testing/fake-auth';
import { RECHECK_INTERVAL_MS } from './session-machine';
import type { SessionState } from './session-machine';
import type { SessionDeps } from './session-runner';
import {
  parsePendingRedirect,
  PENDING_REDIRECT_KEY,
  runSession,
  SESSION_MARKER_KEY,
} from './session-runner';

/** Lets the fake's asynchronous steps and listener calls run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

type Tab = Omit<SessionDeps, 'auth' | 'local' | 'session' | 'tabReturn' | 'clock'> & {
  auth: FakeAuth;
  local: ReturnType<typeof memoryStorage>;
  session: ReturnType<typeof memoryStorage>;
  tabReturn: ReturnType<typeof fakeTabReturn>;
  clock: ReturnType<typeof fakeClock>;
};

const running: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const session of running.splice(0)) session.dispose();
  vi.restoreAllMocks();
});

/** Starts a session over fakes and waits until Auth has answered. */
async function open(overrides: Partial<Tab> = {}) {
  const deps: Tab = {
    auth: new FakeAuth(),
    local: memoryStorage(),
    session: memoryStorage(),
    channel: null,
    tabReturn: fakeTabReturn(),
    clock: fakeClock(),
    ...overrides,
  };
  const runtime = runSession(deps);
  running.push(runtime);
  const seen: SessionState[] = [];
  runtime.subscribe(() => seen.push(runtime.getState()));
  await runtime.started;
  await settle();
  return { ...deps, runtime, seen, state: () => runtime.getState() };
}

const reasonOf = (state: SessionState) =>
  state.status === 'signed-out' ? state.signOutReason : state.status;
const uidOf = (state: SessionState) => (state.status === 'signed-in' ? state.user.uid : null);

describe('session runner: restoring', () => {
  it('is unknown until Auth has answered, then shows the restored member and marks the session', async () => {
    const member = sessionUser();
    const ports = quietPorts();
    const session = runSession({ auth: new FakeAuth(member), ...ports });
    running.push(session);
    expect(session.getState()).toEqual({ status: 'unknown' });
    await session.started;
    await settle();
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: member });
    expect(ports.local.get(SESSION_MARKER_KEY)).toBe(member.uid);
  });

  it('fails when Auth cannot start (e.g. missing configuration)', async () => {
    const auth = new FakeAuth();
    const problem = new Error('VITE_FIREBASE_API_KEY is missing');
    auth.failNext.set('ready', problem);
    const tab = await open({ auth });
    expect(tab.state()).toEqual({ status: 'failed', error: problem });
  });

  it('reports a session that ended while the app was closed, from the marker', async () => {
    const tab = await open({ local: memoryStorage({ [SESSION_MARKER_KEY]: 'u1' }) });
    expect(reasonOf(tab.state())).toBe('session-ended');
    expect(tab.local.get(SESSION_MARKER_KEY)).toBe(null);
    const fresh = await open();
    expect(reasonOf(fresh.state())).toBe(null);
  });
});

describe('session runner: a session ending by itself', () => {
  it('token expiry: Auth drops the user, the session says it ended and forgets the marker', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.change(null);
    expect(tab.state()).toMatchObject({ status: 'signed-out', signOutReason: 'session-ended' });
    expect(tab.local.get(SESSION_MARKER_KEY)).toBe(null);
  });

  it('an operation the server refuses as an invalid session signs out as ended and rethrows', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const expired = firebaseError('auth/user-token-expired');
    tab.auth.failNext.set('updateProfile', expired);
    await expect(
      tab.runtime.updateUserProfile({ displayName: 'Ada', photoURL: null }),
    ).rejects.toBe(expired);
    expect(tab.auth.calls).toContain('signOut');
    expect(reasonOf(tab.state())).toBe('session-ended');
  });

  it('other failures (offline) leave the session alone', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.failNext.set('sendEmailVerification', firebaseError('auth/network-request-failed'));
    await expect(tab.runtime.sendVerificationEmail()).rejects.toMatchObject({
      code: 'auth/network-request-failed',
    });
    expect(tab.auth.calls).not.toContain('signOut');
    expect(tab.state().status).toBe('signed-in');
  });

  it('an operation with nobody signed in rejects as an expired session', async () => {
    const tab = await open();
    await expect(tab.runtime.sendVerificationEmail()).rejects.toMatchObject({
      code: 'auth/user-token-expired',
    });
  });
});

describe('session runner: signing out on purpose', () => {
  it('signs out here as the user’s choice and tells the other tabs', async () => {
    const hub = channelHub();
    const member = sessionUser();
    const here = await open({ auth: new FakeAuth(member), channel: hub.tab() });
    const elsewhere = await open({ auth: new FakeAuth(member), channel: hub.tab() });

    await expect(here.runtime.signOutUser()).resolves.toBe('signed-out');
    expect(reasonOf(here.state())).toBe('user');
    // The other tab's SDK then drops the user too: on purpose there as well.
    elsewhere.auth.change(null);
    expect(reasonOf(elsewhere.state())).toBe('user');
  });

  it('without the channel, the other tab can only call it an ended session', async () => {
    const member = sessionUser();
    const here = await open({ auth: new FakeAuth(member) });
    const elsewhere = await open({ auth: new FakeAuth(member) });
    await here.runtime.signOutUser();
    elsewhere.auth.change(null);
    expect(reasonOf(elsewhere.state())).toBe('session-ended');
  });

  it('a failed sign-out leaves the session in place and no expectation behind', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.failNext.set('signOut', firebaseError('auth/network-request-failed'));
    await expect(tab.runtime.signOutUser()).rejects.toMatchObject({
      code: 'auth/network-request-failed',
    });
    expect(tab.state().status).toBe('signed-in');
    tab.auth.change(null);
    expect(reasonOf(tab.state())).toBe('session-ended');
  });

  it('deleting the account signs out on purpose; a too-old sign-in rejects and keeps it', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.failNext.set('deleteUser', firebaseError('auth/requires-recent-login'));
    await expect(tab.runtime.deleteAccount()).rejects.toMatchObject({
      code: 'auth/requires-recent-login',
    });
    expect(tab.state().status).toBe('signed-in');
    await tab.runtime.deleteAccount();
    expect(reasonOf(tab.state())).toBe('user');
  });
});

describe('session runner: before-sign-out steps', () => {
  it('runs them in order before signing out', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const order: string[] = [];
    tab.runtime.registerBeforeSignOut(async () => {
      order.push(`first, signed in: ${tab.state().status}`);
      return 'proceed';
    });
    tab.runtime.registerBeforeSignOut(async () => {
      order.push('second');
      return 'proceed';
    });
    await tab.runtime.signOutUser();
    expect(order).toEqual(['first, signed in: signed-in', 'second']);
    expect(tab.auth.calls).toContain('signOut');
  });

  it('a step answering cancel keeps the user signed in and skips the later steps', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const later = vi.fn(async () => 'proceed' as const);
    tab.runtime.registerBeforeSignOut(async () => 'cancel');
    tab.runtime.registerBeforeSignOut(later);
    await expect(tab.runtime.signOutUser()).resolves.toBe('cancelled');
    expect(later).not.toHaveBeenCalled();
    expect(tab.auth.calls).not.toContain('signOut');
    expect(tab.state().status).toBe('signed-in');
  });

  it('a failing step is logged and the sign-out goes ahead', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tab.runtime.registerBeforeSignOut(async () => {
      throw new Error('cache busy');
    });
    await expect(tab.runtime.signOutUser()).resolves.toBe('signed-out');
    expect(log).toHaveBeenCalledOnce();
    expect(reasonOf(tab.state())).toBe('user');
  });

  it('a removed step no longer runs', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const step = vi.fn(async () => 'cancel' as const);
    const remove = tab.runtime.registerBeforeSignOut(step);
    remove();
    await expect(tab.runtime.signOutUser()).resolves.toBe('signed-out');
    expect(step).not.toHaveBeenCalled();
  });
});

describe('session runner: guests', () => {
  it('a guest signing up by email keeps the uid, and the UI sees only the named member', async () => {
    const guest = guestUser();
    const tab = await open({ auth: new FakeAuth(guest) });
    tab.seen.length = 0;
    const result = await tab.runtime.signUpWithEmail({
      displayName: 'Grace',
      email: 'grace@example.com',
      password: 'secret1',
    });
    expect(result).toEqual({ upgraded: true, profileError: null });
    expect(tab.seen).toHaveLength(1);
    expect(tab.seen[0]).toMatchObject({
      status: 'signed-in',
      user: { uid: guest.uid, isAnonymous: false, displayName: 'Grace' },
    });
  });

  it('a visitor signing up gets a new account; a name that failed to save is reported', async () => {
    const tab = await open();
    const refused = firebaseError('auth/network-request-failed');
    tab.auth.failNext.set('updateProfile', refused);
    const result = await tab.runtime.signUpWithEmail({
      displayName: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(result).toEqual({ upgraded: false, profileError: refused });
    expect(tab.state()).toMatchObject({ status: 'signed-in', user: { displayName: null } });
  });

  it('a guest whose email already has an account stays the same guest (account-exists conflict)', async () => {
    const guest = guestUser();
    const tab = await open({ auth: new FakeAuth(guest) });
    tab.auth.addAccount('ada@example.com', 'secret1');
    tab.seen.length = 0;
    await expect(
      tab.runtime.signUpWithEmail({
        displayName: 'Ada',
        email: 'ada@example.com',
        password: 'other-secret',
      }),
    ).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    expect(tab.auth.calls).not.toContain('updateProfile');
    expect(tab.seen).toEqual([]);
    expect(uidOf(tab.state())).toBe(guest.uid);
  });

  it('a guest linking Google keeps the uid', async () => {
    const guest = guestUser();
    const tab = await open({ auth: new FakeAuth(guest) });
    await expect(tab.runtime.continueWithGoogle('/me')).resolves.toBe('signed-in');
    expect(tab.state()).toMatchObject({
      status: 'signed-in',
      user: { uid: guest.uid, isAnonymous: false },
    });
  });

  it('a Google account that already exists: the guest stays, then may switch to that account', async () => {
    const guest = guestUser();
    const tab = await open({ auth: new FakeAuth(guest) });
    const existing = tab.auth.addGoogleAccount('grace@gmail.com');

    const conflict = await tab.runtime.continueWithGoogle('/me').catch((error: unknown) => error);
    expect(conflict).toMatchObject({ code: 'auth/credential-already-in-use' });
    expect(uidOf(tab.state())).toBe(guest.uid);

    await tab.runtime.signInToExistingGoogleAccount(conflict);
    expect(tab.state()).toMatchObject({
      status: 'signed-in',
      user: { uid: existing.uid },
    });
  });
});

describe('session runner: Google redirect', () => {
  it('falls back to the redirect flow when the pop-up is blocked, remembering where to return', async () => {
    const tab = await open();
    tab.auth.popup = 'blocked';
    await expect(tab.runtime.continueWithGoogle('/s/abc')).resolves.toBe('redirecting');
    expect(tab.auth.calls).toContain('googleRedirect');
    expect(parsePendingRedirect(tab.session.get(PENDING_REDIRECT_KEY))).toEqual({
      kind: 'sign-in',
      returnTo: '/s/abc',
    });
  });

  it('a guest blocked the same way links by redirect', async () => {
    const tab = await open({ auth: new FakeAuth(guestUser()) });
    tab.auth.popup = 'blocked';
    await tab.runtime.continueWithGoogle('/me');
    expect(parsePendingRedirect(tab.session.get(PENDING_REDIRECT_KEY))?.kind).toBe('link');
  });

  it('a closed pop-up rejects as it came, with no redirect', async () => {
    const tab = await open();
    tab.auth.failNext.set('googlePopup', firebaseError('auth/popup-closed-by-user'));
    await expect(tab.runtime.continueWithGoogle('/')).rejects.toMatchObject({
      code: 'auth/popup-closed-by-user',
    });
    expect(tab.session.get(PENDING_REDIRECT_KEY)).toBe(null);
  });

  it('redirect return: finishes the sign-in and restores where to go, once', async () => {
    const pending = JSON.stringify({ kind: 'sign-in', returnTo: '/s/abc' });
    const tab = await open({ session: memoryStorage({ [PENDING_REDIRECT_KEY]: pending }) });
    expect(tab.auth.calls).toContain('finishRedirect');
    expect(tab.state()).toMatchObject({ status: 'signed-in', returnTo: '/s/abc' });
    expect(tab.session.get(PENDING_REDIRECT_KEY)).toBe(null);
  });

  it('redirect return that failed: reported until the UI has seen it', async () => {
    const auth = new FakeAuth();
    const failure = firebaseError('auth/account-exists-with-different-credential');
    auth.redirectResult = { error: failure };
    const pending = JSON.stringify({ kind: 'sign-in', returnTo: '/me' });
    const tab = await open({ auth, session: memoryStorage({ [PENDING_REDIRECT_KEY]: pending }) });
    expect(tab.state()).toMatchObject({ status: 'signed-out', redirectError: failure });
    tab.runtime.clearRedirectOutcome();
    expect(tab.state()).toMatchObject({ returnTo: null, redirectError: null });
  });

  it('without a pending redirect (or with one not ours), no redirect is finished', async () => {
    const foreign = JSON.stringify({ kind: 'sign-in', returnTo: 'https://elsewhere.example' });
    const tab = await open({ session: memoryStorage({ [PENDING_REDIRECT_KEY]: foreign }) });
    expect(tab.auth.calls).not.toContain('finishRedirect');
    expect(tab.session.get(PENDING_REDIRECT_KEY)).toBe(null);
  });

  it('reads only well-formed pending redirects to app paths', () => {
    expect(parsePendingRedirect(null)).toBe(null);
    expect(parsePendingRedirect('{not json')).toBe(null);
    expect(parsePendingRedirect('null')).toBe(null);
    expect(parsePendingRedirect('{"returnTo":"//evil.example"}')).toBe(null);
    expect(parsePendingRedirect('{"returnTo":"/s/abc?x=1"}')).toEqual({
      kind: 'sign-in',
      returnTo: '/s/abc?x=1',
    });
    expect(parsePendingRedirect('{"kind":"link","returnTo":"/me"}')).toEqual({
      kind: 'link',
      returnTo: '/me',
    });
  });
});

describe('session runner: the tab coming back', () => {
  it('re-reads the record at most once a minute while visible', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    const reloads = () => tab.auth.calls.filter((call) => call === 'reload').length;
    tab.tabReturn.comeBack();
    expect(reloads()).toBe(0);
    tab.clock.time += RECHECK_INTERVAL_MS;
    tab.tabReturn.visibleNow = false;
    tab.tabReturn.comeBack();
    expect(reloads()).toBe(0);
    tab.tabReturn.visibleNow = true;
    tab.tabReturn.comeBack();
    tab.tabReturn.comeBack();
    expect(reloads()).toBe(1);
  });

  it('a disabled account found on return is an ended session', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.reload = async () => {
      // The SDK signs the user out itself when the server refuses the account.
      tab.auth.change(null);
      throw firebaseError('auth/user-disabled');
    };
    tab.clock.time += RECHECK_INTERVAL_MS;
    tab.tabReturn.comeBack();
    await settle();
    expect(reasonOf(tab.state())).toBe('session-ended');
  });

  it('a failed re-check (offline) changes nothing', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.auth.failNext.set('reload', firebaseError('auth/network-request-failed'));
    tab.clock.time += RECHECK_INTERVAL_MS;
    tab.tabReturn.comeBack();
    await settle();
    expect(tab.state().status).toBe('signed-in');
  });
});

describe('session runner: the rest of the actions', () => {
  it('signs in by email, as a guest, and reports a wrong password', async () => {
    const tab = await open();
    const ada = tab.auth.addAccount('ada@example.com', 'secret1');
    await expect(tab.runtime.signInWithEmail('ada@example.com', 'nope')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await tab.runtime.signInWithEmail('ada@example.com', 'secret1');
    expect(uidOf(tab.state())).toBe(ada.uid);
    await tab.runtime.signOutUser();
    await tab.runtime.signInAsGuest();
    expect(tab.state()).toMatchObject({ user: { isAnonymous: true } });
  });

  it('a password reset for an unknown email resolves like any other', async () => {
    const tab = await open();
    await expect(tab.runtime.sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    tab.auth.failNext.set('sendPasswordReset', firebaseError('auth/too-many-requests'));
    await expect(tab.runtime.sendPasswordReset('nobody@example.com')).rejects.toMatchObject({
      code: 'auth/too-many-requests',
    });
  });

  it('announces profile changes and a refreshed record, which no token event reports', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    await tab.runtime.updateUserProfile({ displayName: 'Ada L.', photoURL: null });
    expect(tab.state()).toMatchObject({ user: { displayName: 'Ada L.' } });
    tab.auth.current = { ...sessionUser(), emailVerified: true };
    await tab.runtime.refreshUser();
    expect(tab.state()).toMatchObject({ user: { emailVerified: true } });
  });

  it('re-authenticates as the current user', async () => {
    const auth = new FakeAuth();
    const ada = auth.addAccount('ada@example.com', 'secret1');
    auth.current = ada;
    const tab = await open({ auth });
    await expect(tab.runtime.reauthenticateWithPassword('secret1')).resolves.toBeUndefined();
    await expect(tab.runtime.reauthenticateWithPassword('wrong')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(tab.runtime.reauthenticateWithGoogle()).resolves.toBeUndefined();
  });

  it('stops listening when disposed', async () => {
    const tab = await open({ auth: new FakeAuth(sessionUser()) });
    tab.runtime.dispose();
    tab.auth.change(null);
    expect(tab.state().status).toBe('signed-in');
  });
});
