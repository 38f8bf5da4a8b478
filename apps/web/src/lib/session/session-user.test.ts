import { describe, expect, it } from 'vitest';
import { guestUser, providerProfile, sessionUser } from '../../testing/builders';
import { reauthenticationMethod } from './session-user';

describe('reauthenticationMethod', () => {
  it('asks for the password when the account has one, else Google, and nothing of a guest', () => {
    expect(reauthenticationMethod(sessionUser())).toBe('password');
    const google = providerProfile({ providerId: 'google.com' });
    expect(reauthenticationMethod(sessionUser({ providerData: [google] }))).toBe('google');
    expect(reauthenticationMethod(sessionUser({ providerData: [providerProfile(), google] }))).toBe(
      'password',
    );
    // A password provider without an email cannot be re-entered.
    expect(
      reauthenticationMethod(
        sessionUser({ email: null, providerData: [providerProfile(), google] }),
      ),
    ).toBe('google');
    expect(reauthenticationMethod(guestUser())).toBe(null);
  });
});
