// The bloom filter production sends in an ExistenceFilter (`unchangedNames`) when a listener
// resumes: it holds the names of every document matching the target, so the SDK can drop the
// documents it still has that are not in it (deleted, or no longer matching) without re-running
// the query. The layout is the SDK's (firebase-js-sdk `remote/bloom_filter.ts`): MD5 of the full
// document name read as two little-endian 64-bit integers h1 and h2; bit i of k is
// (h1 + i·h2) mod 2^64 mod bitCount; bits fill each byte from its least significant end, and
// `padding` unused bits end the last byte.
import { createHash } from 'node:crypto';

export type BloomFilter = {
  readonly bitmap: Uint8Array;
  /** Unused bits at the end of the last byte (0–7). */
  readonly padding: number;
  readonly hashCount: number;
};

/** About production's rate: one name in a hundred not in the filter passes as in it. */
export const BLOOM_FALSE_POSITIVE_RATE = 0.01;

const UINT64_MASK = (1n << 64n) - 1n;

/** The bit positions of `name` in a filter of `bitCount` bits with `hashCount` hashes. */
function bitIndexes(name: string, bitCount: number, hashCount: number): number[] {
  const digest = createHash('md5').update(name, 'utf8').digest();
  const h1 = digest.readBigUInt64LE(0);
  const h2 = digest.readBigUInt64LE(8);
  const modulus = BigInt(bitCount);
  const indexes: number[] = [];
  for (let i = 0n; i < BigInt(hashCount); i++) {
    indexes.push(Number(((h1 + i * h2) & UINT64_MASK) % modulus));
  }
  return indexes;
}

/**
 * A filter holding `names`, sized for `falsePositiveRate`: m = −n·ln p / (ln 2)² bits and
 * k = (m / n)·ln 2 hashes. An empty set still gets a filter of a few clear bits, since the SDK
 * ignores an empty bitmap and falls back to re-running the query.
 */
export function bloomFilterOf(
  names: readonly string[],
  falsePositiveRate = BLOOM_FALSE_POSITIVE_RATE,
): BloomFilter {
  const n = Math.max(names.length, 1);
  const bitCount = Math.max(8, Math.ceil((-n * Math.log(falsePositiveRate)) / Math.LN2 ** 2));
  const hashCount = Math.max(1, Math.round((bitCount / n) * Math.LN2));
  const bitmap = new Uint8Array(Math.ceil(bitCount / 8));
  for (const name of names) {
    for (const index of bitIndexes(name, bitCount, hashCount)) {
      bitmap[index >> 3]! |= 1 << (index & 7);
    }
  }
  return { bitmap, padding: bitmap.length * 8 - bitCount, hashCount };
}

/** Whether `name` may be in the filter (false: certainly not), as the SDK tests it. */
export function bloomFilterMightContain(filter: BloomFilter, name: string): boolean {
  const bitCount = filter.bitmap.length * 8 - filter.padding;
  if (bitCount === 0) return false;
  return bitIndexes(name, bitCount, filter.hashCount).every(
    (index) => ((filter.bitmap[index >> 3] ?? 0) & (1 << (index & 7))) !== 0,
  );
}
