/**
 * Fakes for the session runner's ports: an in-memory Auth that behaves like the SDK where the
 * session depends on it (listeners called soon after subscribing and on every user change, a
 * guest keeping its uid when linked, sign-out on an invalidated account), plus storage, a
 * cross-tab channel, the tab's return and a clock.
 */
import type {
  AuthPort,
  Clock,
  GoogleMode,
  KeyValueStorage,
  SignOutChannel,
  TabReturn,
} from '../lib/session/session-runner';
import type { SessionUser } from '../lib/session/session-user';
import { firebaseError, guestUser, providerProfile, sessionUser } from './builders';

type Account = { user: SessionUser; password: string | null };

export class FakeAuth implements AuthPort {
  current: SessionUser | null;
  /** Accounts by email (password) or by `google:<email>` (Google). */
  readonly accounts = new Map<string, Account>();
  readonly calls: string[] = [];
  /** Makes the next call of a method reject with this error (once). */
  readonly failNext = new Map<keyof AuthPort, unknown>();
  /** What a Google pop-up does: sign in as this Google account, or be blocked. */
  popup: { email: string } | 'blocked' = { email: 'grace@gmail.com' };
  /** What `finishRedirect` finds when a redirect came back. */
  redirectResult: { email: string } | { error: unknown } = { email: 'grace@gmail.com' };
  private readonly listeners = new Set<(user: SessionUser | null) => void>();
  private nextUid = 1;

  constructor(restoredUser: SessionUser | null = null) {
    this.current = restoredUser;
  }

  addAccount(email: string, password: string, overrides: Partial<SessionUser> = {}): SessionUser {
    const user = sessionUser({ uid: `m${this.nextUid++}`, email, displayName: null, ...overrides });
    this.accounts.set(email, { user, password });
    return user;
  }

  addGoogleAccount(email: string): SessionUser {
    const user = sessionUser({
      uid: `google-${this.nextUid++}`,
      email,
      providerData: [providerProfile({ providerId: 'google.com', uid: email, email })],
    });
    this.accounts.set(`google:${email}`, { user, password: null });
    return user;
  }

  /** What the SDK does when it drops or replaces the user by itself (refresh failed, other tab). */
  change(user: SessionUser | null): void {
    this.current = user;
    for (const listener of [...this.listeners]) listener(user);
  }

  private async step(name: keyof AuthPort): Promise<void> {
    this.calls.push(name);
    await Promise.resolve();
    if (this.failNext.has(name)) {
      const error = this.failNext.get(name);
      this.failNext.delete(name);
      throw error;
    }
  }

  private requireUser(): SessionUser {
    if (!this.current) throw firebaseError('auth/user-token-expired');
    return this.current;
  }

  private googleSignIn(mode: GoogleMode, email: string): void {
    const existing = this.accounts.get(`google:${email}`);
    if (mode === 'link') {
      const guest = this.requireUser();
      if (existing) {
        throw Object.assign(firebaseError('auth/credential-already-in-use'), {
          customData: { email },
        });
      }
      const linked = sessionUser({
        ...guest,
        email,
        isAnonymous: false,
        providerData: [providerProfile({ providerId: 'google.com', uid: email, email })],
      });
      this.accounts.set(`google:${email}`, { user: linked, password: null });
      // The SDK updates the record in place and calls the listeners only if the token changed.
      this.current = linked;
      return;
    }
    this.change(existing?.user ?? this.addGoogleAccount(email));
  }

