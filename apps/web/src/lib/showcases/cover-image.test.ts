import { buildShowcaseImage } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { coverImage } from './cover-image';

describe('coverImage', () => {
  const legacy = { imageUrl: 'https://example.com/a.png', imageAlt: 'A lamp' };

  it('is the first uploaded image at its widest size up to 960 px, with its description', () => {
    const cover = buildShowcaseImage('u1', 's1', {
      id: 'c',
      alt: 'A lit lamp',
      widths: [480, 960, 1600],
    });
    const other = buildShowcaseImage('u1', 's1', { id: 'd' });
    expect(coverImage({ images: [cover, other], ...legacy })).toEqual({
      url: cover.sizes[1]!.url,
      alt: 'A lit lamp',
    });
  });

  it('takes the narrowest size when all are wider, and no description as none', () => {
    const wide = buildShowcaseImage('u1', 's1', { widths: [1600, 2400] });
    expect(coverImage({ images: [wide], imageUrl: null, imageAlt: null })).toEqual({
      url: wide.sizes[0]!.url,
      alt: null,
    });
  });

  it('falls back to the image address of a showcase stored before uploads', () => {
    expect(coverImage({ images: [], ...legacy })).toEqual({ url: legacy.imageUrl, alt: 'A lamp' });
  });
});
