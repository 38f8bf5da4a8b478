// Writing HTTP responses: CORS with credentials on every answer, JSON bodies, and errors mapped
// through transport/status.ts (matching HTTP status plus {"error":{code,message,status}}). Also
// who may reach what: data requests from any origin (as the SDKs need), the control endpoints
// and Private Network Access only from pages served by this machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorError } from '../errors.js';
import { httpStatusOf, toRestErrorBody } from './status.js';

const EXPOSED_HEADERS = 'X-HTTP-Session-Id, Content-Type, Content-Length, Date';

const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `http://127.0.0.1:*`, `http://localhost:*` or `http://[::1]:*` (https too). */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname)
  );
}

/**
 * Whether a request may use the control endpoints (rules upload, clear, export): tools send no
 * Origin (Node, curl, rules-unit-testing); a browser page must be served from this machine, so a
 * public page open in the developer's browser cannot replace the rules or wipe the data.
 */
export function mayUseControlEndpoints(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin === undefined || isLoopbackOrigin(origin);
}

/**
 * Credentialed requests (the SDK's XhrIo sets withCredentials) are refused by the browser when the
 * answer is `Access-Control-Allow-Origin: *` (the SDK then only reports that it could not reach
 * the backend), so the Origin is echoed.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Vary', 'Origin');
}

/**
 * Answers a CORS preflight with whatever was asked for; Private Network Access (a public page
 * reaching this loopback server) only to loopback origins.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const methods = req.headers['access-control-request-method'];
  const headers = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Methods',
    methods ?? 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  );
  if (headers !== undefined) res.setHeader('Access-Control-Allow-Headers', headers);
  const origin = req.headers.origin;
  if (
    req.headers['access-control-request-private-network'] === 'true' &&
    origin !== undefined &&
    isLoopbackOrigin(origin)
  ) {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204);
  res.end();
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** `httpStatus` overrides the mapped status for transport-level faults (e.g. 413). */
export function sendError(res: ServerResponse, error: EmulatorError, httpStatus?: number): void {
  const status = httpStatus ?? httpStatusOf(error.code);
  sendJson(res, status, toRestErrorBody(error, status));
}
