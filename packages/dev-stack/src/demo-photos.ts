// The demo showcases' uploaded images: 2–4 raster pictures per showcase, made from its cover art
// (the whole picture, a close-up, the colours reversed, a square detail). This module is pure:
// which pictures exist, their SVG source, sizes and descriptions. The WebP files and their
// placeholders are rendered once by `scripts/generate-demo-photos.mjs` with the repository's
// Chromium and committed under `demo-photos/`; the seed uploads them into the Storage emulator.
import type { DemoCover } from './demo-images.js';
import { DEMO_COVERS, renderCover } from './demo-images.js';

/** The widths stored for demo pictures (the "picked" image is 960 px wide: no upscaling). */
export const DEMO_PHOTO_WIDTHS = [480, 960] as const;

export type DemoPhotoVariant = 'whole' | 'close-up' | 'reversed' | 'square';

export type DemoPhoto = {
  /** Folder under `demo-photos/` and the image id in Storage: `{cover}-{variant}`. */
  key: string;
  cover: string;
  variant: DemoPhotoVariant;
  /** The picture's own size (its largest stored width) and its description. */
  width: number;
  height: number;
  alt: string;
  /** The SVG the generator rasterizes. */
  svg: string;
};

/** What each motif looks like, in words, for the pictures' descriptions. */
const MOTIF_WORDS: Record<string, string> = {
  waves: 'layered waves',
  grid: 'a grid of squares',
  stripes: 'diagonal stripes',
  triangles: 'scattered triangles',
  orbit: 'planets on orbit lines',
  circles: 'overlapping circles',
  bubbles: 'rising bubbles',
  blocks: 'stacked blocks',
  bars: 'vertical bars of different heights',
  mountains: 'mountain ridges',
  letters: 'large letters',
  rings: 'concentric rings',
  checker: 'a checkerboard',
  dots: 'a field of dots',
  sun: 'a sun with rays',
  scribble: 'ink scribbles',
};

const VARIANTS: readonly DemoPhotoVariant[] = ['whole', 'close-up', 'reversed', 'square'];

/** 2, 3 or 4 pictures, so the demo shows showcases with few and with many. */
export function demoPhotoCount(coverIndex: number): number {
  return 2 + (coverIndex % 3);
}

function describe(cover: DemoCover, variant: DemoPhotoVariant): string {
  const motif = MOTIF_WORDS[cover.motif] ?? 'abstract shapes';
  switch (variant) {
    case 'whole':
      return `${cover.title}: ${motif} on a two-colour gradient`;
    case 'close-up':
      return `Close-up of the ${motif} in the ${cover.title} artwork`;
    case 'reversed':
      return `${cover.title} artwork with its colours reversed`;
    case 'square':
      return `Square detail of the ${cover.title} artwork`;
  }
}

/** The cover's SVG cut to `viewBox`, drawn at `width` × `height`. */
function reframe(svg: string, viewBox: string, width: number, height: number): string {
  return svg.replace(
    /<svg [^>]*>/,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">`,
  );
}

function variantSvg(cover: DemoCover, variant: DemoPhotoVariant): string {
  switch (variant) {
    case 'whole':
      return renderCover(cover);
    case 'close-up':
      return reframe(renderCover(cover), '200 125 400 250', 800, 500);
    case 'reversed':
      return renderCover({ ...cover, colors: [cover.colors[1], cover.colors[0]] });
    case 'square':
      return reframe(renderCover(cover), '150 0 500 500', 500, 500);
  }
}

/** Every demo picture, cover by cover. */
export const DEMO_PHOTOS: readonly DemoPhoto[] = DEMO_COVERS.flatMap((cover, index) =>
  VARIANTS.slice(0, demoPhotoCount(index)).map((variant) => {
    const largest = DEMO_PHOTO_WIDTHS[DEMO_PHOTO_WIDTHS.length - 1]!;
    return {
      key: `${cover.name}-${variant}`,
      cover: cover.name,
      variant,
      width: largest,
      height: variant === 'square' ? largest : (largest * 5) / 8,
      alt: describe(cover, variant),
      svg: variantSvg(cover, variant),
    };
  }),
);

/** The pictures of one cover, in showcase order (the whole picture is the cover). */
export function demoPhotosFor(cover: string): DemoPhoto[] {
  return DEMO_PHOTOS.filter((photo) => photo.cover === cover);
}

/** What the generator writes beside the files: each picture's ThumbHash placeholder. */
export type DemoPhotoManifest = Record<string, { placeholder: string }>;