  async ready() {
    await this.step('ready');
  }
  async finishRedirect() {
    await this.step('finishRedirect');
    if ('error' in this.redirectResult) throw this.redirectResult.error;
    this.googleSignIn(this.current?.isAnonymous ? 'link' : 'sign-in', this.redirectResult.email);
  }
  onUserChanged(listener: (user: SessionUser | null) => void) {
    this.listeners.add(listener);
    // Like the SDK: the current user is reported asynchronously right after subscribing.
    queueMicrotask(() => {
      if (this.listeners.has(listener)) listener(this.current);
    });
    return () => {
      this.listeners.delete(listener);
    };
  }
  currentUser() {
    return this.current;
  }
  async signInWithEmail(email: string, password: string) {
    await this.step('signInWithEmail');
    const account = this.accounts.get(email);
    if (!account || account.password !== password) throw firebaseError('auth/invalid-credential');
    this.change(account.user);
  }
  async signInAsGuest() {
    await this.step('signInAsGuest');
    this.change(guestUser({ uid: `g${this.nextUid++}` }));
  }
  async createAccount(email: string, password: string) {
    await this.step('createAccount');
    if (this.accounts.has(email)) throw firebaseError('auth/email-already-in-use');
    this.change(this.addAccount(email, password));
  }
  async linkEmail(email: string, password: string) {
    await this.step('linkEmail');
    const guest = this.requireUser();
    if (this.accounts.has(email)) throw firebaseError('auth/email-already-in-use');
    const member = sessionUser({
      ...guest,
      email,
      isAnonymous: false,
      providerData: [providerProfile({ uid: email, email })],
    });
    this.accounts.set(email, { user: member, password });
    // Linking changes the token, so the SDK reports the user again.
    this.change(member);
  }
  async updateProfile(changes: { displayName: string; photoURL?: string | null }) {
    await this.step('updateProfile');
    // The SDK updates the record in place; no listener is called.
    this.current = { ...this.requireUser(), ...changes };
  }
  async googlePopup(mode: GoogleMode) {
    await this.step('googlePopup');
    if (this.popup === 'blocked') throw firebaseError('auth/popup-blocked');
    this.googleSignIn(mode, this.popup.email);
  }
  async googleRedirect() {
    await this.step('googleRedirect');
  }
  async signInWithCredentialFrom(linkError: unknown) {
    await this.step('signInWithCredentialFrom');
    const email = (linkError as { customData?: { email?: string } }).customData?.email;
    const account = email ? this.accounts.get(`google:${email}`) : undefined;
    if (!account) throw linkError;
    this.change(account.user);
  }
  async sendPasswordReset(email: string) {
    await this.step('sendPasswordReset');
    if (!this.accounts.has(email)) throw firebaseError('auth/user-not-found');
  }
  async sendEmailVerification() {
    await this.step('sendEmailVerification');
    this.requireUser();
  }
  async reload() {
    await this.step('reload');
    this.current = { ...this.requireUser() };
  }
  async deleteUser() {
    await this.step('deleteUser');
    this.requireUser();
    this.change(null);
  }
  async reauthenticateWithPassword(password: string) {
    await this.step('reauthenticateWithPassword');
    const account = this.accounts.get(this.requireUser().email ?? '');
    if (account?.password !== password) throw firebaseError('auth/invalid-credential');
  }
  async reauthenticateWithGoogle() {
    await this.step('reauthenticateWithGoogle');
  }
  async signOut() {
    await this.step('signOut');
    this.change(null);
  }
}

export function memoryStorage(entries: Record<string, string> = {}): KeyValueStorage & {
  entries: Map<string, string>;
} {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    get: (key) => map.get(key) ?? null,
    set: (key, value) => {
      if (value === null) map.delete(key);
      else map.set(key, value);
    },
  };
}

/** Channels of several tabs on one hub: a post reaches every other tab, like BroadcastChannel. */
export function channelHub() {
  const tabs = new Set<{ deliver: () => void }>();
  return {
    tab(): SignOutChannel {
      const listeners = new Set<() => void>();
      const self = { deliver: () => listeners.forEach((listener) => listener()) };
      tabs.add(self);
      return {
        post: () => tabs.forEach((tab) => tab !== self && tab.deliver()),
        listen(onSignOutElsewhere) {
          listeners.add(onSignOutElsewhere);
          return () => listeners.delete(onSignOutElsewhere);
        },
      };
    },
  };
}

export function fakeTabReturn(): TabReturn & { visibleNow: boolean; comeBack(): void } {
  const listeners = new Set<() => void>();
  return {
    visibleNow: true,
    visible() {
      return this.visibleNow;
    },
    listen(onReturn) {
      listeners.add(onReturn);
      return () => listeners.delete(onReturn);
    },
    comeBack: () => listeners.forEach((listener) => listener()),
  };
}

/** Every port but Auth, quiet: in-memory storage, no other tabs, no tab returns. */
export function quietPorts() {
  return {
    local: memoryStorage(),
    session: memoryStorage(),
    channel: null,
    tabReturn: null,
    clock: fakeClock(),
  };
}

export function fakeClock(start = 1_000_000): Clock & { time: number } {
  return {
    time: start,
    now() {
      return this.time;
    },
  };
}
