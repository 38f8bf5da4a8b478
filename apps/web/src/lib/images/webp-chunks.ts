/** WebP's metadata chunks: an ICC profile, EXIF and XMP. Everything else is pixels or layout. */
const METADATA_CHUNKS = new Set(['ICCP', 'EXIF', 'XMP ']);
/** VP8X header flags announcing those chunks (ICC 0x20, EXIF 0x08, XMP 0x04). */
const METADATA_FLAGS = 0x20 | 0x08 | 0x04;

const fourcc = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/**
 * A WebP file without its metadata chunks. Chromium's encoder tags its output with the canvas's
 * sRGB ICC profile; sRGB is what a profile-less image means anyway, so dropping it changes no
 * pixel and keeps the promise that only pixels leave the device. Not a RIFF WebP: unchanged.
 */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP') return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [];
  let stripped = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    const end = Math.min(bytes.length, at + 8 + size + (size % 2));
    const name = fourcc(bytes, at);
    if (METADATA_CHUNKS.has(name)) stripped = true;
    else {
      const chunk = bytes.slice(at, end);
      if (name === 'VP8X' && (chunk[8]! & METADATA_FLAGS) !== 0) {
        chunk[8] = chunk[8]! & ~METADATA_FLAGS;
        stripped = true;
      }
      kept.push(chunk);
    }
    at = end;
  }
  if (!stripped) return bytes;
  const bodyLength = kept.reduce((total, chunk) => total + chunk.length, 0);
  const out = new Uint8Array(12 + bodyLength);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + bodyLength, true);
  let at = 12;
  for (const chunk of kept) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
