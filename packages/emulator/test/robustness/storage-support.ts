// Shared set-up for the Storage robustness suites: an emulator with a Storage port, short
// limits and a hand-driven Storage clock, and small HTTP helpers that return status and JSON.
import { createServer } from '../../src/server.js';
import type { EmulatorServer, ServerOptions } from '../../src/server.js';
import type { StorageCore } from '../../src/storage/index.js';
import { createMonotonicClock } from '../../src/store/clock.js';
import type { Logger } from '../../src/transport/logger.js';

export const BUCKET = 'demo-robust.appspot.com';

export type StorageHarness = {
  readonly server: EmulatorServer;
  readonly base: string;
  /** Milliseconds since the epoch on the Storage clock; tests move it. */
  readonly time: { ms: number };
  readonly errors: string[];
  core(): Promise<StorageCore>;
};

export async function startStorage(options: ServerOptions = {}): Promise<StorageHarness> {
  const time = { ms: Date.now() };
  const errors: string[] = [];
  const log: Logger = { info: () => {}, warn: () => {}, error: (m) => errors.push(m) };
  const server = await createServer({
    port: 0,
    storagePort: 0,
    projectId: 'demo-robust',
    log,
    storageClock: createMonotonicClock(() => time.ms * 1000),
    ...options,
  });
  return {
    server,
    base: server.storage!.url,
    time,
    errors,
    core: async () => (await server.storage!.load()).core,
  };
}

export type Answer = {
  readonly status: number;
  readonly headers: Headers;
  readonly json: { error?: { code: number; message: string } } & Record<string, unknown>;
};

export async function call(
  base: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  let json: Answer['json'] = {};
  try {
    json = text === '' ? {} : (JSON.parse(text) as Answer['json']);
  } catch {
    json = { text };
  }
  return { status: response.status, headers: response.headers, json };
}

export function objectPath(name: string, bucket = BUCKET): string {
  return `/v0/b/${bucket}/o/${encodeURIComponent(name)}`;
}

/** A multipart body as the Firebase SDK builds it. */
export function multipartBody(
  boundary: string,
  metadata: unknown,
  data: Buffer | string,
  contentType = 'application/octet-stream',
): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--`),
  ]);
}

export function multipartUpload(
  base: string,
  name: string,
  body: Buffer,
  boundary = 'B0UNDARY',
): Promise<Answer> {
  return call(base, `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
}

/** Starts a resumable upload over the v0 API; returns the upload URL. */
export async function startResumable(base: string, name: string, size?: number): Promise<string> {
  const answer = await call(base, `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      ...(size === undefined ? {} : { 'X-Goog-Upload-Header-Content-Length': String(size) }),
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ name, contentType: 'application/octet-stream' }),
  });
  if (answer.status !== 200) throw new Error(`start failed: ${JSON.stringify(answer.json)}`);
  return answer.headers.get('X-Goog-Upload-URL')!;
}

export async function resumable(
  url: string,
  command: string,
  offset?: number,
  body?: string,
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Command': command,
      ...(offset === undefined ? {} : { 'X-Goog-Upload-Offset': String(offset) }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text === '' ? {} : (JSON.parse(text) as Answer['json']),
  };
}
