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
/** An image's description (its alt text). */
export const IMAGE_ALT_MAX = 200;
/** Pixels on either side: more than any stored width, and the largest canvas browsers encode. */
export const IMAGE_DIMENSION_MAX = 16384;
/** A stored image keeps at most one object per width the device stores. */
export const IMAGE_SIZES_MAX = IMAGE_WIDTHS.length;
/** The keys of a stored image, as firestore.rules lists them. */
export const SHOWCASE_IMAGE_KEYS = [
  'id',
  'alt',
  'width',
  'height',
  'placeholder',
  'sizes',
] as const;

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

// ---- download URLs ------------------------------------------------------------------------
//
// A stored size's URL must be a download URL of the project's default bucket, for the object
// at that image's own path: `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{path}`
// in production, the Storage emulator's origin on this machine locally, then `?alt=media` and
// the token the upload got. firestore.rules holds the same pattern (`isImageList`).

const DOWNLOAD_ORIGIN =
  'https?://(?:firebasestorage[.]googleapis[.]com|127[.]0[.]0[.]1:[0-9]{1,5}|localhost:[0-9]{1,5})';
const DEFAULT_BUCKET = '[a-z0-9-]{1,63}[.](?:appspot[.]com|firebasestorage[.]app)';
const DOWNLOAD_QUERY = '[?]alt=media(?:&token=[A-Za-z0-9-]{1,64})?';
/** A uid or a showcase id as a path segment the rules can put into a pattern as it is. */
export const PATH_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The download URL of `path` in `bucket`, as the SDKs give it (`getDownloadURL`). */
export function storageDownloadUrl(
  origin: string,
  bucket: string,
  path: string,
  token?: string,
): string {
  const query = token === undefined ? 'alt=media' : `alt=media&token=${token}`;
  return `${origin}/v0/b/${bucket}/o/${encodeURIComponent(path)}?${query}`;
}

/**
 * Whether `url` is a download URL of the stored `width` of image `imageId` of showcase
 * `showcaseId` owned by `ownerUid` (any showcase id of that owner when it is null: a document
 * checked without its id).
 */
export function isShowcaseImageUrl(
  url: unknown,
  ownerUid: string,
  showcaseId: string | null,
  imageId: string,
  width: number,
): boolean {
  if (typeof url !== 'string' || !PATH_ID_PATTERN.test(ownerUid)) return false;
  if (showcaseId !== null && !PATH_ID_PATTERN.test(showcaseId)) return false;
  const folder = showcaseId ?? '[A-Za-z0-9_-]{1,128}';
  const path = `users%2F${ownerUid}%2Fshowcases%2F${folder}%2F${imageId}%2F${width}[.]webp`;
  return new RegExp(`^${DOWNLOAD_ORIGIN}/v0/b/${DEFAULT_BUCKET}/o/${path}${DOWNLOAD_QUERY}$`).test(
    url,
  );
}

/**
 * The object path a download URL points at (`users/…/960.webp`), or null when it is not a
 * download URL: how clean-up finds what to delete from the document alone.
 */
export function storagePathOfDownloadUrl(url: string): string | null {
  const match = /\/v0\/b\/[^/]+\/o\/([^?#]+)/.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const hasExactlyKeys = (value: Record<string, unknown>, keys: readonly string[]): boolean =>
  Object.keys(value).length === keys.length && keys.every((key) => key in value);

function storedImageProblem(
  image: unknown,
  ownerUid: string,
  showcaseId: string | null,
): string | undefined {
  if (typeof image !== 'object' || image === null || Array.isArray(image)) return 'a map';
  const entry = image as Record<string, unknown>;
  if (!hasExactlyKeys(entry, SHOWCASE_IMAGE_KEYS))
    return `a map of exactly ${SHOWCASE_IMAGE_KEYS.join(', ')}`;
  const { id, alt, width, height, placeholder, sizes } = entry;
  if (typeof id !== 'string' || !IMAGE_ID_PATTERN.test(id))
    return `an id matching ${IMAGE_ID_PATTERN.source}`;
  if (typeof alt !== 'string' || [...alt].length > IMAGE_ALT_MAX)
    return `an alt text of at most ${IMAGE_ALT_MAX} characters`;
  if (!isIntegerIn(width, 1, IMAGE_DIMENSION_MAX) || !isIntegerIn(height, 1, IMAGE_DIMENSION_MAX))
    return `a width and height of 1–${IMAGE_DIMENSION_MAX} pixels`;
  if (typeof placeholder !== 'string' || [...placeholder].length > IMAGE_PLACEHOLDER_MAX)
    return `a placeholder of at most ${IMAGE_PLACEHOLDER_MAX} characters`;
  if (!Array.isArray(sizes) || sizes.length < 1 || sizes.length > IMAGE_SIZES_MAX)
    return `1–${IMAGE_SIZES_MAX} sizes`;
  for (const size of sizes as unknown[]) {
    if (typeof size !== 'object' || size === null || Array.isArray(size)) return 'sizes of maps';
    const stored = size as Record<string, unknown>;
    if (
      !hasExactlyKeys(stored, ['width', 'url']) ||
      !isIntegerIn(stored.width, 1, IMAGE_DIMENSION_MAX)
    )
      return 'sizes of a width and a url';
    if (!isShowcaseImageUrl(stored.url, ownerUid, showcaseId, id, stored.width))
      return "sizes whose url is a download URL under the owner's path for this image";
  }
  return undefined;
}

/**
 * What is wrong with a stored `images` list (the rules' `isImageList`), or undefined: at most
 * IMAGES_MAX images, each of the stored shape, each size's URL inside the owner's own path for
 * this showcase and image.
 */
export function storedImagesProblem(
  value: unknown,
  ownerUid: string,
  showcaseId: string | null,
): string | undefined {
  if (!Array.isArray(value)) return 'a list';
  if (value.length > IMAGES_MAX) return `a list of at most ${IMAGES_MAX} images`;
  for (const [index, image] of (value as unknown[]).entries()) {
    const problem = storedImageProblem(image, ownerUid, showcaseId);
    if (problem !== undefined) return `a list whose image ${index + 1} is ${problem}`;
  }
  return undefined;
}

/** Every Storage object a showcase's images occupy: each stored width of each image. */
export function showcaseImageStoragePaths(
  ownerUid: string,
  showcaseId: string,
  images: readonly Pick<ShowcaseImage, 'id' | 'sizes'>[],
): string[] {
  return images.flatMap((image) =>
    image.sizes.map((size) => showcaseImagePath(ownerUid, showcaseId, image.id, size.width)),
  );
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
