// The subset of the GCS JSON API that the Admin SDK (@google-cloud/storage with
// STORAGE_EMULATOR_HOST) calls: uploads (uploadType multipart, media, resumable with PUT and
// Content-Range), object GET (metadata or ?alt=media), PATCH, DELETE, list, and bucket GET.
// Paths arrive with their prefix (/storage/v1, /upload/storage/v1, /download/storage/v1 or
// none) already removed.
import { EmulatorError } from '../../errors.js';
import type { Caller } from '../../service/types.js';
import type {
  StorageContext,
  StoredObject,
  UploadStatus,
  WritableMetadata,
} from '../../storage/types.js';
import { parseJsonBody } from '../http-body.js';
import { downloadReply } from './download.js';
import { multipartUpload } from './firebase-routes.js';
import type { StorageReply, StorageRequest } from './storage-request.js';
import { listRequestOf, methodNotAllowed, queryParam, requiredName } from './storage-request.js';
import {
  MAX_JSON_BODY_BYTES,
  fromWireMetadata,
  metadataFromJsonBody,
  readReservedBody,
  toGcsObject,
} from './storage-wire.js';

const ADMIN: Caller = { kind: 'owner' };

async function readSmall(request: StorageRequest): Promise<Buffer> {
  const reservation = request.service.reserve();
  try {
    return await readReservedBody(request.req, reservation, request.limits, MAX_JSON_BODY_BYTES);
  } finally {
    reservation.release();
  }
}

function objectReply(request: StorageRequest, object: StoredObject): StorageReply {
  return { status: 200, json: toGcsObject(object, request.origin) };
}

/** GCS answers an unfinished resumable upload 308 with the bytes it holds as `Range`. */
function resumableReply(request: StorageRequest, status: UploadStatus): StorageReply {
  if (status.object !== undefined) return objectReply(request, status.object);
  return {
    status: 308,
    headers: status.received > 0 ? { Range: `bytes=0-${status.received - 1}` } : {},
    body: Buffer.alloc(0),
  };
}

type ContentRange = {
  /** undefined for a status query (a `*` start). */
  readonly start: number | undefined;
  /** The total size when the client knows it. */
  readonly total: number | undefined;
  /** The inclusive last byte, when given. */
  readonly end: number | undefined;
};

function contentRangeOf(header: string | undefined): ContentRange {
  if (header === undefined) return { start: 0, end: undefined, total: undefined };
  const match = /^bytes (?:\*|(\d+)-(\d+|\*))\/(\d+|\*)$/.exec(header.trim());
  if (match === null) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Malformed Content-Range ${JSON.stringify(header)}.`,
    );
  }
  return {
    start: match[1] === undefined ? undefined : Number(match[1]),
    end: match[2] === undefined || match[2] === '*' ? undefined : Number(match[2]),
    total: match[3] === '*' ? undefined : Number(match[3]),
  };
}

async function resumablePut(
  request: StorageRequest,
  ctx: StorageContext,
  uploadId: string,
): Promise<StorageReply> {
  const { service } = request;
  const range = contentRangeOf(request.req.headers['content-range']);
  if (range.start === undefined) {
    await readSmall(request);
    const status = service.queryUpload(ctx, uploadId);
    // A status query naming the total, once all of it arrived, completes the upload.
    if (
      range.total !== undefined &&
      status.object === undefined &&
      status.received === range.total
    ) {
      return resumableReply(
        request,
        await service.uploadChunk(ctx, {
          uploadId,
          offset: status.received,
          data: Buffer.alloc(0),
          reservation: service.reserve(),
          finalize: true,
        }),
      );
    }
    return resumableReply(request, status);
  }
  const reservation = service.reserve();
  try {
    const data = await readReservedBody(request.req, reservation, request.limits);
    if (range.end !== undefined && range.end - range.start + 1 !== data.length) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Content-Range announces ${range.end - range.start + 1} bytes but the body has ${data.length}.`,
      );
    }
    // With the total known, the chunk that reaches it finishes the upload; with `a-*/*` the
    // client streams everything in one request.
    const finalize =
      range.total === undefined
        ? range.end === undefined
        : range.start + data.length === range.total;
    return resumableReply(
      request,
      await service.uploadChunk(ctx, {
        uploadId,
        offset: range.start,
        data,
        reservation,
        finalize,
      }),
    );
  } finally {
    reservation.release();
  }
}

