// The JSON faces of a stored object (Firebase v0 and GCS JSON API), the metadata clients write,
// byte ranges, and reading request bodies against the byte budget with an idle deadline.
import type { IncomingMessage } from 'node:http';
import { EmulatorError } from '../../errors.js';
import type { Timestamp } from '../../model/types.js';
import { DOWNLOAD_TOKENS_KEY } from '../../storage/stored-object.js';
import type { ByteReservation, StoredObject, WritableMetadata } from '../../storage/types.js';
import { BodyTooLargeError, parseJsonBody } from '../http-body.js';

/** RFC 3339 with milliseconds, as Storage reports times. */
export function toStorageTime(time: Timestamp): string {
  return new Date(time.seconds * 1000 + Math.floor(time.nanos / 1_000_000)).toISOString();
}

function optionalFields(object: StoredObject): Record<string, string> {
  const out: Record<string, string> = {};
  if (object.cacheControl !== undefined) out.cacheControl = object.cacheControl;
  if (object.contentDisposition !== undefined) out.contentDisposition = object.contentDisposition;
  if (object.contentEncoding !== undefined) out.contentEncoding = object.contentEncoding;
  if (object.contentLanguage !== undefined) out.contentLanguage = object.contentLanguage;
  return out;
}

/** The Firebase v0 object resource (what `getMetadata` parses). */
export function toFirebaseObject(object: StoredObject): Record<string, unknown> {
  return {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: object.metageneration,
    ...(object.contentType === undefined ? {} : { contentType: object.contentType }),
    timeCreated: toStorageTime(object.timeCreated),
    updated: toStorageTime(object.updated),
    storageClass: 'STANDARD',
    size: String(object.data.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    ...optionalFields(object),
    // The v0 API names the identity encoding when none was set (as the official emulator does).
    contentEncoding: object.contentEncoding ?? 'identity',
    ...(Object.keys(object.metadata).length === 0 ? {} : { metadata: { ...object.metadata } }),
    downloadTokens: object.downloadTokens.join(','),
  };
}

/** The GCS JSON API object resource; download tokens live in its custom metadata. */
export function toGcsObject(object: StoredObject, origin: string): Record<string, unknown> {
  const encoded = encodeURIComponent(object.name);
  const metadata: Record<string, string> = { ...object.metadata };
  if (object.downloadTokens.length > 0) {
    metadata[DOWNLOAD_TOKENS_KEY] = object.downloadTokens.join(',');
  }
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${origin}/storage/v1/b/${object.bucket}/o/${encoded}`,
    mediaLink: `${origin}/download/storage/v1/b/${object.bucket}/o/${encoded}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: object.metageneration,
    ...(object.contentType === undefined ? {} : { contentType: object.contentType }),
    storageClass: 'STANDARD',
    size: String(object.data.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    timeCreated: toStorageTime(object.timeCreated),
    updated: toStorageTime(object.updated),
    timeStorageClassUpdated: toStorageTime(object.timeCreated),
    ...optionalFields(object),
    ...(Object.keys(metadata).length === 0 ? {} : { metadata }),
  };
}

const STRING_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'md5Hash',
  'crc32c',
] as const;

function invalid(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/** Writable metadata from a JSON object; fields clients may not set (size, bucket…) are ignored. */
export function fromWireMetadata(raw: unknown): WritableMetadata {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('Object metadata must be a JSON object.');
  }
  const source = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = source[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') {
      throw invalid(`Metadata field ${field} must be a string or null.`);
    }
    out[field] = value;
  }
  const custom = source.metadata;
  if (custom !== undefined) {
    if (custom !== null && (typeof custom !== 'object' || Array.isArray(custom))) {
      throw invalid('Custom metadata must be a JSON object of strings.');
    }
    if (custom !== null) {
      const map: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
        if (value !== null && typeof value !== 'string') {
          // Production keeps custom values as text; numbers and booleans arrive stringified.
          if (typeof value === 'number' || typeof value === 'boolean') map[key] = String(value);
          else throw invalid(`Custom metadata value ${JSON.stringify(key)} must be a string.`);
        } else {
          map[key] = value;
        }
      }
      out.metadata = map;
    } else {
      out.metadata = null;
    }
  }
  return out as WritableMetadata;
}

