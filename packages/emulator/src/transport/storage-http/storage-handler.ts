// The Storage emulator's HTTP/1.1 handler: CORS (browsers upload cross-origin and read the
// X-Goog-Upload-* answers), routing to the Firebase v0 API, the GCS JSON API and the control
// endpoints, and the one place where a thrown error becomes a Storage JSON error.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { EmulatorError } from '../../errors.js';
import type { Caller } from '../../service/types.js';
import type { StorageService } from '../../storage/types.js';
import { BodyTooLargeError, parseJsonBody } from '../http-body.js';
import { answerPreflight, isLoopbackOrigin, mayUseControlEndpoints } from '../http-respond.js';
import type { Logger } from '../logger.js';
import { storageHttpStatusOf, toEmulatorError, toStorageErrorBody } from '../status.js';
import { firebaseRoute } from './firebase-routes.js';
import { gcsRoute } from './gcs-routes.js';
import type { StorageReply, StorageRequest } from './storage-request.js';
import { MethodNotAllowedError, routeNotFound, storageCallerOf } from './storage-request.js';
import { BodyTimeoutError, RangeNotSatisfiableError, readReservedBody } from './storage-wire.js';
import type { StorageBodyLimits } from './storage-wire.js';

/** A control request (`/internal/…`), answered by src/admin. */
export type StorageControlRequest = {
  readonly method: string;
  readonly pathname: string;
  readonly body: unknown;
};

export type StorageControlReply = { readonly status: number; readonly body: unknown };

export type StorageHttpOptions = {
  readonly service: StorageService;
  readonly log: Logger;
  readonly limits: StorageBodyLimits;
  /** Where upload URLs point when the Host header is unusable. */
  readonly fallbackOrigin: string;
  readonly control: (request: StorageControlRequest) => Promise<StorageControlReply>;
};

const EXPOSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Content-Disposition',
  'ETag',
  'X-Goog-Upload-Status',
  'X-Goog-Upload-URL',
  'X-Goog-Upload-Size-Received',
  'X-Goog-Upload-Chunk-Granularity',
  'X-Goog-Upload-Control-URL',
  'X-GUploader-UploadID',
  'x-goog-hash',
  'x-goog-generation',
  'x-goog-metageneration',
].join(', ');

/** The largest control body (a rules file). */
const MAX_CONTROL_BODY_BYTES = 1024 * 1024;

function applyStorageCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Vary', 'Origin');
}

/** Transport-level faults keep their own HTTP status; everything else maps by code. */
function httpStatusOfError(error: EmulatorError): number {
  if (error instanceof BodyTimeoutError) return 408;
  if (error instanceof RangeNotSatisfiableError) return 416;
  if (error instanceof MethodNotAllowedError) return 405;
  if (error instanceof BodyTooLargeError) return 413;
  return storageHttpStatusOf(error.code);
}

function write(res: ServerResponse, reply: StorageReply, closeAfter: boolean): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string | number> = { ...reply.headers };
  let body: Buffer | undefined = reply.body;
  if (reply.json !== undefined) {
    body = Buffer.from(JSON.stringify(reply.json));
    headers['Content-Type'] = 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = body?.length ?? 0;
  headers['X-Content-Type-Options'] = 'nosniff';
  if (headers['Cache-Control'] === undefined) headers['Cache-Control'] = 'no-store';
  if (closeAfter) headers.Connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(body);
}

function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  // Only a plain host[:port] may become part of an upload URL.
  return host !== undefined && /^[A-Za-z0-9.\-[\]:]+$/.test(host) ? `http://${host}` : fallback;
}

function decodeName(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The object name ${JSON.stringify(encoded)} is not valid percent-encoding.`,
    );
  }
}

const GCS_PREFIXES = ['/upload/storage/v1/b/', '/download/storage/v1/b/', '/storage/v1/b/', '/b/'];

async function route(request: StorageRequest, rawPath: string): Promise<StorageReply> {
  const v0 = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(rawPath);
  if (v0 !== null) {
    const name = v0[2] === undefined ? undefined : decodeName(v0[2]);
    return firebaseRoute(request, decodeName(v0[1]!), name === '' ? undefined : name);
  }
  for (const prefix of GCS_PREFIXES) {
    if (!rawPath.startsWith(prefix)) continue;
    const match = /^([^/]+)(?:\/o(?:\/(.+))?)?$/.exec(rawPath.slice(prefix.length));
    if (match === null) break;
    const objects = rawPath.slice(prefix.length + match[1]!.length).startsWith('/o');
    return gcsRoute(
      request,
      decodeName(match[1]!),
      match[2] === undefined ? undefined : decodeName(match[2]),
      objects,
    );
  }
  throw routeNotFound(request.method, rawPath);
}

/** A control body (rules source): small, and cut like any other body when it stalls. */
async function readControlBody(request: StorageRequest): Promise<unknown> {
  const reservation = request.service.reserve();
  try {
    const body = await readReservedBody(
      request.req,
      reservation,
      request.limits,
      MAX_CONTROL_BODY_BYTES,
    );
    return parseJsonBody(body);
  } finally {
    reservation.release();
  }
}

export function createStorageHttpHandler(options: StorageHttpOptions): RequestListener {
  const { service, log, limits } = options;
  return (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
    // Only the query is read from `url`; routing uses the raw path (names keep their %2F).
    const url = new URL('http://storage.invalid/');
    url.search = queryAt < 0 ? '' : rawUrl.slice(queryAt);
    const isControl = rawPath === '/internal' || rawPath.startsWith('/internal/');

    if (isControl && !mayUseControlEndpoints(req)) {
      // No CORS headers: a foreign page must not learn anything either.
      write(
        res,
        {
          status: 403,
          json: toStorageErrorBody(
            new EmulatorError(
              'PERMISSION_DENIED',
              'Control endpoints only answer tools and pages served from this machine.',
            ),
          ),
        },
        false,
      );
      req.resume();
      return;
    }
    applyStorageCors(req, res);
    if (method === 'OPTIONS' && req.headers.origin !== undefined) {
      answerPreflight(req, res);
      return;
    }

    let caller: Caller | undefined;
    const request: StorageRequest = {
      req,
      method,
      path: rawPath,
      url,
      service,
      limits,
      origin: originOf(req, options.fallbackOrigin),
      caller: () => (caller ??= storageCallerOf(req.headers.authorization)),
    };

    const run = async (): Promise<StorageReply> => {
      if (rawPath === '/' && (method === 'GET' || method === 'HEAD')) {
        return {
          status: 200,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          body: Buffer.from('Ok'),
        };
      }
      if (isControl) {
        const reply = await options.control({
          method,
          pathname: rawPath,
          body: await readControlBody(request),
        });
        return { status: reply.status, json: reply.body };
      }
      return route(request, rawPath);
    };

    run().then(
      (reply) => write(res, reply, !req.complete),
      (thrown: unknown) => {
        const error = toEmulatorError(thrown, log.error);
        const bodyUnread = !req.complete;
        const status = httpStatusOfError(error);
        write(res, { status, json: toStorageErrorBody(error, status) }, bodyUnread);
        // A request whose body we stopped reading (over budget, stalled) cannot be followed on
        // this connection; end it once the answer is out so the bytes stop coming.
        if (bodyUnread) res.once('finish', () => req.socket.destroySoon());
      },
    );
  };
}

export { isLoopbackOrigin };
