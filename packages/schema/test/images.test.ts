import { describe, expect, it } from 'vitest';
import {
  IMAGES_MAX,
  profilePhotoPath,
  readShowcaseImages,
  sameImages,
  isShowcaseImageUrl,
  showcaseImagePath,
  showcaseImageStoragePaths,
  storageDownloadUrl,
  storagePathOfDownloadUrl,
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

describe('download URLs inside the owner path', () => {
  const path = showcaseImagePath('u1', 's1', 'img1', 960);
  const emulator = storageDownloadUrl(
    'http://127.0.0.1:9199',
    'demo-showcase.appspot.com',
    path,
    'abc-1',
  );
  const production = storageDownloadUrl(
    'https://firebasestorage.googleapis.com',
    'demo-showcase.firebasestorage.app',
    path,
  );

  it('builds the URL the SDKs give, its path encoded, and reads the path back', () => {
    expect(emulator).toBe(
      'http://127.0.0.1:9199/v0/b/demo-showcase.appspot.com/o/users%2Fu1%2Fshowcases%2Fs1%2Fimg1%2F960.webp?alt=media&token=abc-1',
    );
    expect(storagePathOfDownloadUrl(emulator)).toBe(path);
    expect(storagePathOfDownloadUrl('https://example.com/a.png')).toBeNull();
  });

  it("accepts the emulator's and production's URLs of exactly that object", () => {
    expect(isShowcaseImageUrl(emulator, 'u1', 's1', 'img1', 960)).toBe(true);
    expect(isShowcaseImageUrl(production, 'u1', 's1', 'img1', 960)).toBe(true);
    expect(isShowcaseImageUrl(emulator, 'u1', null, 'img1', 960)).toBe(true);
  });

  it('refuses another owner, showcase, image or width, or another host', () => {
    expect(isShowcaseImageUrl(emulator, 'u2', 's1', 'img1', 960)).toBe(false);
    expect(isShowcaseImageUrl(emulator, 'u1', 's2', 'img1', 960)).toBe(false);
    expect(isShowcaseImageUrl(emulator, 'u1', 's1', 'img2', 960)).toBe(false);
    expect(isShowcaseImageUrl(emulator, 'u1', 's1', 'img1', 480)).toBe(false);
    expect(
      isShowcaseImageUrl(emulator.replace('127.0.0.1', 'evil.example'), 'u1', 's1', 'img1', 960),
    ).toBe(false);
    expect(isShowcaseImageUrl(emulator, 'u.1', 's1', 'img1', 960)).toBe(false);
  });

  it('lists every stored width of every image for clean-up', () => {
    expect(
      showcaseImageStoragePaths('u1', 's1', [
        {
          id: 'a',
          sizes: [
            { width: 480, url: '' },
            { width: 960, url: '' },
          ],
        },
        { id: 'b', sizes: [{ width: 480, url: '' }] },
      ]),
    ).toEqual([
      'users/u1/showcases/s1/a/480.webp',
      'users/u1/showcases/s1/a/960.webp',
      'users/u1/showcases/s1/b/480.webp',
    ]);
  });
});
