import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { crc32cBase64, crc32cOf, md5Base64, ObjectHasher, objectHashesOf } from './checksums.js';

describe('checksums', () => {
  it('computes CRC32C (Castagnoli) with its standard check value, across chunk boundaries', () => {
    expect(crc32cOf([Buffer.from('123456789')])).toBe(0xe3069283);
    expect(crc32cOf([Buffer.from('1234'), Buffer.from('56789')])).toBe(0xe3069283);
    expect(crc32cOf([])).toBe(0);
    // What GCS reports for "hello": base64 of the big-endian CRC.
    expect(crc32cBase64([Buffer.from('hello')])).toBe('mnG7TA==');
  });

  it('takes eight bytes a step with the same result as the byte-at-a-time definition', () => {
    // The definition: reflected polynomial 0x82F63B78, one bit at a time.
    const reference = (bytes: Uint8Array): number => {
      let crc = 0xffffffff;
      for (const byte of bytes) {
        crc ^= byte;
        for (let k = 0; k < 8; k++) crc = crc & 1 ? 0x82f63b78 ^ (crc >>> 1) : crc >>> 1;
      }
      return (crc ^ 0xffffffff) >>> 0;
    };
    const bytes = Uint8Array.from({ length: 4099 }, (_, i) => (i * 2654435761) >>> 24);
    for (const length of [0, 1, 7, 8, 9, 15, 16, 17, 1000, 4099]) {
      const slice = bytes.subarray(0, length);
      expect(crc32cOf([slice])).toBe(reference(slice));
      // Chunks that end mid-step.
      expect(crc32cOf([slice.subarray(0, 3), slice.subarray(3)])).toBe(reference(slice));
    }
  });

  it('reports MD5 as base64 of the digest', () => {
    expect(md5Base64([Buffer.from('hello')])).toBe('XUFAKrxLKna5cZ2REBfFkg==');
  });

  it('hashes incrementally to the one-shot MD5 and CRC32C for any chunking', () => {
    const bytes = Buffer.from(
      Uint8Array.from({ length: 70_001 }, (_, i) => (i * 2654435761) >>> 24),
    );
    const oneShot = {
      md5Hash: createHash('md5').update(bytes).digest('base64'),
      crc32c: crc32cBase64([bytes]),
    };
    expect(objectHashesOf(bytes)).toEqual(oneShot);
    // Cuts at every small offset, odd sizes, empty chunks and one-byte chunks.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const chunkings: number[][] = [[bytes.length], [0, bytes.length, 0]];
    for (let cut = 1; cut < 20; cut++) chunkings.push([cut, bytes.length - cut]);
    for (let round = 0; round < 50; round++) {
      const sizes: number[] = [];
      for (let left = bytes.length; left > 0;) {
        const size = Math.min(left, random(round < 25 ? 17 : 9_000));
        sizes.push(size);
        left -= size;
      }
      chunkings.push(sizes);
    }
    for (const sizes of chunkings) {
      const hasher = new ObjectHasher();
      let at = 0;
      for (const size of sizes) {
        hasher.update(bytes.subarray(at, at + size));
        at += size;
      }
      expect(hasher.digest()).toEqual(oneShot);
    }
    expect(objectHashesOf(Buffer.alloc(0))).toEqual({
      md5Hash: md5Base64([]),
      crc32c: 'AAAAAA==',
    });
  });

  it('ends with its digest', () => {
    const hasher = new ObjectHasher();
    hasher.update(Buffer.from('hello'));
    expect(hasher.digest()).toEqual({ md5Hash: 'XUFAKrxLKna5cZ2REBfFkg==', crc32c: 'mnG7TA==' });
    expect(() => hasher.update(Buffer.from('x'))).toThrow(/after digest/);
    expect(() => hasher.digest()).toThrow(/twice/);
  });
});
