import { rgbaToThumbHash } from 'thumbhash';
import { IMAGE_PLACEHOLDER_MAX } from '@showcase/schema';
import { ImageRefusedError, looksLikeSvg } from './image-refusals';
import { SNIFF_BYTES, sniffImageType } from './image-types';
import { fitWithin, heightAtWidth, planImageWidths } from './size-plan';
import { stripWebpMetadata } from './webp-chunks';

/** One stored width, encoded: the only bytes of the image that ever leave the device. */
export type EncodedSize = { width: number; height: number; blob: Blob };

export type ProcessedImage = {
  /** Pixels of the largest stored size. */
  width: number;
  height: number;
  /** The upright source's pixels (orientation applied), before resizing. */
  sourceWidth: number;
  sourceHeight: number;
  /** A base64 ThumbHash, painted while the real image loads. */
  placeholder: string;
  /** Narrowest first. */
  sizes: EncodedSize[];
};

/** WebP quality: visually clean for photos at about a tenth of the JPEG's bytes. */
export const WEBP_QUALITY = 0.82;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images off screen.');
  return context;
}

function placeholderOf(bitmap: ImageBitmap): string {
  const box = fitWithin(bitmap.width, bitmap.height, 100);
  const canvas = new OffscreenCanvas(box.width, box.height);
  const context = context2d(canvas);
  context.drawImage(bitmap, 0, 0, box.width, box.height);
  const { data } = context.getImageData(0, 0, box.width, box.height);
  const hash = base64(rgbaToThumbHash(box.width, box.height, data));
  return hash.length <= IMAGE_PLACEHOLDER_MAX ? hash : '';
}

/**
 * Turns a picked file into the sizes to upload. The file's type comes from its bytes; decoding
 * applies its EXIF orientation; each size is drawn from pixels and encoded anew as WebP, so
 * nothing of the original file (EXIF, GPS, XMP, ICC profile, comments) survives.
 */
export async function processImage(
  file: Blob,
  fileName: string,
  widths: readonly number[],
  quality = WEBP_QUALITY,
): Promise<ProcessedImage> {
  const head = new Uint8Array(await file.slice(0, 256).arrayBuffer());
  const type = sniffImageType(head.subarray(0, SNIFF_BYTES));
  if (!type) {
    const text = new TextDecoder().decode(head);
    throw new ImageRefusedError({ reason: looksLikeSvg(text) ? 'svg' : 'not-an-image', fileName });
  }
  let bitmap: ImageBitmap;
  try {
    // An animated GIF decodes to its first frame.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageRefusedError({ reason: 'undecodable', fileName, type });
  }
  try {
    const sizes: EncodedSize[] = [];
    for (const width of planImageWidths(bitmap.width, widths)) {
      const height = heightAtWidth(bitmap.width, bitmap.height, width);
      const canvas = new OffscreenCanvas(width, height);
      const context = context2d(canvas);
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const encoded = await canvas.convertToBlob({ type: 'image/webp', quality });
      if (encoded.type !== 'image/webp') throw new Error('This browser cannot encode WebP images.');
      const bytes = stripWebpMetadata(new Uint8Array(await encoded.arrayBuffer()));
      sizes.push({ width, height, blob: new Blob([bytes as BlobPart], { type: 'image/webp' }) });
    }
    const largest = sizes[sizes.length - 1]!;
    return {
      width: largest.width,
      height: largest.height,
      sourceWidth: bitmap.width,
      sourceHeight: bitmap.height,
      placeholder: placeholderOf(bitmap),
      sizes,
    };
  } finally {
    bitmap.close();
  }
}
