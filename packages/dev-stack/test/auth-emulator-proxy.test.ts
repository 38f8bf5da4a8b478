import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GAPI_STANDIN_FILE,
  GAPI_STANDIN_PATH,
  startAuthEmulatorProxy,
} from '../src/auth-emulator-proxy.js';
import { findFreePort } from '../src/ports.js';

const GAPI = 'https://apis.google.com/js/api.js';
const page = (name: string) =>
  `<!DOCTYPE html><title>${name}</title><script src="${GAPI}"></script>`;

/** A stand-in for the Auth emulator: two HTML pages (one gzipped) and an echoing API route. */
function startUpstream(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (pathname === '/emulator/auth/iframe') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: 'W/"1"' });
      res.end(page('iframe'));
    } else if (pathname === '/emulator/auth/handler') {
      // Ignores the proxy's request for identity encoding, as a server may.
      const body = zlib.gzipSync(page('handler'));
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      res.end(body);
    } else {
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function proxyInFront() {
  const upstream = await startUpstream();
  cleanups.push(() => new Promise((resolve) => upstream.close(resolve)));
  const proxy = await startAuthEmulatorProxy({
    port: 0,
    upstreamPort: (upstream.address() as AddressInfo).port,
  });
  cleanups.push(() => proxy.close());
  return proxy;
}

describe('Auth emulator proxy', () => {
  it("points the emulator's iframe page at the stand-in", async () => {
    const proxy = await proxyInFront();
    const response = await fetch(`${proxy.url}/emulator/auth/iframe?apiKey=k&appName=a`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`<script src="${GAPI_STANDIN_PATH}"></script>`);
    expect(html).not.toContain(GAPI);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(response.headers.get('etag')).toBeNull();
  });

  it('decodes a compressed sign-in page before rewriting it', async () => {
    const proxy = await proxyInFront();
    const response = await fetch(`${proxy.url}/emulator/auth/handler?providerId=google.com`);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(page('handler').replace(GAPI, GAPI_STANDIN_PATH));
  });

  it('serves the stand-in script itself', async () => {
    const proxy = await proxyInFront();
    const response = await fetch(`${proxy.url}${GAPI_STANDIN_PATH}`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(fs.readFileSync(GAPI_STANDIN_FILE, 'utf8'));
  });

  it('passes every other request and response through unchanged', async () => {
    const proxy = await proxyInFront();
    const response = await fetch(
      `${proxy.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com' }),
      },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k',
      body: JSON.stringify({ email: 'a@example.com' }),
    });
  });

  it('answers 502 with a message when the emulator is not there', async () => {
    const proxy = await startAuthEmulatorProxy({ port: 0, upstreamPort: await findFreePort() });
    cleanups.push(() => proxy.close());
    const response = await fetch(`${proxy.url}/`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/Auth emulator did not answer/);
  });

  it('refuses a port that is taken', async () => {
    const proxy = await proxyInFront();
    const port = Number(new URL(proxy.url).port);
    await expect(startAuthEmulatorProxy({ port, upstreamPort: 1 })).rejects.toThrow(/EADDRINUSE/);
  });
});
