// A small reverse proxy in front of firebase-tools' Auth emulator, so Google sign-in works offline.
// The emulator's popup/redirect pages (/emulator/auth/iframe and /emulator/auth/handler) load
// Google's iframe library from https://apis.google.com/js/api.js; the proxy points them at
// /__showcase/gapi.js, which it serves itself (static/gapi-standin.js). Every other request
// and response passes through unchanged, streamed. Development and tests only.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { PACKAGE_ROOT } from './paths.js';

export const GAPI_STANDIN_PATH = '/__showcase/gapi.js';
export const GAPI_STANDIN_FILE = path.join(PACKAGE_ROOT, 'static/gapi-standin.js');
const GOOGLE_GAPI_URL = 'https://apis.google.com/js/api.js';
const REWRITTEN_PAGES = new Set(['/emulator/auth/iframe', '/emulator/auth/handler']);

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? 'identity').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    default:
      return body;
  }
}

export type AuthEmulatorProxy = { url: string; close: () => Promise<void> };

/**
 * Starts the proxy on host:port, forwarding to the Auth emulator on host:upstreamPort.
 * Rejects when the port cannot be bound (e.g. it is taken).
 */
export async function startAuthEmulatorProxy({
  port,
  upstreamPort,
  host = '127.0.0.1',
}: {
  port: number;
  upstreamPort: number;
  host?: string;
}): Promise<AuthEmulatorProxy> {
  const standin = fs.readFileSync(GAPI_STANDIN_FILE);

  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://proxy').pathname;
    if (pathname === GAPI_STANDIN_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-length': standin.length,
        'cache-control': 'no-cache',
        // Loaded by the app from its own origin with a plain script tag (no CORS needed), but
        // allowed anyway so a crossorigin attribute cannot break it.
        'access-control-allow-origin': '*',
      });
      res.end(req.method === 'HEAD' ? undefined : standin);
      return;
    }

    const rewrite = req.method === 'GET' && REWRITTEN_PAGES.has(pathname);
    const headers = { ...req.headers };
    // The emulator does not compress today; asking for identity keeps the rewrite simple if it
    // ever starts (decode() still copes with a server that ignores the request).
    if (rewrite) headers['accept-encoding'] = 'identity';
    const upstream = http.request(
      { host, port: upstreamPort, method: req.method, path: req.url, headers },
      (upstreamRes) => {
        const type = String(upstreamRes.headers['content-type'] ?? '');
        if (!rewrite || !type.includes('text/html')) {
          res.writeHead(
            upstreamRes.statusCode ?? 502,
            upstreamRes.statusMessage,
            upstreamRes.headers,
          );
          upstreamRes.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        upstreamRes.on('data', (chunk) => chunks.push(chunk));
        upstreamRes.on('error', () => res.destroy());
        upstreamRes.on('end', () => {
          let html;
          try {
            html = decode(Buffer.concat(chunks), upstreamRes.headers['content-encoding']).toString(
              'utf8',
            );
          } catch {
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end('Auth emulator proxy: could not decode the page.');
            return;
          }
          const body = Buffer.from(html.replaceAll(GOOGLE_GAPI_URL, GAPI_STANDIN_PATH), 'utf8');
          const outHeaders = { ...upstreamRes.headers, 'content-length': body.length };
          delete outHeaders['content-encoding'];
          delete outHeaders['transfer-encoding'];
          delete outHeaders.etag;
          res.writeHead(upstreamRes.statusCode ?? 200, upstreamRes.statusMessage, outHeaders);
          res.end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`Auth emulator proxy: the Auth emulator did not answer (${error.message}).`);
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