/** A JSON metadata body (empty means none). */
export function metadataFromJsonBody(body: Buffer): WritableMetadata & { name?: string } {
  const parsed = parseJsonBody(body);
  const metadata = fromWireMetadata(parsed);
  const name = (parsed as Record<string, unknown>).name;
  return typeof name === 'string' ? { ...metadata, name } : metadata;
}

/** Metadata and rules bodies are small; production refuses far less than this. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Limits on request bodies. */
export type StorageBodyLimits = {
  /** A body that sends nothing for this long is cut (408) and its bytes freed. */
  readonly bodyIdleTimeoutMs: number;
};

export class BodyTimeoutError extends EmulatorError {
  constructor(ms: number) {
    super('DEADLINE_EXCEEDED', `The request body stalled: nothing arrived for ${ms} ms.`);
  }
}

/**
 * Reads `req`'s body, growing `reservation` by every chunk, so the budget holds what is in
 * flight. Rejects (the caller releases the reservation) when the budget is spent, when the body
 * stalls for the idle limit, or when the client goes away.
 */
export function readReservedBody(
  req: IncomingMessage,
  reservation: ByteReservation,
  limits: StorageBodyLimits,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // With a declared length the body goes straight into one buffer of that size (already
    // reserved), so no list of socket chunks is kept and nothing is concatenated at the end.
    let whole: Buffer | undefined;
    const chunks: Buffer[] = [];
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (error: unknown, body?: Buffer): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.removeListener('data', onData);
      if (error === undefined) resolve(body!);
      else reject(error);
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(new BodyTimeoutError(limits.bodyIdleTimeoutMs)),
        limits.bodyIdleTimeoutMs,
      );
    };
    const declared = Number(req.headers['content-length']);
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > maxBytes) {
        finish(new BodyTooLargeError(maxBytes));
        return;
      }
      try {
        if (received > reservation.bytes) reservation.grow(received - reservation.bytes);
      } catch (error) {
        finish(error);
        return;
      }
      if (whole !== undefined && received <= whole.length) {
        chunk.copy(whole, received - chunk.length);
      } else {
        if (whole !== undefined) {
          chunks.push(whole.subarray(0, received - chunk.length));
          whole = undefined;
        }
        chunks.push(chunk);
      }
      arm();
    };
    try {
      // A declared length past the limit or the budget is refused before a byte is read.
      if (Number.isSafeInteger(declared) && declared > maxBytes) {
        throw new BodyTooLargeError(maxBytes);
      }
      if (Number.isSafeInteger(declared) && declared > 0) {
        reservation.grow(declared);
        whole = Buffer.allocUnsafeSlow(declared);
      }
    } catch (error) {
      finish(error);
      return;
    }
    arm();
    req.on('data', onData);
    req.once('end', () =>
      finish(
        undefined,
        whole === undefined
          ? Buffer.concat(chunks, received)
          : whole.subarray(0, Math.min(received, whole.length)),
      ),
    );
    req.once('error', (error) =>
      finish(
        new EmulatorError('CANCELLED', `The request body could not be read: ${error.message}`),
      ),
    );
    req.once('close', () => {
      if (!req.complete) finish(new EmulatorError('CANCELLED', 'The client closed the request.'));
    });
  });
}

/** An inclusive byte range of an object of `size` bytes. */
export type ByteRange = { readonly start: number; readonly end: number };

/**
 * The range of a `Range: bytes=…` header (one range: `a-b`, `a-`, `-n`), undefined for none or
 * for forms Storage ignores; throws OUT_OF_RANGE (416) when it starts past the end.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | undefined {
  // An empty object has no byte to start at; Storage sends it whole.
  if (header === undefined || size === 0) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) throw unsatisfiable(header, size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  if (start >= size) throw unsatisfiable(header, size);
  return { start, end };
}

export class RangeNotSatisfiableError extends EmulatorError {
  constructor(
    message: string,
    readonly size: number,
  ) {
    super('OUT_OF_RANGE', message);
  }
}

function unsatisfiable(header: string, size: number): RangeNotSatisfiableError {
  return new RangeNotSatisfiableError(
    `The requested range ${JSON.stringify(header)} cannot be satisfied for an object of ${size} bytes.`,
    size,
  );
}
