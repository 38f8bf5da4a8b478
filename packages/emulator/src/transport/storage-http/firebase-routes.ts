// The Firebase Storage v0 API, as `firebase/storage` calls it: /v0/b/{bucket}/o[/{name}].
// Uploads are multipart (X-Goog-Upload-Protocol: multipart) or resumable (X-Goog-Upload-*
// commands on an upload URL we hand out); metadata GET/PATCH, DELETE, download (?alt=media,
// optional &token=) and list.
import { EmulatorError } from '../../errors.js';
import type { StorageContext, UploadStatus, WritableMetadata } from '../../storage/types.js';
import { parseJsonBody } from '../http-body.js';
import { downloadReply } from './download.js';
import { multipartBoundaryOf, multipartParse } from './multipart.js';
import type { StorageReply, StorageRequest } from './storage-request.js';
import { listRequestOf, methodNotAllowed, queryParam, requiredName } from './storage-request.js';
import {
  MAX_JSON_BODY_BYTES,
  fromWireMetadata,
  metadataFromJsonBody,
  readReservedBody,
  toFirebaseObject,
} from './storage-wire.js';

/** Reads a small JSON body (metadata) held against the budget only while it is parsed. */
async function readJson(request: StorageRequest): Promise<Buffer> {
  const reservation = request.service.reserve();
  try {
    return await readReservedBody(request.req, reservation, request.limits, MAX_JSON_BODY_BYTES);
  } finally {
    reservation.release();
  }
}

