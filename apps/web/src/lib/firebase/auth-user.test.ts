import type { User } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { providerProfile, sessionUser } from '../../testing/builders';
import { toSessionUser } from './auth-user';

function sdkUser(metadata: User['metadata']): User {
  const info = providerProfile();
  return {
    ...info,
    uid: 'u1',
    providerId: 'firebase',
    emailVerified: true,
    isAnonymous: false,
    tenantId: null,
    providerData: [info],
    metadata,
    refreshToken: 'secret-refresh-token',
  } as unknown as User;
}

describe('toSessionUser', () => {
  it('copies the record into a plain snapshot, with times as epoch milliseconds', () => {
    const user = toSessionUser(
      sdkUser({
        creationTime: 'Fri, 02 Jan 2026 12:04:00 GMT',
        lastSignInTime: 'Sat, 03 Jan 2026 08:00:00 GMT',
      }),
    );
    // Exactly the record's fields (no token, no SDK methods), as the session builder shapes them.
    expect(user).toStrictEqual(
      sessionUser({
        emailVerified: true,
        metadata: { createdAt: Date.UTC(2026, 0, 2, 12, 4), lastLoginAt: Date.UTC(2026, 0, 3, 8) },
      }),
    );
  });

  it('leaves missing or unreadable times empty', () => {
    const user = toSessionUser(sdkUser({ creationTime: undefined, lastSignInTime: 'soon' }));
    expect(user.metadata).toEqual({ createdAt: null, lastLoginAt: null });
  });
});
