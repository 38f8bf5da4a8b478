import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameCompare } from './object-store.js';

describe('nameCompare', () => {
  it('orders names as their UTF-8 bytes, without encoding them', () => {
    const sign = (n: number) => Math.sign(n);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(sign(nameCompare(a, b))).toBe(
          sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))),
        );
      }),
      { numRuns: 2000 },
    );
    // A code point above U+FFFF sorts after U+FFFD, although its first UTF-16 unit is smaller.
    expect(nameCompare('a😀', 'a\ufffd')).toBeGreaterThan(0);
    expect(nameCompare('ab', 'a')).toBeGreaterThan(0);
    expect(nameCompare('a', 'a')).toBe(0);
  });
});
