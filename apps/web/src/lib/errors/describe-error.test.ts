import { describe, expect, it, vi } from 'vitest';
import type { ErrorField, Recovery } from './index';
import { firebaseError } from '../../testing/builders';
import { describeError, errorCode, genericError, isCancellation, knownErrorCodes } from './index';

type Expected = [code: string, recovery: Recovery, field?: ErrorField];

// The designed behaviour of every code (the error catalogue in lib/errors/tables/), written out
// independently of the tables so a missing or changed entry fails here.
const expected: Expected[] = [
  ['auth/wrong-password', 'none'],
  ['auth/user-not-found', 'none'],
  ['auth/invalid-credential', 'none'],
  ['auth/invalid-email', 'fix-field', 'email'],
  ['auth/missing-email', 'fix-field', 'email'],
  ['auth/missing-password', 'fix-field', 'password'],
  ['auth/weak-password', 'fix-field', 'password'],
  ['auth/password-does-not-meet-requirements', 'fix-field', 'password'],
  ['auth/too-many-requests', 'reset-password'],
  ['auth/network-request-failed', 'retry'],
  ['auth/timeout', 'retry'],
  ['auth/internal-error', 'retry'],
  ['auth/user-token-expired', 'sign-in'],
  ['auth/invalid-user-token', 'sign-in'],
  ['auth/user-disabled', 'none'],
  ['auth/email-already-in-use', 'sign-in-instead'],
  ['auth/credential-already-in-use', 'sign-in-instead'],
  ['auth/account-exists-with-different-credential', 'sign-in'],
  ['auth/popup-blocked', 'allow-popups'],
  ['auth/popup-closed-by-user', 'cancel'],
  ['auth/cancelled-popup-request', 'cancel'],
  ['auth/user-cancelled', 'cancel'],
  ['auth/redirect-cancelled-by-user', 'cancel'],
  ['auth/web-storage-unsupported', 'reload'],
  ['auth/operation-not-supported-in-this-environment', 'none'],
  ['auth/requires-recent-login', 'reauthenticate'],
  ['auth/user-mismatch', 'reauthenticate'],
  ['auth/operation-not-allowed', 'none'],
  ['auth/admin-restricted-operation', 'none'],
  ['auth/provider-already-linked', 'none'],
  ['auth/invalid-action-code', 'reset-password'],
  ['auth/expired-action-code', 'reset-password'],
  ['auth/quota-exceeded', 'wait'],
  ['auth/unauthorized-domain', 'none'],
  ['auth/invalid-api-key', 'none'],
  ['config/invalid', 'none'],
  ['app/account-cleanup-incomplete', 'retry'],
  ['app/chunk-load-failed', 'reload'],
  ['app/image-refused', 'none'],
];

// Other services (Firestore) add their own tables; this suite pins the auth and app ones.
const ownCodes = (codes: string[]) =>
  codes.filter(
    (code) => code.startsWith('auth/') || code.startsWith('config/') || code.startsWith('app/'),
  );

describe('describeError', () => {
  it('knows exactly the designed auth and app codes', () => {
    expect(ownCodes(knownErrorCodes()).sort()).toEqual(expected.map(([code]) => code).sort());
  });

  it.each(expected)('%s → %s', (code, recovery, field) => {
    const log = vi.fn();
    const described = describeError(firebaseError(code), log);
    expect(described).toMatchObject({ code, recovery, known: true });
    expect(described.field).toBe(field);
    expect(log).not.toHaveBeenCalled();
    // Plain words: a sentence, never the raw code or the SDK's "Firebase:" wording.
    expect(described.message).toMatch(/^[A-Z].*\.$/);
    expect(described.message).not.toContain(code);
    expect(described.message).not.toMatch(/firebase:|auth\//i);
  });

  it('gives the three credential failures one neutral message (no account enumeration)', () => {
    const messages = ['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential'].map(
      (code) => describeError(firebaseError(code)).message,
    );
    expect(new Set(messages)).toEqual(new Set(['Email or password is incorrect.']));
  });

  it('says to wait or reset the password when throttled', () => {
    const { message } = describeError(firebaseError('auth/too-many-requests'));
    expect(message).toMatch(/wait/i);
    expect(message).toMatch(/reset your password/i);
  });

  it('says the session ended for an expired token', () => {
    expect(describeError(firebaseError('auth/user-token-expired')).message).toBe(
      'Your session ended, please sign in again.',
    );
  });

  it('falls back to the generic message and logs an unknown code with the code', () => {
    const log = vi.fn();
    const error = firebaseError('auth/some-new-code');
    const described = describeError(error, log);
    expect(described).toEqual({ ...genericError, code: 'auth/some-new-code', known: false });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('auth/some-new-code');
    expect(log.mock.calls[0]?.[1]).toBe(error);
  });

  it('handles values without a code', () => {
    const log = vi.fn();
    for (const value of [new Error('boom'), 'text', null, undefined, { code: 42 }]) {
      expect(describeError(value, log)).toMatchObject({ code: null, known: false });
    }
    expect(log).toHaveBeenCalledTimes(5);
    expect(log.mock.calls[0]?.[0]).toContain('"none"');
  });
});

describe('errorCode and isCancellation', () => {
  it('reads the code of error-like values', () => {
    expect(errorCode(firebaseError('auth/timeout'))).toBe('auth/timeout');
    expect(errorCode({ code: 'permission-denied' })).toBe('permission-denied');
    expect(errorCode({ code: '' })).toBeNull();
    expect(errorCode(new Error('x'))).toBeNull();
  });

  it('treats only cancel codes as cancellations', () => {
    expect(isCancellation(firebaseError('auth/popup-closed-by-user'))).toBe(true);
    expect(isCancellation(firebaseError('auth/cancelled-popup-request'))).toBe(true);
    expect(isCancellation(firebaseError('auth/popup-blocked'))).toBe(false);
    expect(isCancellation(firebaseError('auth/unknown'))).toBe(false);
    expect(isCancellation(new Error('x'))).toBe(false);
  });
});
