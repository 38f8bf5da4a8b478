// Shared set-up for the conformance suites: an in-process emulator on port 0, a log that fails
// tests on internal errors, REST helpers acting as the owner, a generic gRPC client on the
// vendored protos, and the bundled browser page.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { createServer } from '../../src/server.js';
import type { EmulatorServer } from '../../src/server.js';
import type { Logger } from '../../src/transport/logger.js';

/** Headless Chromium on a closed network: no background requests that the sandbox refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PROJECT = 'demo-conformance';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const DOCUMENTS = `${DATABASE}/documents`;

export type CapturingLogger = Logger & { readonly errors: string[]; readonly warnings: string[] };

export function capturingLogger(): CapturingLogger {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    info: () => {},
    warn: (m) => warnings.push(m),
    error: (m) => errors.push(m),
  };
}

export async function startEmulator(
  options: Parameters<typeof createServer>[0] = {},
): Promise<{ server: EmulatorServer; log: CapturingLogger }> {
  const log = capturingLogger();
  const server = await createServer({ port: 0, log, ...options });
  return { server, log };
}

/** POSTs a REST call as the owner (rules bypassed) and returns the parsed JSON. */
export async function rest(
  server: EmulatorServer,
  method: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${server.url}/v1/${DOCUMENTS}:${method}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} failed: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export function restSet(
  server: EmulatorServer,
  path: string,
  fields: Record<string, unknown>,
): Promise<unknown> {
  return rest(server, 'commit', { writes: [{ update: { name: `${DOCUMENTS}/${path}`, fields } }] });
}

export function restDelete(server: EmulatorServer, path: string): Promise<unknown> {
  return rest(server, 'commit', { writes: [{ delete: `${DOCUMENTS}/${path}` }] });
}

const PAGE_DIR = fileURLToPath(new URL('./browser-page/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

/** Bundles a browser page (this folder's by default) with Vite and serves it on port 0. */
export async function serveBrowserPage(
  pageDir = PAGE_DIR,
  define: Record<string, string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'emulator-page-'));
  await build({
    configFile: false,
    logLevel: 'error',
    root: pageDir,
    define,
    build: { outDir, emptyOutDir: true, minify: false, sourcemap: false, target: 'es2022' },
  });
  const server: Server = createHttpServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(outDir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (content) => {
        res.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        });
        res.end(content);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** What an SDK or gRPC client rejects with: a status code and a message. */
export type CallError = { code?: number; message?: string };

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    return error as CallError;
  }
  throw new Error('expected the call to fail');
}

export type GrpcMessage = Record<string, unknown>;
type UnaryMethod = (
  request: GrpcMessage,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, response?: GrpcMessage) => void,
) => void;

/** A generic client of the Firestore service: one method per RPC, by its proto name. */
export type GenericGrpcClient = grpc.Client &
  Record<string, UnaryMethod> & {
    BatchGetDocuments(
      request: GrpcMessage,
      metadata: grpc.Metadata,
    ): grpc.ClientReadableStream<GrpcMessage>;
  };

/** A gRPC client built from the vendored protos, for the RPCs no SDK build sends as we need. */
export function genericGrpcClient(port: number): GenericGrpcClient {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [fileURLToPath(new URL('../../protos/', import.meta.url))],
    keepCase: true,
    longs: String,
    enums: String,
    bytes: Buffer,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: {
      firestore: {
        v1: {
          Firestore: new (
            address: string,
            credentials: grpc.ChannelCredentials,
          ) => GenericGrpcClient;
        };
      };
    };
  };
  return new loaded.google.firestore.v1.Firestore(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
}
