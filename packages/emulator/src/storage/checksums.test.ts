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

  it('reports MD5 as base64 of the digest', () => {
    expect(md5Base64([Buffer.from('hello')])).toBe('XUFAKrxLKna5cZ2REBfFkg==');
  });
});
