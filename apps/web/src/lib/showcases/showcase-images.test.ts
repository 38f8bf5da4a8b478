import type { Showcase, ShowcaseImage } from '@showcase/schema';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, test } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  cardWidthAt,
  imageFallbackSrc,
  imageFit,
  imageFrameStyle,
  imageSrcSet,
  PAGE_IMAGE_SIZES,
  pageWidthAt,
  placeholderDataUrl,
  placeholderImage,
  showcaseDisplayImages,
} from './showcase-images';

/** A real ThumbHash of a 4 × 3 picture: red on the left, blue on the right. */
function sampleHash(): string {
  const rgba = new Uint8Array(4 * 3 * 4);
  for (let pixel = 0; pixel < 12; pixel++) {
    const left = pixel % 4 < 2;
    rgba.set(left ? [220, 30, 30, 255] : [30, 30, 220, 255], pixel * 4);
  }
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 3, rgba)));
}

const upload = (overrides: Partial<ShowcaseImage> = {}): ShowcaseImage => ({
  id: 'img1',
  alt: 'A lamp on a desk',
  width: 1600,
  height: 1200,
  placeholder: '',
  sizes: [
    { width: 480, url: 'https://storage.test/480.webp' },
    { width: 960, url: 'https://storage.test/960.webp' },
    { width: 1600, url: 'https://storage.test/1600.webp' },
  ],
  ...overrides,
});

const showcase = (
  fields: Partial<Pick<Showcase, 'images' | 'imageUrl' | 'imageAlt'>>,
): Pick<Showcase, 'images' | 'imageUrl' | 'imageAlt'> => ({
  images: [],
  imageUrl: null,
  imageAlt: null,
  ...fields,
});

/** The width a `sizes` list gives at a viewport, as a browser reads it (min-width queries only). */
function sizesAt(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,\s*(?![^()]*\))/u)) {
    const match = /^\(min-width: (\d+)px\) (.+)$/u.exec(entry);
    if (match && viewport < Number(match[1])) continue;
    const length = match ? match[2]! : entry;
    const expression = length
      .replace(/^calc/u, '')
      .replaceAll('100vw', String(viewport))
      .replaceAll('px', '');
    return Function(`return ${expression}`)() as number;
  }
  throw new Error('no default size');
}

describe('srcset', () => {
  test('lists every stored width, narrowest first', () => {
    expect(imageSrcSet(upload().sizes)).toBe(
      'https://storage.test/480.webp 480w, https://storage.test/960.webp 960w, https://storage.test/1600.webp 1600w',
    );
  });

  test('the fallback address is the widest up to 960 px, else the narrowest', () => {
    expect(imageFallbackSrc(upload().sizes)).toBe('https://storage.test/960.webp');
    expect(imageFallbackSrc([{ width: 1600, url: 'https://storage.test/1600.webp' }])).toBe(
      'https://storage.test/1600.webp',
    );
  });
});

describe('sizes', () => {
  test.each([
    [360, 328],
    [390, 358],
    [568, 260],
    [700, 318],
    [1000, 306.6666666666667],
    [1280, 276],
  ])('a card at %i px is %f px wide, and its sizes say so', (viewport, width) => {
    expect(cardWidthAt(viewport)).toBeCloseTo(width, 5);
    expect(sizesAt(CARD_IMAGE_SIZES, viewport)).toBeCloseTo(width, 5);
  });

  test('the sizes agree with the grid at every viewport from 360 to 1600 px', () => {
    for (let viewport = 360; viewport <= 1600; viewport++) {
      expect(sizesAt(CARD_IMAGE_SIZES, viewport), `at ${viewport}`).toBeCloseTo(
        cardWidthAt(viewport),
        5,
      );
      expect(sizesAt(PAGE_IMAGE_SIZES, viewport), `at ${viewport}`).toBeCloseTo(
        pageWidthAt(viewport),
        5,
      );
    }
  });

  test('the page is the column: full width on a phone, 880 px when wide', () => {
    expect(pageWidthAt(390)).toBe(358);
    expect(pageWidthAt(1280)).toBe(880);
  });
});

describe('which images a showcase shows', () => {
  test('uploads, cover first, with their srcset, dimensions and placeholder', () => {
    const hash = sampleHash();
    const [cover, second] = showcaseDisplayImages(
      showcase({ images: [upload({ placeholder: hash }), upload({ id: 'img2', alt: '' })] }),
    );
    expect(cover).toEqual({
      key: 'img1',
      src: 'https://storage.test/960.webp',
      srcSet: imageSrcSet(upload().sizes),
      alt: 'A lamp on a desk',
      width: 1600,
      height: 1200,
      placeholder: hash,
    });
    expect(second?.key).toBe('img2');
  });

  test('a legacy address is one size without placeholder or dimensions', () => {
    expect(
      showcaseDisplayImages(showcase({ imageUrl: 'https://example.com/a.png', imageAlt: 'A' })),
    ).toEqual([
      {
        key: 'legacy',
        src: 'https://example.com/a.png',
        srcSet: null,
        alt: 'A',
        width: null,
        height: null,
        placeholder: '',
      },
    ]);
  });

  test('uploads win over a legacy address; a non-web legacy address is no image', () => {
    expect(
      showcaseDisplayImages(
        showcase({ images: [upload()], imageUrl: 'https://example.com/a.png' }),
      ),
    ).toHaveLength(1);
    expect(showcaseDisplayImages(showcase({ imageUrl: 'javascript:alert(1)' }))).toEqual([]);
    expect(showcaseDisplayImages(showcase({}))).toEqual([]);
  });
});

describe('placeholders', () => {
  test('a ThumbHash decodes to a PNG data URL, the same string every time', () => {
    const hash = sampleHash();
    const url = placeholderDataUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/u);
    expect(placeholderDataUrl(hash)).toBe(url);
    expect(placeholderImage(hash)).toBe(`url("${url}")`);
  });

  test('an empty or undecodable hash paints nothing', () => {
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderImage('')).toBeNull();
    expect(placeholderDataUrl('%%%not base64')).toBeNull();
  });
});

describe('fit', () => {
  const legacy = showcaseDisplayImages(showcase({ imageUrl: 'https://example.com/a.png' }))[0]!;
  const uploaded = showcaseDisplayImages(showcase({ images: [upload()] }))[0]!;

  test('cards and tiles crop; a cover fills its own ratio, a legacy cover shows whole', () => {
    expect(imageFit(legacy, 'card')).toBe('cover');
    expect(imageFit(legacy, 'cover')).toBe('contain');
    expect(imageFit(uploaded, 'cover')).toBe('cover');
    expect(imageFit(uploaded, 'tile')).toBe('cover');
  });

  test('a cover frame takes the image’s ratio and the width where it reaches the height cap', () => {
    expect(imageFrameStyle(uploaded, 'cover', 'tint')).toEqual({
      aspectRatio: '1600 / 1200',
      width: 'min(100%, calc(min(70vh, 720px) * 1600 / 1200))',
      height: '',
      backgroundImage: '',
    });
    expect(imageFrameStyle(legacy, 'card', 'tint').aspectRatio).toBe('16 / 10');
    expect(imageFrameStyle(null, 'card', 'tint').backgroundImage).toBe('tint');
    expect(imageFrameStyle(null, 'cover', 'tint')).toMatchObject({
      height: '180px',
      width: '100%',
    });
  });
});
