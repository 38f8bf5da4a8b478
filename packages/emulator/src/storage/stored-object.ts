// Building stored objects: production's derived metadata (generation, etag, hashes) from the
// bytes, the clock and what the client wrote. Pure apart from the hashes.
import { EmulatorError } from '../errors.js';
import type { Timestamp } from '../model/types.js';
import { timestampToMicros } from '../store/clock.js';
import { objectHashesOf, type ObjectHashes } from './checksums.js';
import type { StorageObjectResource } from './rules-port.js';
import type { StoredObject, WritableMetadata } from './types.js';

/** The custom-metadata key under which GCS keeps Firebase download tokens. */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Production's limit on custom metadata: keys and values together, in UTF-8. */
export const MAX_CUSTOM_METADATA_BYTES = 8 * 1024;

/** GCS etags are base64 of a small protobuf: field 1 the generation, field 2 the metageneration. */
export function etagOf(generation: string, metageneration: string): string {
  const bytes: number[] = [];
  const varint = (tag: number, value: bigint): void => {
    bytes.push(tag);
    let v = value;
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      bytes.push(byte);
    } while (v > 0n);
  };
  varint(0x08, BigInt(generation));
  varint(0x10, BigInt(metageneration));
  return Buffer.from(bytes).toString('base64');
}

type Fields = Omit<StoredObject, 'metadata' | 'downloadTokens'>;

/** Splits custom metadata into the map kept and the download tokens it carries. */
function customMetadataOf(
  previous: Readonly<Record<string, string>>,
  previousTokens: readonly string[] | undefined,
  written: WritableMetadata['metadata'],
  newToken: () => string,
): { metadata: Record<string, string>; downloadTokens: readonly string[] } {
  const metadata: Record<string, string> = { ...previous };
  let downloadTokens = previousTokens;
  if (written != null) {
    for (const [key, value] of Object.entries(written)) {
      if (key === DOWNLOAD_TOKENS_KEY) {
        downloadTokens = value == null || value === '' ? [] : value.split(',').filter(Boolean);
      } else if (value == null) {
        delete metadata[key];
      } else if (typeof value === 'string') {
        metadata[key] = value;
      } else {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `Custom metadata values must be strings; ${JSON.stringify(key)} is not.`,
        );
      }
    }
  }
  let bytes = 0;
  for (const [key, value] of Object.entries(metadata)) {
    bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  if (bytes > MAX_CUSTOM_METADATA_BYTES) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Custom metadata is ${bytes} bytes; the limit is ${MAX_CUSTOM_METADATA_BYTES} bytes of keys and values.`,
    );
  }
  // Every upload without tokens gets one, so getDownloadURL works (as production).
  return { metadata, downloadTokens: downloadTokens ?? [newToken()] };
}

function optional(value: string | null | undefined): string | undefined {
  return value == null ? undefined : value;
}

/**
 * `data`, or a copy of it when it is a view into a much larger allocation (a multipart body's
 * payload): a stored object must not keep more memory alive than its own bytes, which the byte
 * budget counts. A little slack (the multipart framing and metadata) is kept rather than copied.
 */
export function ownBytes(data: Buffer): Buffer {
  const slack = data.buffer.byteLength - data.length;
  return slack > Math.max(OWN_BYTES_SLACK, data.length / 16) ? Buffer.from(data) : data;
}

/** Bytes beyond an object's own that its buffer may keep alive without being copied. */
export const OWN_BYTES_SLACK = 16 * 1024;

/**
 * A new object (generation and metageneration 1) from uploaded bytes; `hashes` are the bytes'
 * own when the caller took them as the bytes arrived (resumable uploads).
 */
export function storedObjectCreate(
  bucket: string,
  name: string,
  data: Buffer,
  written: WritableMetadata,
  now: Timestamp,
  newToken: () => string,
  hashes: ObjectHashes = objectHashesOf(data),
): StoredObject {
  const { md5Hash, crc32c } = hashes;
  if (written.md5Hash != null && written.md5Hash !== md5Hash) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Provided MD5 hash "${written.md5Hash}" doesn't match calculated MD5 hash "${md5Hash}".`,
    );
  }
  if (written.crc32c != null && written.crc32c !== crc32c) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Provided CRC32C "${written.crc32c}" doesn't match calculated CRC32C "${crc32c}".`,
    );
  }
  const generation = String(timestampToMicros(now));
  const fields: Fields = {
    bucket,
    name,
    data: ownBytes(data),
    generation,
    metageneration: '1',
    timeCreated: now,
    updated: now,
    md5Hash,
    crc32c,
    etag: etagOf(generation, '1'),
    contentType: optional(written.contentType) ?? DEFAULT_CONTENT_TYPE,
    cacheControl: optional(written.cacheControl),
    contentDisposition: optional(written.contentDisposition),
    contentEncoding: optional(written.contentEncoding),
    contentLanguage: optional(written.contentLanguage),
  };
  return { ...fields, ...customMetadataOf({}, undefined, written.metadata, newToken) };
}

/** `object` with `written` applied (`null` clears a field; custom metadata merges). */
export function storedObjectUpdate(
  object: StoredObject,
  written: WritableMetadata,
  now: Timestamp,
  newToken: () => string,
): StoredObject {
  const pick = (key: keyof WritableMetadata & keyof StoredObject): string | undefined => {
    const value = written[key];
    if (value === undefined) return object[key] as string | undefined;
    return optional(value as string | null);
  };
  const metageneration = String(Number(object.metageneration) + 1);
  // `metadata: null` clears the custom map; the download tokens stay unless named.
  const custom = customMetadataOf(
    written.metadata === null ? {} : object.metadata,
    object.downloadTokens,
    written.metadata,
    newToken,
  );
  return {
    ...object,
    metageneration,
    updated: now,
    etag: etagOf(object.generation, metageneration),
    contentType: pick('contentType'),
    cacheControl: pick('cacheControl'),
    contentDisposition: pick('contentDisposition'),
    contentEncoding: pick('contentEncoding'),
    contentLanguage: pick('contentLanguage'),
    metadata: custom.metadata,
    downloadTokens: custom.downloadTokens,
  };
}

/** What rules see of an object. */
export function storedObjectToResource(object: StoredObject): StorageObjectResource {
  return {
    name: object.name,
    bucket: object.bucket,
    size: object.data.length,
    contentType: object.contentType,
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    generation: object.generation,
    metageneration: object.metageneration,
    timeCreated: object.timeCreated,
    updated: object.updated,
    metadata: object.metadata,
    ...(object.cacheControl === undefined ? {} : { cacheControl: object.cacheControl }),
    ...(object.contentDisposition === undefined
      ? {}
      : { contentDisposition: object.contentDisposition }),
    ...(object.contentEncoding === undefined ? {} : { contentEncoding: object.contentEncoding }),
    ...(object.contentLanguage === undefined ? {} : { contentLanguage: object.contentLanguage }),
  };
}
