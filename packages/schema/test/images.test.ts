import { describe, expect, it } from 'vitest';
import {
  IMAGES_MAX,
  profilePhotoPath,
  readShowcaseImages,
  sameImages,
  showcaseImagePath,
  type ShowcaseImage,
} from '../src/index.js';

const lamp: ShowcaseImage = {
  id: 'img1',
  alt: 'A brass lamp',
  width: 1600,
  height: 1200,
  placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw',
  sizes: [
    { width: 480, url: 'https://storage.example/480.webp' },
    { width: 1600, url: 'https://storage.example/1600.webp' },
  ],
};

describe('image paths', () => {
  it('puts every stored width under its owner', () => {
    expect(showcaseImagePath('u1', 's1', 'img1', 960)).toBe('users/u1/showcases/s1/img1/960.webp');
    expect(profilePhotoPath('u1', 'p1', 96)).toBe('users/u1/profile/p1/96.webp');
  });
});

describe('readShowcaseImages', () => {
  it('reads a stored list as it is, sizes narrowest first', () => {
    const stored = { ...lamp, sizes: [...lamp.sizes].reverse() };
    expect(readShowcaseImages([stored])).toEqual([lamp]);
  });

  it('leaves out entries that could only draw broken', () => {
    expect(
      readShowcaseImages([
        'not a map',
        null,
        { ...lamp, sizes: [] },
        { ...lamp, width: 0 },
        { ...lamp, height: 'tall' },
        { ...lamp, sizes: [{ width: 480, url: 'javascript:alert(1)' }] },
      ]),
    ).toEqual([]);
  });

  it('keeps a drawable entry whose optional parts are wrong, with empty ones', () => {
    expect(
      readShowcaseImages([{ ...lamp, id: 7, alt: null, placeholder: 'x'.repeat(65) }]),
    ).toEqual([{ ...lamp, id: '', alt: '', placeholder: '' }]);
  });

  it('reads at most the limit, and nothing from a value that is not a list', () => {
    expect(readShowcaseImages(Array.from({ length: IMAGES_MAX + 2 }, () => lamp))).toHaveLength(
      IMAGES_MAX,
    );
    expect(readShowcaseImages({ 0: lamp })).toEqual([]);
  });
});

describe('sameImages', () => {
  it('compares what is drawn, not object identity', () => {
    expect(sameImages([lamp], [structuredClone(lamp)])).toBe(true);
    expect(sameImages([lamp], [{ ...lamp, alt: 'Another' }])).toBe(false);
    expect(
      sameImages(
        [lamp],
        [{ ...lamp, sizes: [lamp.sizes[0]!, { width: 1600, url: 'https://x/y' }] }],
      ),
    ).toBe(false);
    expect(sameImages([lamp], [])).toBe(false);
  });
});