/** Multipart upload: a JSON metadata part, then the bytes. */
export async function multipartUpload(
  request: StorageRequest,
  ctx: StorageContext,
  contentTypeFallback: (partType: string | undefined) => string | undefined,
): Promise<ReturnType<StorageRequest['service']['uploadObject']>> {
  const boundary = multipartBoundaryOf(request.req.headers['content-type']);
  const reservation = request.service.reserve();
  try {
    const body = await readReservedBody(request.req, reservation, request.limits);
    const parts = multipartParse(body, boundary);
    if (parts.length !== 2) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Malformed multipart body: expected a metadata part and a data part, got ${parts.length} part(s).`,
      );
    }
    const written = metadataFromJsonBody(parts[0]!.body);
    const partType = parts[1]!.headers.get('content-type');
    const metadata: WritableMetadata =
      written.contentType == null
        ? { ...written, contentType: contentTypeFallback(partType) ?? null }
        : written;
    return await request.service.uploadObject(ctx, {
      name: requiredName(request.url, written.name),
      metadata,
      data: parts[1]!.body,
      reservation,
    });
  } finally {
    reservation.release();
  }
}

function uploadUrl(request: StorageRequest, bucket: string, name: string, id: string): string {
  const query = new URLSearchParams({ name, upload_id: id, upload_protocol: 'resumable' });
  return `${request.origin}/v0/b/${encodeURIComponent(bucket)}/o?${query.toString()}`;
}

function resumableReply(status: UploadStatus): StorageReply {
  const headers = {
    'X-Goog-Upload-Status': status.state,
    'X-Goog-Upload-Size-Received': String(status.received),
  };
  return status.object === undefined
    ? { status: 200, headers, body: Buffer.alloc(0) }
    : { status: 200, headers, json: toFirebaseObject(status.object) };
}

function commandsOf(request: StorageRequest): Set<string> {
  const raw = request.req.headers['x-goog-upload-command'];
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return new Set(
    text
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean),
  );
}

function offsetOf(request: StorageRequest): number {
  const raw = request.req.headers['x-goog-upload-offset'];
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim())) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `X-Goog-Upload-Offset must be a byte offset, got ${JSON.stringify(raw ?? null)}.`,
    );
  }
  return Number(raw.trim());
}

async function resumableCommand(
  request: StorageRequest,
  ctx: StorageContext,
  uploadId: string,
): Promise<StorageReply> {
  const commands = commandsOf(request);
  const { service } = request;
  if (commands.has('query')) return resumableReply(service.queryUpload(ctx, uploadId));
  if (commands.has('cancel')) {
    service.cancelUpload(ctx, uploadId);
    return { status: 200, headers: { 'X-Goog-Upload-Status': 'cancelled' }, body: Buffer.alloc(0) };
  }
  const upload = commands.has('upload');
  const finalize = commands.has('finalize');
  if (!upload && !finalize) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `X-Goog-Upload-Command must be upload, finalize, query or cancel, got ${JSON.stringify([...commands].join(', '))}.`,
    );
  }
  const offset =
    upload || request.req.headers['x-goog-upload-offset'] !== undefined
      ? offsetOf(request)
      : service.queryUpload(ctx, uploadId).received;
  const reservation = service.reserve();
  try {
    const data = await readReservedBody(request.req, reservation, request.limits);
    if (!upload && data.length > 0) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        'A finalize without upload must not carry bytes.',
      );
    }
    return resumableReply(
      await service.uploadChunk(ctx, { uploadId, offset, data, reservation, finalize }),
    );
  } finally {
    reservation.release();
  }
}

async function startResumable(request: StorageRequest, ctx: StorageContext): Promise<StorageReply> {
  const body = await readJson(request);
  const written = metadataFromJsonBody(body);
  const declaredRaw = request.req.headers['x-goog-upload-header-content-length'];
  let declaredSize: number | undefined;
  if (typeof declaredRaw === 'string') {
    if (!/^\d+$/.test(declaredRaw.trim())) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `X-Goog-Upload-Header-Content-Length must be a byte count, got ${JSON.stringify(declaredRaw)}.`,
      );
    }
    declaredSize = Number(declaredRaw.trim());
  }
  const headerType = request.req.headers['x-goog-upload-header-content-type'];
  const metadata: WritableMetadata =
    written.contentType == null && typeof headerType === 'string'
      ? { ...written, contentType: headerType }
      : written;
  const name = requiredName(request.url, written.name);
  const status = request.service.startResumableUpload(ctx, { name, metadata, declaredSize });
  return {
    status: 200,
    headers: {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': uploadUrl(request, ctx.bucket, name, status.uploadId),
      'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
      'X-GUploader-UploadID': status.uploadId,
    },
    body: Buffer.alloc(0),
  };
}

/** POST /v0/b/{bucket}/o: uploads of every protocol. */
async function postObjects(request: StorageRequest, ctx: StorageContext): Promise<StorageReply> {
  const uploadId = queryParam(request.url, 'upload_id');
  if (uploadId !== undefined) return resumableCommand(request, ctx, uploadId);
  const protocol = String(request.req.headers['x-goog-upload-protocol'] ?? '').toLowerCase();
  if (protocol === 'multipart') {
    const object = await multipartUpload(request, ctx, (partType) => partType);
    return { status: 200, json: toFirebaseObject(object) };
  }
  if (protocol === 'resumable') {
    const commands = commandsOf(request);
    if (!commands.has('start')) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        'A resumable upload starts with X-Goog-Upload-Command: start.',
      );
    }
    return startResumable(request, ctx);
  }
  throw new EmulatorError(
    'INVALID_ARGUMENT',
    `X-Goog-Upload-Protocol must be multipart or resumable, got ${JSON.stringify(protocol)}.`,
  );
}

/** /v0/b/{bucket}/o and /v0/b/{bucket}/o/{name}; `name` undefined for the former. */
export async function firebaseRoute(
  request: StorageRequest,
  bucket: string,
  name: string | undefined,
): Promise<StorageReply> {
  const ctx: StorageContext = { caller: request.caller(), bucket };
  const { method, url, service } = request;
  if (name === undefined) {
    if (method === 'POST') return postObjects(request, ctx);
    if (method === 'GET') {
      const result = await service.list(ctx, listRequestOf(url));
      return {
        status: 200,
        json: {
          prefixes: result.prefixes,
          items: result.items.map((o) => ({ name: o.name, bucket: o.bucket })),
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
        const object = await service.download(ctx, name, queryParam(url, 'token'));
        return downloadReply(object, request.req.headers.range);
      }
      return { status: 200, json: toFirebaseObject(await service.getMetadata(ctx, name)) };
    case 'PATCH':
    case 'PUT': {
      const metadata = fromWireMetadata(parseJsonBody(await readJson(request)));
      return {
        status: 200,
        json: toFirebaseObject(await service.updateMetadata(ctx, name, metadata)),
      };
    }
    case 'DELETE':
      await service.deleteObject(ctx, name);
      return { status: 204 };
    default:
      throw methodNotAllowed(method, request.path);
  }
}
