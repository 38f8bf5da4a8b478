import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bloomFilterMightContain, bloomFilterOf } from './bloom-filter.js';

/** The names the backend's golden tests use (firebase-js-sdk `bloom_filter_golden_test_data`). */
const goldenName = (i: number): string =>
  `projects/project-1/databases/database-1/documents/coll/doc${i}`;
const names = (from: number, to: number): string[] =>
  Array.from({ length: to - from }, (_, i) => goldenName(from + i));

describe('bloomFilterOf', () => {
  it("builds production's filter bit for bit: 500 names at 1%", () => {
    const filter = bloomFilterOf(names(0, 500), 0.01);
    // Production's golden filter (`Validation_BloomFilterTest_MD5_500_01`): 600 bytes, padding
    // 7, 7 hashes; its bitmap's SHA-256 is this.
    expect({
      bytes: filter.bitmap.length,
      padding: filter.padding,
      hashes: filter.hashCount,
    }).toEqual({ bytes: 600, padding: 7, hashes: 7 });
    expect(createHash('sha256').update(filter.bitmap).digest('hex')).toBe(
      '09a28c7d7a56cb7089c24c1c6ac7a303d5b5d4db7f2e04583a3ecd502dfb1fb1',
    );
  });

  it('contains every name put in, and about 1% of the others', () => {
    const inside = names(0, 2_000);
    const filter = bloomFilterOf(inside);
    expect(inside.every((name) => bloomFilterMightContain(filter, name))).toBe(true);
    const outside = names(2_000, 22_000);
    const falsePositives = outside.filter((name) => bloomFilterMightContain(filter, name)).length;
    expect(falsePositives / outside.length).toBeLessThan(0.02);
  });

  it('gives an empty set a filter of clear bits that holds nothing, not an empty bitmap', () => {
    const filter = bloomFilterOf([]);
    expect(filter.bitmap.length).toBeGreaterThan(0);
    expect(filter.bitmap.every((byte) => byte === 0)).toBe(true);
    expect(filter.hashCount).toBeGreaterThan(0);
    expect(bloomFilterMightContain(filter, goldenName(0))).toBe(false);
  });
});
