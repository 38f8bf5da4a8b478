import { describe, expect, it, vi } from 'vitest';
import type { Recovery } from '../index';
import { describeError, knownErrorCodes } from '../index';

// The designed recovery of every Firestore code, written out independently of the table so a
// missing or changed entry fails here.
const expected: Array<[code: string, recovery: Recovery]> = [
  ['permission-denied', 'none'],
  ['unauthenticated', 'sign-in'],
  ['unavailable', 'offline'],
  ['not-found', 'not-found'],
  ['failed-precondition', 'reload'],
  ['resource-exhausted', 'wait'],
  ['deadline-exceeded', 'retry'],
  ['aborted', 'retry'],
  ['already-exists', 'none'],
  ['invalid-argument', 'none'],
  ['out-of-range', 'none'],
  ['cancelled', 'retry'],
  ['internal', 'retry'],
  ['unknown', 'retry'],
  ['unimplemented', 'none'],
  ['data-loss', 'reload'],
];

/** A stand-in for FirestoreError: a plain Error with the canonical code, as the SDK throws. */
function firestoreError(code: string): Error & { code: string } {
  return Object.assign(new Error(`FirebaseError: [code=${code}]: raw server text`), {
    code,
    name: 'FirebaseError',
  });
}

describe('Firestore error table', () => {
  it('covers every canonical Firestore code and nothing else unprefixed', () => {
    const unprefixed = knownErrorCodes().filter((code) => !code.includes('/'));
    expect(unprefixed.sort()).toEqual(expected.map(([code]) => code).sort());
  });

  it.each(expected)('%s → %s', (code, recovery) => {
    const log = vi.fn();
    const described = describeError(firestoreError(code), log);
    expect(described).toMatchObject({ code, recovery, known: true });
    expect(log).not.toHaveBeenCalled();
    expect(described.message).toMatch(/^[A-Z].*\.$/);
    expect(described.message).not.toContain(code);
    expect(described.message).not.toMatch(/firebase|firestore|\[code=/i);
  });

  it('says offline writes stay queued for unavailable', () => {
    expect(describeError(firestoreError('unavailable')).message).toMatch(
      /offline.*kept on this device/i,
    );
  });
});
