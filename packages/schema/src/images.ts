import { isWebUrl } from './web-url.js';

// An uploaded image as showcases and profiles store it. The device does the processing (upright,
// metadata stripped, resized, WebP) and uploads one object per stored width; the document keeps
// each width's download URL, so pages pick a size with `srcset` and never ask Storage to list.

/** At most this many images per showcase; the first is the cover. */
export const IMAGES_MAX = 10;
/** The widths the device stores, in pixels: each no wider than the picked image (no upscaling). */
export const IMAGE_WIDTHS = [480, 960, 1600, 2400] as const;
/** Profile photos are shown small: two widths are enough for every place they appear. */
export const PROFILE_PHOTO_WIDTHS = [96, 320] as const;
/** A ThumbHash in base64 is about 30 characters; the rules cap it so it stays tiny. */
export const IMAGE_PLACEHOLDER_MAX = 64;
/** An image id: what the device names it (also a path segment in Storage). */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** One stored width of an image and its download URL. */
export type ImageSize = { width: number; url: string };

/** One image of a showcase (or a profile photo): what pages need to draw it at any size. */
export type ShowcaseImage = {
  id: string;
  /** Its description for people who cannot see it; may be empty. */
  alt: string;
  /** Pixels of the largest stored size (their ratio is the image's aspect ratio). */
  width: number;
  height: number;
  /** A tiny preview painted at once (a base64 ThumbHash), or empty. */
  placeholder: string;
  /** The stored widths, narrowest first. */
  sizes: ImageSize[];
};

/** Where one stored width of a showcase image lives in Storage (`storage.rules` match this). */
export function showcaseImagePath(
  ownerUid: string,
  showcaseId: string,
  imageId: string,
  width: number,
): string {
  return `users/${ownerUid}/showcases/${showcaseId}/${imageId}/${width}.webp`;
}

/** Where one stored width of a profile photo lives in Storage. */
export function profilePhotoPath(ownerUid: string, photoId: string, width: number): string {
  return `users/${ownerUid}/profile/${photoId}/${width}.webp`;
}

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function readImageSizes(value: unknown): ImageSize[] {
  if (!Array.isArray(value)) return [];
  const sizes: ImageSize[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { width, url } = item as Record<string, unknown>;
    if (isPositiveInteger(width) && isWebUrl(url)) sizes.push({ width, url });
  }
  return sizes.sort((a, b) => a.width - b.width);
}

/**
 * A stored `images` list read defensively (anything holding a token can write a document): an
 * entry without a usable size or dimensions is left out rather than drawn broken.
 */
export function readShowcaseImages(value: unknown): ShowcaseImage[] {
  if (!Array.isArray(value)) return [];
  const images: ShowcaseImage[] = [];
  for (const item of (value as unknown[]).slice(0, IMAGES_MAX)) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const sizes = readImageSizes(entry.sizes);
    if (sizes.length === 0 || !isPositiveInteger(entry.width) || !isPositiveInteger(entry.height))
      continue;
    images.push({
      id: typeof entry.id === 'string' ? entry.id : '',
      alt: typeof entry.alt === 'string' ? entry.alt : '',
      width: entry.width,
      height: entry.height,
      placeholder:
        typeof entry.placeholder === 'string' && entry.placeholder.length <= IMAGE_PLACEHOLDER_MAX
          ? entry.placeholder
          : '',
      sizes,
    });
  }
  return images;
}

/** Whether two image lists would draw the same (so unchanged rows keep their identity). */
export function sameImages(a: readonly ShowcaseImage[], b: readonly ShowcaseImage[]): boolean {
  return (
    a.length === b.length &&
    a.every((image, index) => {
      const other = b[index]!;
      return (
        image.id === other.id &&
        image.alt === other.alt &&
        image.width === other.width &&
        image.height === other.height &&
        image.placeholder === other.placeholder &&
        image.sizes.length === other.sizes.length &&
        image.sizes.every(
          (size, at) => size.width === other.sizes[at]!.width && size.url === other.sizes[at]!.url,
        )
      );
    })
  );
}