async function startResumable(request: StorageRequest, ctx: StorageContext): Promise<StorageReply> {
  const written = metadataFromJsonBody(await readSmall(request));
  const headerType = request.req.headers['x-upload-content-type'];
  const metadata: WritableMetadata =
    written.contentType == null && typeof headerType === 'string'
      ? { ...written, contentType: headerType }
      : written;
  const lengthRaw = request.req.headers['x-upload-content-length'];
  const declaredSize =
    typeof lengthRaw === 'string' && /^\d+$/.test(lengthRaw) ? Number(lengthRaw) : undefined;
  const name = requiredName(request.url, written.name);
  const status = request.service.startResumableUpload(ctx, { name, metadata, declaredSize });
  const query = new URLSearchParams({ uploadType: 'resumable', name, upload_id: status.uploadId });
  return {
    status: 200,
    headers: {
      Location: `${request.origin}/upload/storage/v1/b/${encodeURIComponent(ctx.bucket)}/o?${query.toString()}`,
      'X-GUploader-UploadID': status.uploadId,
    },
    json: {},
  };
}

async function mediaUpload(request: StorageRequest, ctx: StorageContext): Promise<StoredObject> {
  const reservation = request.service.reserve();
  try {
    const data = await readReservedBody(request.req, reservation, request.limits);
    const contentType = request.req.headers['content-type'];
    return await request.service.uploadObject(ctx, {
      name: requiredName(request.url),
      metadata: contentType === undefined ? {} : { contentType },
      data,
      reservation,
    });
  } finally {
    reservation.release();
  }
}

async function postObjects(request: StorageRequest, ctx: StorageContext): Promise<StorageReply> {
  const uploadType = queryParam(request.url, 'uploadType');
  switch (uploadType) {
    case 'multipart':
      return objectReply(request, await multipartUpload(request, ctx, (partType) => partType));
    case 'media':
      return objectReply(request, await mediaUpload(request, ctx));
    case 'resumable':
      return startResumable(request, ctx);
    default:
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `uploadType must be multipart, media or resumable, got ${JSON.stringify(uploadType ?? '')}.`,
      );
  }
}

/** /b/{bucket}, /b/{bucket}/o and /b/{bucket}/o/{name}. */
export async function gcsRoute(
  request: StorageRequest,
  bucket: string,
  name: string | undefined,
  objects: boolean,
): Promise<StorageReply> {
  // As in the official emulator, the GCS API is the admin's: server SDKs hold credentials that
  // bypass rules in production, and against an emulator they send no token at all.
  const ctx: StorageContext = { caller: ADMIN, bucket };
  const { method, url, service } = request;
  if (!objects) {
    if (method !== 'GET') throw methodNotAllowed(method, request.path);
    return { status: 200, json: { kind: 'storage#bucket', id: bucket, name: bucket } };
  }
  if (name === undefined) {
    const uploadId = queryParam(url, 'upload_id');
    if (uploadId !== undefined) {
      if (method === 'PUT' || method === 'POST') return resumablePut(request, ctx, uploadId);
      if (method === 'DELETE') {
        service.cancelUpload(ctx, uploadId);
        return { status: 499, json: {} };
      }
      throw methodNotAllowed(method, request.path);
    }
    if (method === 'POST') return postObjects(request, ctx);
    if (method === 'GET') {
      const result = await service.list(ctx, listRequestOf(url));
      return {
        status: 200,
        json: {
          kind: 'storage#objects',
          ...(result.prefixes.length === 0 ? {} : { prefixes: result.prefixes }),
          items: result.items.map((o) => toGcsObject(o, request.origin)),
          ...(result.nextPageToken === undefined ? {} : { nextPageToken: result.nextPageToken }),
        },
      };
    }
    throw methodNotAllowed(method, request.path);
  }
  switch (method) {
    case 'HEAD':
    case 'GET':
      if (queryParam(url, 'alt') === 'media') {
        return downloadReply(
          await service.download(ctx, name, undefined),
          request.req.headers.range,
        );
      }
      return objectReply(request, await service.getMetadata(ctx, name));
    case 'PATCH':
    case 'PUT': {
      const metadata = fromWireMetadata(parseJsonBody(await readSmall(request)));
      return objectReply(request, await service.updateMetadata(ctx, name, metadata));
    }
    case 'DELETE':
      await service.deleteObject(ctx, name);
      return { status: 204 };
    default:
      throw methodNotAllowed(method, request.path);
  }
}
