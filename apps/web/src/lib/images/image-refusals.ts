import { IMAGES_MAX } from '@showcase/schema';
import type { SniffedImageType } from './image-types';

/** Files larger than this are refused before any processing (phone photos are 3–12 MB). */
export const IMAGE_FILE_MAX_BYTES = 25 * 1024 * 1024;

/** Why a picked file cannot become an image; each says which file and why, in plain words. */
export type ImageRefusal =
  | { reason: 'not-an-image'; fileName: string }
  | { reason: 'svg'; fileName: string }
  | { reason: 'undecodable'; fileName: string; type: SniffedImageType }
  | { reason: 'too-large'; fileName: string; bytes: number }
  | { reason: 'too-many'; fileName: string; limit: number };

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function imageRefusalMessage(refusal: ImageRefusal): string {
  const name = `“${refusal.fileName}”`;
  switch (refusal.reason) {
    case 'not-an-image':
      return `${name} is not an image we can use. Choose a JPEG, PNG, WebP, AVIF, GIF or HEIC file.`;
    case 'svg':
      return `${name} is an SVG drawing, which cannot be uploaded. Export it as PNG and try again.`;
    case 'undecodable':
      return refusal.type === 'heic'
        ? `${name} is a HEIC photo, which this browser cannot open. Export it as JPEG and try again.`
        : `${name} could not be opened: the file may be damaged.`;
    case 'too-large':
      return `${name} is ${megabytes(refusal.bytes)}; images can be at most ${megabytes(IMAGE_FILE_MAX_BYTES)}.`;
    case 'too-many':
      return `${name} was not added: a showcase has at most ${refusal.limit} images.`;
  }
}

/** An error carrying a refusal, so it crosses the worker boundary and `describeError` alike. */
export class ImageRefusedError extends Error {
  readonly code = 'app/image-refused';
  constructor(readonly refusal: ImageRefusal) {
    super(imageRefusalMessage(refusal));
    this.name = 'ImageRefusedError';
  }
}

/** Whether leading bytes look like SVG or other markup (a text file renamed to `.png`, say). */
export function looksLikeSvg(head: string): boolean {
  return /<svg[\s>]/i.test(head) || (/^\s*<\?xml/i.test(head) && /svg/i.test(head));
}

/**
 * The checks that need no decoding, in pick order: the count (against the images the showcase
 * already has) and each file's size. Everything here is said before anything uploads.
 */
export function checkPickedFiles(
  files: readonly { name: string; size: number }[],
  alreadyHeld: number,
  limit = IMAGES_MAX,
): { accepted: number[]; refusals: ImageRefusal[] } {
  const accepted: number[] = [];
  const refusals: ImageRefusal[] = [];
  files.forEach((file, index) => {
    if (file.size > IMAGE_FILE_MAX_BYTES)
      refusals.push({ reason: 'too-large', fileName: file.name, bytes: file.size });
    else if (alreadyHeld + accepted.length >= limit)
      refusals.push({ reason: 'too-many', fileName: file.name, limit });
    else accepted.push(index);
  });
  return { accepted, refusals };
}
