import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { objectNameValidate } from './object-names.js';

function refusal(name: string): string {
  try {
    objectNameValidate(name);
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
    return (error as EmulatorError).message;
  }
  throw new Error(`${JSON.stringify(name)} was accepted`);
}

describe('objectNameValidate', () => {
  it('accepts 1,024 bytes of UTF-8 and refuses 1,025, counting bytes not characters', () => {
    expect(objectNameValidate('a'.repeat(1024))).toHaveLength(1024);
    expect(refusal('a'.repeat(1025))).toMatch(/1025 bytes.*limit is 1024/);
    // 512 two-byte characters fit; one more does not.
    expect(objectNameValidate('é'.repeat(512))).toHaveLength(512);
    expect(refusal('é'.repeat(512) + 'a')).toMatch(/1025 bytes/);
  });

  it('refuses control characters but keeps other Unicode and spaces', () => {
    expect(refusal('a\nb')).toMatch(/control characters/);
    expect(refusal('a\u0000b')).toMatch(/control characters/);
    expect(refusal('a\u007fb')).toMatch(/control characters/);
    expect(objectNameValidate('photos/été 2026/😀.png')).toBe('photos/été 2026/😀.png');
  });

  it('refuses `.` and `..` segments but not dots inside names', () => {
    expect(refusal('a/../b')).toMatch(/"\.\."/);
    expect(refusal('./a')).toMatch(/"\."/);
    expect(refusal('..')).toMatch(/"\.\."/);
    expect(objectNameValidate('a/..b/c..')).toBe('a/..b/c..');
    expect(objectNameValidate('.hidden')).toBe('.hidden');
  });

  it('refuses the empty name and unpaired surrogates', () => {
    expect(refusal('')).toMatch(/empty/);
    expect(refusal('a\ud800')).toMatch(/unpaired surrogate/);
  });
});
