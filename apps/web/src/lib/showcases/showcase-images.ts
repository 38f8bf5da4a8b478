/**
 * How a showcase's images are drawn, from the data alone: which images there are (uploads, or the
 * one legacy address of a showcase stored before uploads existed), each one's `srcset`, the
 * `sizes` that match where it is shown, and its placeholder decoded once. The app's
 * `ShowcaseImage` and the first paint's fill both take them from here, so both draw the same.
 */
import type { ImageSize, Showcase } from '@showcase/schema';
import { safeHttpUrl } from '@showcase/schema';
import { thumbHashToDataURL } from 'thumbhash';

/** One image as the page draws it. */
export type DisplayImage = {
  /** Stable among a showcase's images (the upload's id, or `legacy`). */
  key: string;
  /** The address a browser without `srcset` loads. */
  src: string;
  /** Every stored width (`url 480w, …`), or null for a legacy single address. */
  srcSet: string | null;
  /** The author's description; empty when none was written. */
  alt: string;
  /** Pixels of the largest size; null when unknown (legacy): then the frame's ratio is used. */
  width: number | null;
  height: number | null;
  /** The base64 ThumbHash, or empty. */
  placeholder: string;
};

/** The address for browsers without `srcset`: the widest up to a laptop column, else the narrowest. */
const FALLBACK_WIDTH = 960;

export function imageSrcSet(sizes: readonly ImageSize[]): string {
  return sizes.map(({ url, width }) => `${url} ${width}w`).join(', ');
}

export function imageFallbackSrc(sizes: readonly ImageSize[]): string {
  const fitting = sizes.filter((size) => size.width <= FALLBACK_WIDTH);
  return (fitting.at(-1) ?? sizes[0])?.url ?? '';
}

/**
 * The showcase's images, cover first. A showcase stored before uploads has at most its one
 * http(s) `imageUrl`: a one-size image without placeholder or dimensions, drawn as before.
 */
export function showcaseDisplayImages(
  showcase: Pick<Showcase, 'images' | 'imageUrl' | 'imageAlt'>,
): DisplayImage[] {
  if (showcase.images.length > 0) {
    return showcase.images.map((image, index) => ({
      key: image.id || `image-${index}`,
      src: imageFallbackSrc(image.sizes),
      srcSet: imageSrcSet(image.sizes),
      alt: image.alt,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
    }));
  }
  const legacy = safeHttpUrl(showcase.imageUrl);
  if (legacy === null) return [];
  return [
    {
      key: 'legacy',
      src: legacy,
      srcSet: null,
      alt: showcase.imageAlt ?? '',
      width: null,
      height: null,
      placeholder: '',
    },
  ];
}

/** A cover is never decorative on its page: without a description, it is named after the showcase. */
export function coverAltText(image: DisplayImage, displayedTitle: string): string {
  return image.alt || `Cover image of “${displayedTitle}”`;
}

/** The name of the button over an image that opens the lightbox: which one, and what it shows. */
export function openImageLabel(image: DisplayImage, index: number, total: number): string {
  const which = total > 1 ? `Open image ${index + 1} of ${total}` : 'Open image';
  return image.alt ? `${which}: ${image.alt}` : which;
}

// ---- sizes: the width each place draws an image at -------------------------------------------

/** The app shell's content: MUI's `lg` container and its side padding below and above `sm`. */
const SHELL_MAX = 1200;
const PAD_NARROW = 16;
const PAD_WIDE = 24;
const SM = 600;
/** The card grid (`grid-layout.ts`): columns at least this wide, this far apart. */
export const CARD_MIN_WIDTH = 260;
export const CARD_GAP = 16;
/** The showcase page's column. */
export const PAGE_MAX_WIDTH = 880;

function contentWidth(viewport: number): number {
  const pad = viewport >= SM ? PAD_WIDE : PAD_NARROW;
  return Math.min(viewport, SHELL_MAX) - 2 * pad;
}

/** How many grid columns `repeat(auto-fill, minmax(min(100%, 260px), 1fr))` makes in `width`. */
function columnsIn(width: number): number {
  return Math.max(1, Math.floor((width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)));
}

/** The width of a card (and so of its image) at a viewport width, in CSS pixels. */
export function cardWidthAt(viewport: number): number {
  const width = contentWidth(viewport);
  const columns = columnsIn(width);
  return (width - CARD_GAP * (columns - 1)) / columns;
}

/** The width of the showcase page's cover at a viewport width (before a portrait's height cap). */
export function pageWidthAt(viewport: number): number {
  return Math.min(PAGE_MAX_WIDTH, contentWidth(viewport));
}

/**
 * The viewport widths where the grid gains a column: the smallest viewport, on each side of
 * the `sm` padding step, whose content holds `columns` columns.
 */
function columnSteps(): { from: number; columns: number; pad: number }[] {
  const steps: { from: number; columns: number; pad: number }[] = [];
  for (let columns = 2; ; columns++) {
    const needed = columns * CARD_MIN_WIDTH + (columns - 1) * CARD_GAP;
    if (needed > SHELL_MAX - 2 * PAD_WIDE) break;
    const narrow = needed + 2 * PAD_NARROW;
    if (narrow < SM) steps.push({ from: narrow, columns, pad: PAD_NARROW });
    steps.push({ from: Math.max(SM, needed + 2 * PAD_WIDE), columns, pad: PAD_WIDE });
  }
  return steps;
}

