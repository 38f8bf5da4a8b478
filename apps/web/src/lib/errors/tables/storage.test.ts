import { describe, expect, it, vi } from 'vitest';
import type { Recovery } from '../index';
import { describeError, isCancellation, knownErrorCodes } from '../index';

// The designed recovery of every Storage code (product catalogue), written out apart from the table.
const expected: Array<[code: string, recovery: Recovery]> = [
  ['storage/unauthorized', 'none'],
  ['storage/unauthenticated', 'sign-in'],
  ['storage/canceled', 'cancel'],
  ['storage/retry-limit-exceeded', 'retry'],
  ['storage/unknown', 'retry'],
  ['storage/server-file-wrong-size', 'retry'],
  ['storage/quota-exceeded', 'wait'],
  ['storage/object-not-found', 'none'],
  ['storage/invalid-checksum', 'retry'],
];

const storageError = (code: string) =>
  Object.assign(new Error(`Firebase Storage: raw text (${code})`), { code, name: 'FirebaseError' });

describe('Storage error table', () => {
  it('covers exactly the designed codes', () => {
    const storageCodes = knownErrorCodes().filter((code) => code.startsWith('storage/'));
    expect(storageCodes.sort()).toEqual(expected.map(([code]) => code).sort());
  });

  it.each(expected)('%s → %s', (code, recovery) => {
    const log = vi.fn();
    const described = describeError(storageError(code), log);
    expect(described).toMatchObject({ code, recovery, known: true });
    expect(log).not.toHaveBeenCalled();
    expect(described.message).toMatch(/^[A-Z].*\.$/);
    expect(described.message).not.toMatch(/storage\/|firebase/i);
  });

  it('a cancel is quiet; a cut upload keeps the picture on the device', () => {
    expect(isCancellation(storageError('storage/canceled'))).toBe(true);
    expect(describeError(storageError('storage/retry-limit-exceeded')).message).toMatch(
      /could not finish.*kept on this device/,
    );
  });
});
