import { describe, expect, test } from 'vitest';
import { sniffImageType } from './image-types';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  );

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]): Uint8Array =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));

describe('sniffImageType', () => {
  test.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR')],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['avif', ftyp('avif', 'mif1', 'miaf')],
    ['avif', ftyp('mif1', 'avif')],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('mif1', 'heic')],
  ])('reads %s from its first bytes', (type, head) => {
    expect(sniffImageType(head)).toBe(type);
  });

  test.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['XML', bytes('<?xml version="1.0"?><svg/>')],
    ['text', bytes('hello, this is not a picture')],
    ['HTML', bytes('<!doctype html><script>')],
    ['a video', ftyp('isom', 'mp41')],
    ['nothing', new Uint8Array()],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
  ])('refuses %s', (_, head) => {
    expect(sniffImageType(head)).toBeNull();
  });
});
