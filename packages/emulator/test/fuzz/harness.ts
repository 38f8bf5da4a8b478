// Shared pieces of the fuzz suites: an in-process server whose logger records internal errors,
// HTTP and raw-socket clients that never wait for ever, and the health check every suite ends
// with (a normal commit and runQuery still work).
import { request } from 'node:http';
import { connect } from 'node:net';
import { createServer } from '../../src/index.js';
import type { EmulatorServer, Logger, ServerOptions } from '../../src/index.js';
import type { Document } from '../../src/model/types.js';
import { RestClient } from '../differential/rest-json.js';

export const FUZZ_PROJECT = 'demo-fuzz';
export const FUZZ_DATABASE = `projects/${FUZZ_PROJECT}/databases/(default)`;
export const FUZZ_DOCUMENTS = `${FUZZ_DATABASE}/documents`;

/** Longest any single exchange may take before it counts as a hang. */
export const EXCHANGE_TIMEOUT_MS = 5_000;

export type FuzzServer = {
  readonly server: EmulatorServer;
  /** Everything logged at error level: internal errors (bugs) land here. */
  readonly errors: string[];
};

export async function startFuzzServer(
  options: Omit<ServerOptions, 'port' | 'log'> = {},
): Promise<FuzzServer> {
  const errors: string[] = [];
  const log: Logger = { info: () => {}, warn: () => {}, error: (message) => errors.push(message) };
  const server = await createServer({ port: 0, log, projectId: FUZZ_PROJECT, ...options });
  return { server, errors };
}

/** Client garbage may earn any 2xx–4xx, or 501 for what is not implemented; never another 5xx. */
export function isAcceptableHttpStatus(status: number): boolean {
  return (status >= 200 && status < 500) || status === 501;
}

export type HttpAnswer = {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
};

export type HttpExchange = {
  readonly method: string;
  /** Path and query, sent as given (no normalization). */
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
};

/** One HTTP/1.1 request on a fresh connection; rejects when no full answer comes in time. */
export function httpExchange(
  port: number,
  exchange: HttpExchange,
  timeoutMs = EXCHANGE_TIMEOUT_MS,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: exchange.method,
        path: exchange.path,
        headers: {
          connection: 'close',
          ...(exchange.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(exchange.body)) }
            : {}),
          ...exchange.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(
        new Error(
          `no answer within ${timeoutMs} ms to ${exchange.method} ${exchange.path.slice(0, 200)}`,
        ),
      );
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (exchange.body !== undefined) req.write(exchange.body);
    req.end();
  });
}

/**
 * Sends raw bytes on a fresh TCP connection and collects what comes back until the server
 * closes the connection or `waitMs` passes (then the client closes it).
 */
export function rawExchange(
  port: number,
  bytes: Buffer,
  waitMs = 300,
): Promise<{ reply: Buffer; serverClosed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (serverClosed: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ reply: Buffer.concat(chunks), serverClosed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after garbage is a legitimate answer; failing to connect is not.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(true);
      else if (!done) {
        done = true;
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

/** The server still serves a normal commit and runQuery. */
export async function expectServing(server: EmulatorServer): Promise<void> {
  const client = new RestClient(server.url, FUZZ_PROJECT);
  const name = `${FUZZ_DOCUMENTS}/after-fuzz/${Date.now()}`;
  const doc: Document = {
    name,
    fields: new Map([['ok', { kind: 'boolean', value: true }]]),
    createTime: { seconds: 0, nanos: 0 },
    updateTime: { seconds: 0, nanos: 0 },
  };
  await client.setDocuments([doc]);
  const found = await client.runQuery(FUZZ_DOCUMENTS, {
    from: [{ collectionId: 'after-fuzz', allDescendants: false }],
    orderBy: [],
    offset: 0,
  });
  if (!found.some((d) => d.name === name))
    throw new Error('the server lost a document written after the fuzz run');
}

/** A JSON error body as REST answers it: `{error: {code, message, status}}` with a message. */
export function hasJsonErrorBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    const error = (
      Array.isArray(parsed)
        ? (parsed[0] as { error?: unknown } | undefined)?.error
        : (parsed as { error?: unknown }).error
    ) as { code?: unknown; message?: unknown; status?: unknown } | undefined;
    return (
      error !== undefined &&
      typeof error.code === 'number' &&
      typeof error.status === 'string' &&
      typeof error.message === 'string' &&
      error.message.length > 0
    );
  } catch {
    return false;
  }
}
