// Object bytes on the wire, for both APIs: whole or one range (206; 416 past the end), with the
// hash headers the Admin SDK checks downloads against, and protection for the emulator's own
// origin: user bytes are never sniffed, never run as a page (CSP sandbox), and anything but a
// raster image is an attachment unless the object says otherwise.
import type { StoredObject } from '../../storage/types.js';
import type { StorageReply } from './storage-request.js';
import { rangeOf, toStorageTime } from './storage-wire.js';

const RASTER_IMAGE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/i;

export function downloadReply(object: StoredObject, rangeHeader: string | undefined): StorageReply {
  const size = object.data.length;
  const range = rangeOf(rangeHeader, size);
  const contentType = object.contentType ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Content-Disposition':
      object.contentDisposition ??
      (RASTER_IMAGE.test(contentType.split(';')[0]!.trim()) ? 'inline' : 'attachment'),
    'Cache-Control': object.cacheControl ?? 'private, max-age=0',
    'Accept-Ranges': 'bytes',
    ETag: `"${object.md5Hash}"`,
    'Last-Modified': new Date(toStorageTime(object.updated)).toUTCString(),
    'x-goog-generation': object.generation,
    'x-goog-metageneration': object.metageneration,
    'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    'x-goog-stored-content-length': String(size),
    'x-goog-stored-content-encoding': object.contentEncoding ?? 'identity',
  };
  if (object.contentLanguage !== undefined) headers['Content-Language'] = object.contentLanguage;
  if (range === undefined) return { status: 200, headers, body: object.data };
  return {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
    body: object.data.subarray(range.start, range.end + 1),
  };
}
