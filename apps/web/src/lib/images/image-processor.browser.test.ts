/**
 * The image pipeline in real Chromium, through its worker: a phone photo stored sideways with
 * EXIF orientation 6 and a GPS position comes out upright, resized and without a byte of its
 * metadata; files that are not images are refused by name.
 */
import { IMAGE_WIDTHS } from '@showcase/schema';
import { afterAll, describe, expect, test } from 'vitest';
import { createImageProcessor } from './image-processor';

const processor = createImageProcessor();
afterAll(() => processor.close());

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** A big-endian TIFF block: IFD0 with Orientation and a GPS IFD pointer; the GPS IFD with a latitude. */
function exifSegment(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = new DataView(new ArrayBuffer(92));
  tiff.setUint16(0, 0x4d4d); // 'MM'
  tiff.setUint16(2, 42);
  tiff.setUint32(4, 8); // IFD0
  tiff.setUint16(8, 2);
  // Orientation: SHORT × 1.
  tiff.setUint16(10, 0x0112);
  tiff.setUint16(12, 3);
  tiff.setUint32(14, 1);
  tiff.setUint16(18, orientation);
  // GPSInfo: LONG × 1, the GPS IFD's offset.
  tiff.setUint16(22, 0x8825);
  tiff.setUint16(24, 4);
  tiff.setUint32(26, 1);
  tiff.setUint32(30, 38);
  tiff.setUint32(34, 0); // no IFD1
  tiff.setUint16(38, 2);
  // GPSLatitudeRef 'N'.
  tiff.setUint16(40, 0x0001);
  tiff.setUint16(42, 2);
  tiff.setUint32(44, 2);
  tiff.setUint8(48, 'N'.charCodeAt(0));
  // GPSLatitude: three RATIONALs at 68.
  tiff.setUint16(52, 0x0002);
  tiff.setUint16(54, 5);
  tiff.setUint32(56, 3);
  tiff.setUint32(60, 68);
  tiff.setUint32(64, 0);
  [51, 1, 30, 1, 1234, 100].forEach((value, index) => tiff.setUint32(68 + index * 4, value));
  const payload = [...ascii('Exif'), 0, 0, ...new Uint8Array(tiff.buffer)];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

/** A 4000 × 3000 JPEG (top half red, bottom half blue) stored sideways: orientation 6, with GPS. */
async function sidewaysPhoto(): Promise<Blob> {
  const canvas = new OffscreenCanvas(4000, 3000);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, 4000, 1500);
  context.fillStyle = '#0000ff';
  context.fillRect(0, 1500, 4000, 1500);
  const jpeg = new Uint8Array(
    await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer(),
  );
  // After SOI and the JFIF APP0 segment, where cameras put theirs.
  const app0End = jpeg[3] === 0xe0 ? 4 + ((jpeg[4]! << 8) | jpeg[5]!) : 2;
  return new Blob([jpeg.slice(0, app0End), exifSegment(6), jpeg.slice(app0End)], {
    type: 'image/jpeg',
  });
}

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let at = 0; at + needle.length <= bytes.length; at++) {
    for (let i = 0; i < needle.length; i++) if (bytes[at + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}

/** The FourCCs of a WebP file's chunks, and the VP8X flags when there is that header. */
function webpChunks(bytes: Uint8Array): { chunks: string[]; vp8xFlags: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: string[] = [];
  let vp8xFlags = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (fourcc === 'VP8X') vp8xFlags = bytes[at + 8]!;
    chunks.push(fourcc);
    at += 8 + size + (size % 2);
  }
  return { chunks, vp8xFlags };
}

async function pixelAt(blob: Blob, x: number, y: number): Promise<number[]> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return [
    ...context.getImageData(Math.floor(x * bitmap.width), Math.floor(y * bitmap.height), 1, 1).data,
  ];
}

describe('image processing in the worker', () => {
  test('a sideways 12-megapixel photo comes out upright, resized, without metadata', async () => {
    const photo = await sidewaysPhoto();
    expect(contains(new Uint8Array(await photo.arrayBuffer()), 'Exif')).toBe(true);

    const image = await processor.process(photo, 'IMG_0001.jpg', IMAGE_WIDTHS);

    // Orientation 6 applied: 3000 wide × 4000 tall, so each stored size is portrait.
    expect([image.sourceWidth, image.sourceHeight]).toEqual([3000, 4000]);
    expect(image.sizes.map(({ width, height }) => [width, height])).toEqual([
      [480, 640],
      [960, 1280],
      [1600, 2133],
      [2400, 3200],
    ]);
    expect([image.width, image.height]).toEqual([2400, 3200]);
    expect(image.placeholder.length).toBeGreaterThan(0);
    expect(image.placeholder.length).toBeLessThanOrEqual(64);

    for (const size of image.sizes) {
      const bytes = new Uint8Array(await size.blob.arrayBuffer());
      expect(size.blob.type).toBe('image/webp');
      expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WEBP');
      for (const marker of ['Exif', 'EXIF', 'ICCP', 'XMP ', 'ns.adobe.com/xap'])
        expect(contains(bytes, marker), `${marker} in ${size.width}`).toBe(false);
      const { chunks, vp8xFlags } = webpChunks(bytes);
      expect(chunks.every((chunk) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk))).toBe(true);
      // VP8X's ICC (0x20), EXIF (0x08) and XMP (0x04) flags.
      expect(vp8xFlags & 0x2c).toBe(0);
    }

    // Rotated a quarter turn clockwise: the stored top (red) is now on the right.
    const smallest = image.sizes[0]!.blob;
    const [leftRed, , leftBlue] = await pixelAt(smallest, 0.1, 0.5);
    const [rightRed, , rightBlue] = await pixelAt(smallest, 0.9, 0.5);
    expect(leftBlue).toBeGreaterThan(200);
    expect(leftRed).toBeLessThan(50);
    expect(rightRed).toBeGreaterThan(200);
    expect(rightBlue).toBeLessThan(50);
  });

  test('a small image is kept at its own width, never upscaled', async () => {
    const canvas = new OffscreenCanvas(300, 200);
    canvas.getContext('2d')!.fillRect(0, 0, 300, 200);
    const image = await processor.process(await canvas.convertToBlob(), 'small.png', IMAGE_WIDTHS);
    expect(image.sizes.map(({ width, height }) => [width, height])).toEqual([[300, 200]]);
  });

  test('an SVG is refused by name, even when called .png', async () => {
    const svg = new Blob([
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ]);
    await expect(processor.process(svg, 'logo.png', IMAGE_WIDTHS)).rejects.toThrow(
      '“logo.png” is an SVG drawing, which cannot be uploaded.',
    );
  });

  test('a renamed text file is refused by name', async () => {
    const text = new Blob(['Shopping list: eggs, flour, milk'], { type: 'image/jpeg' });
    await expect(processor.process(text, 'holiday.jpg', IMAGE_WIDTHS)).rejects.toThrow(
      '“holiday.jpg” is not an image we can use.',
    );
  });

  test('bytes that claim to be a JPEG but do not decode are refused by name', async () => {
    const broken = new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])]);
    await expect(processor.process(broken, 'broken.jpg', IMAGE_WIDTHS)).rejects.toThrow(
      '“broken.jpg” could not be opened',
    );
  });
});