/**
 * The card image's `sizes`: the grid's column width at every viewport (one column of
 * `100vw − padding` on a phone, up to four fixed columns once the shell stops growing).
 */
export const CARD_IMAGE_SIZES: string = (() => {
  const queries = columnSteps()
    .map(({ from, columns, pad }) => {
      const gutters = 2 * pad + (columns - 1) * CARD_GAP;
      return `(min-width: ${from}px) calc((100vw - ${gutters}px) / ${columns})`;
    })
    .reverse();
  return [
    `(min-width: ${SHELL_MAX}px) ${cardWidthAt(SHELL_MAX)}px`,
    ...queries,
    `calc(100vw - ${2 * PAD_NARROW}px)`,
  ].join(', ');
})();

/** The showcase page's cover: the page's column. */
export const PAGE_IMAGE_SIZES = [
  `(min-width: ${PAGE_MAX_WIDTH + 2 * PAD_WIDE}px) ${PAGE_MAX_WIDTH}px`,
  `(min-width: ${SM}px) calc(100vw - ${2 * PAD_WIDE}px)`,
  `calc(100vw - ${2 * PAD_NARROW}px)`,
].join(', ');

/** The page's other images: tiles at least 160 px wide, two to a phone's row, five when wide. */
export const TILE_IMAGE_SIZES = `(min-width: ${SM}px) 180px, 50vw`;

/** The lightbox: the whole viewport. */
export const LIGHTBOX_IMAGE_SIZES = '100vw';

// ---- placeholders ------------------------------------------------------------------------------

const decoded = new Map<string, string | null>();

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The ThumbHash as a tiny PNG data URL, decoded once per hash (a grid re-renders its cards
 * often; each decode is a few hundred microseconds), or null for an empty or corrupt one.
 */
export function placeholderDataUrl(hash: string): string | null {
  if (hash === '') return null;
  const cached = decoded.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null;
  try {
    url = thumbHashToDataURL(fromBase64(hash));
  } catch {
    url = null;
  }
  decoded.set(hash, url);
  return url;
}

/** The placeholder as a CSS background, or null when there is none to paint. */
export function placeholderImage(hash: string): string | null {
  const url = placeholderDataUrl(hash);
  return url === null ? null : `url("${url}")`;
}

// ---- frames: the box an image sits in, reserved before it loads ------------------------------

/**
 * `card`: the grid's fixed media box, cropped. `cover`: the showcase page's first image at its
 * own ratio, capped in height and centred. `tile`: the page's other images, cropped to one box.
 */
export type ImageFrame = 'card' | 'cover' | 'tile';

/** The ratio every card and tile frame keeps (and a legacy cover, whose size is unknown). */
export const CARD_MEDIA_RATIO = '16 / 10';
/** The tallest a cover is drawn: most of a laptop's screen, never a wall on a large one. */
export const COVER_MAX_HEIGHT = 'min(70vh, 720px)';

/** Per image, what the frame's inline style holds (empty: not set): ratio, size, placeholder. */
export type ImageFrameStyle = {
  aspectRatio: string;
  width: string;
  height: string;
  backgroundImage: string;
};

/** A showcase page without any image keeps a short band where the cover would be. */
const NO_COVER_HEIGHT = '180px';

/**
 * The frame's per-image style, from the data alone: the first paint sets the same properties on
 * its template's frame. A cover of known size takes its own ratio and the width at which its
 * height reaches the cap; anything else keeps the card's ratio. The background is the decoded
 * ThumbHash, or for a showcase without any image the title's tint.
 */
export function imageFrameStyle(
  image: DisplayImage | null,
  frame: ImageFrame,
  tint: string,
): ImageFrameStyle {
  const known =
    frame === 'cover' && image !== null && image.width !== null && image.height !== null;
  const ratio = known ? `${image.width} / ${image.height}` : CARD_MEDIA_RATIO;
  const bandOnly = frame === 'cover' && image === null;
  return {
    aspectRatio: bandOnly ? '' : ratio,
    width: bandOnly
      ? '100%'
      : frame === 'cover'
        ? `min(100%, calc(${COVER_MAX_HEIGHT} * ${ratio}))`
        : '',
    height: bandOnly ? NO_COVER_HEIGHT : '',
    backgroundImage:
      image === null ? tint : image.placeholder ? (placeholderImage(image.placeholder) ?? '') : '',
  };
}

/** The `sizes` of each frame. */
export const FRAME_SIZES: Record<ImageFrame, string> = {
  card: CARD_IMAGE_SIZES,
  cover: PAGE_IMAGE_SIZES,
  tile: TILE_IMAGE_SIZES,
};

/**
 * Cards and tiles crop to their box. A cover of known size fills a frame of its own ratio; a
 * legacy cover of unknown size is shown whole inside the card's ratio, as before uploads.
 */
export function imageFit(image: DisplayImage, frame: ImageFrame): 'contain' | 'cover' {
  return frame === 'cover' && image.width === null ? 'contain' : 'cover';
}
