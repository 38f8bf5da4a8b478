/**
 * Builders for unit tests: plain values shaped like what the SDK and the session store produce,
 * so tests state only the fields they care about.
 */
import type { ProviderProfile, SessionUser } from '../lib/session';

/** An error shaped like the SDK's FirebaseError: a plain Error carrying a `code`. */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

export function providerProfile(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    providerId: 'password',
    uid: 'ada@example.com',
    displayName: 'Ada',
    email: 'ada@example.com',
    phoneNumber: null,
    photoURL: null,
    ...overrides,
  };
}

/** A signed-in member by default; pass `isAnonymous: true` and nulls for a guest. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    uid: 'u1',
    email: 'ada@example.com',
    emailVerified: false,
    displayName: 'Ada',
    photoURL: null,
    phoneNumber: null,
    isAnonymous: false,
    tenantId: null,
    providerData: [providerProfile()],
    metadata: { createdAt: Date.UTC(2026, 0, 2, 12, 4), lastLoginAt: null },
    ...overrides,
  };
}

export function guestUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({
    uid: 'g1',
    email: null,
    displayName: null,
    isAnonymous: true,
    providerData: [],
    ...overrides,
  });
}
