import { describe, expect, it } from 'vitest';
import { crc32cBase64, crc32cOf, md5Base64 } from './checksums.js';

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
});
