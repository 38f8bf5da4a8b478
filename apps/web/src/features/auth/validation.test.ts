import { describe, expect, it } from 'vitest';
import { validateReset, validateSignIn, validateSignUp } from './validation';

describe('auth form validation', () => {
  it('sign-in needs an email and a password, whatever its length', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({});
    expect(validateSignIn({ email: 'ada', password: 'secret' })).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
    });
  });

  it('sign-up checks every field', () => {
    expect(validateSignUp({ displayName: '', email: 'ada@', password: '123' })).toEqual({
      displayName: 'Enter a display name.',
      email: 'Enter a valid email address, like name@example.com.',
      password: 'Use at least 6 characters.',
    });
    expect(
      validateSignUp({ displayName: 'Ada', email: 'ada@example.com', password: 'secret1' }),
    ).toEqual({});
  });

  it('reset needs a valid email', () => {
    expect(validateReset({ email: '' })).toEqual({ email: 'Enter your email address.' });
    expect(validateReset({ email: 'ada@example.com' })).toEqual({});
  });
});
