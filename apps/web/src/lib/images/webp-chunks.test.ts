import { describe, expect, test } from 'vitest';
import { stripWebpMetadata } from './webp-chunks';

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const le32 = (value: number): number[] => [
  value & 0xff,
  (value >> 8) & 0xff,
  (value >> 16) & 0xff,
  value >>> 24,
];
const chunk = (name: string, payload: number[]): number[] => [
  ...ascii(name),
  ...le32(payload.length),
  ...payload,
  ...(payload.length % 2 ? [0] : []),
];
const riff = (...chunks: number[][]): Uint8Array => {
  const body = chunks.flat();
  return Uint8Array.from([...ascii('RIFF'), ...le32(4 + body.length), ...ascii('WEBP'), ...body]);
};

describe('stripWebpMetadata', () => {
  const vp8x = (flags: number) => chunk('VP8X', [flags, 0, 0, 0, 9, 0, 0, 9, 0, 0]);
  const pixels = chunk('VP8 ', [1, 2, 3]);

  test('drops ICC, EXIF and XMP chunks and their VP8X flags, keeping the pixels', () => {
    const withMetadata = riff(
      vp8x(0x20 | 0x08 | 0x04 | 0x10),
      chunk('ICCP', [7, 7, 7, 7]),
      chunk('ALPH', [5]),
      pixels,
      chunk('EXIF', ascii('GPS 51N')),
      chunk('XMP ', ascii('<x:xmpmeta/>')),
    );
    expect(stripWebpMetadata(withMetadata)).toEqual(riff(vp8x(0x10), chunk('ALPH', [5]), pixels));
  });

  test('leaves a clean file and anything that is not WebP alone', () => {
    const clean = riff(pixels);
    expect(stripWebpMetadata(clean)).toBe(clean);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    expect(stripWebpMetadata(png)).toBe(png);
  });
});
