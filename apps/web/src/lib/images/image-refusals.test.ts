import { describe, expect, test } from 'vitest';
import {
  IMAGE_FILE_MAX_BYTES,
  checkPickedFiles,
  imageRefusalMessage,
  looksLikeSvg,
} from './image-refusals';

describe('checkPickedFiles', () => {
  const file = (name: string, size = 1000) => ({ name, size });

  test('takes files up to the limit and names each one refused', () => {
    const picked = [file('a.jpg'), file('b.jpg'), file('c.jpg')];
    expect(checkPickedFiles(picked, 8)).toEqual({
      accepted: [0, 1],
      refusals: [{ reason: 'too-many', fileName: 'c.jpg', limit: 10 }],
    });
  });

  test('a file over 25 MB is refused and does not take a place', () => {
    const picked = [file('huge.jpg', IMAGE_FILE_MAX_BYTES + 1), file('ok.jpg')];
    expect(checkPickedFiles(picked, 9)).toEqual({
      accepted: [1],
      refusals: [{ reason: 'too-large', fileName: 'huge.jpg', bytes: IMAGE_FILE_MAX_BYTES + 1 }],
    });
    expect(checkPickedFiles([file('edge.jpg', IMAGE_FILE_MAX_BYTES)], 0).accepted).toEqual([0]);
  });
});

describe('imageRefusalMessage', () => {
  test('says which file and why', () => {
    expect(imageRefusalMessage({ reason: 'svg', fileName: 'logo.svg' })).toBe(
      '“logo.svg” is an SVG drawing, which cannot be uploaded. Export it as PNG and try again.',
    );
    expect(imageRefusalMessage({ reason: 'not-an-image', fileName: 'notes.png' })).toContain(
      '“notes.png” is not an image',
    );
    expect(
      imageRefusalMessage({ reason: 'undecodable', fileName: 'IMG_1.HEIC', type: 'heic' }),
    ).toBe(
      '“IMG_1.HEIC” is a HEIC photo, which this browser cannot open. Export it as JPEG and try again.',
    );
    expect(
      imageRefusalMessage({ reason: 'too-large', fileName: 'raw.png', bytes: 30 * 1024 * 1024 }),
    ).toBe('“raw.png” is 30.0 MB; images can be at most 25.0 MB.');
    expect(imageRefusalMessage({ reason: 'too-many', fileName: 'x.jpg', limit: 10 })).toBe(
      '“x.jpg” was not added: a showcase has at most 10 images.',
    );
  });
});

test('looksLikeSvg', () => {
  expect(looksLikeSvg('<svg xmlns="…">')).toBe(true);
  expect(looksLikeSvg('<?xml version="1.0"?>\n<svg>')).toBe(true);
  expect(looksLikeSvg('plain text')).toBe(false);
});
