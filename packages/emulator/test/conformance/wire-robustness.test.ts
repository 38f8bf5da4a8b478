// Malformed input of every kind over real sockets: each gets a 4xx (or the right gRPC status)
// with a message, and the server keeps serving afterwards without logging internal errors.
import { connect } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DATABASE, DOCUMENTS, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
});

afterAll(async () => {
  await server?.close();
});

async function call(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  json: { error?: { code: number; status: string; message: string } };
}> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'text/plain', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return { status: response.status, json: isJson ? (JSON.parse(text) as never) : {} };
}

/** Writes raw bytes on a fresh connection and collects whatever comes back until close. */
function raw(bytes: Buffer | string, waitMs = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
    socket.write(bytes);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

async function expectAlive(): Promise<void> {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('Ok');
}

describe('REST and control endpoints reject bad input with 4xx and a message', () => {
  it.each([
    [
      'bad JSON',
      'POST',
      `/v1/${DOCUMENTS}:commit`,
      '{"writes": [',
      400,
      'INVALID_ARGUMENT',
      /Invalid JSON payload/,
    ],
    [
      'a JSON array body',
      'POST',
      `/v1/${DOCUMENTS}:commit`,
      '[]',
      400,
      'INVALID_ARGUMENT',
      /Expected an object/,
    ],
    [
      'an unknown field',
      'POST',
      `/v1/${DOCUMENTS}:commit`,
      '{"writez":[]}',
      400,
      'INVALID_ARGUMENT',
      /Unknown name "writez"/,
    ],
    [
      'a bad document name',
      'POST',
      `/v1/${DOCUMENTS}:commit`,
      JSON.stringify({ writes: [{ delete: 'nope' }] }),
      400,
      'INVALID_ARGUMENT',
      /nope/,
    ],
    ['an unknown path', 'GET', '/v2/whatever', undefined, 404, 'NOT_FOUND', /Not found/],
    [
      'an unknown RPC',
      'POST',
      `/v1/${DOCUMENTS}:partitionQuery`,
      '{}',
      501,
      'UNIMPLEMENTED',
      /partitionQuery/,
    ],
    [
      'a bad database path',
      'POST',
      '/v1/projects/p/documents:commit',
      '{}',
      404,
      'NOT_FOUND',
      /No REST route/,
    ],
    [
      'an unknown control endpoint',
      'POST',
      '/emulator/v1/projects/p:explode',
      '{}',
      404,
      'NOT_FOUND',
      /control endpoint/,
    ],
    [
      'rules without content',
      'PUT',
      '/emulator/v1/projects/p:securityRules',
      '{"rules":{"files":[]}}',
      400,
      'INVALID_ARGUMENT',
      /exactly one rules file/,
    ],
  ])('%s', async (_name, method, path, body, status, code, message) => {
    const response = await call(method, path, body);
    expect(response.status).toBe(status);
    expect(response.json.error?.status).toBe(code);
    expect(response.json.error?.message).toMatch(message);
  });

  it('answers a garbage bearer token with 401 UNAUTHENTICATED', async () => {
    const response = await call('POST', `/v1/${DOCUMENTS}:commit`, '{}', {
      Authorization: 'Bearer !!',
    });
    expect(response.status).toBe(401);
    expect(response.json.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  });

  it('answers an oversized body with 413', async () => {
    const big = JSON.stringify({ writes: [], pad: 'x'.repeat(13 * 1024 * 1024) });
    const response = await call('POST', `/v1/${DOCUMENTS}:commit`, big);
    expect(response.status).toBe(413);
    expect(response.json.error?.message).toMatch(/exceeds the limit/);
  });

  it('answers CORS preflights and echoes the Origin with credentials', async () => {
    const preflight = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.test:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-goog-api-client, google-cloud-resource-prefix',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.test:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'x-goog-api-client, google-cloud-resource-prefix',
    );
    const error = await fetch(`${server.url}/nope`, {
      headers: { Origin: 'http://app.test:5173' },
    });
    expect(error.headers.get('access-control-allow-origin')).toBe('http://app.test:5173');
    expect(error.headers.get('access-control-expose-headers')).toMatch(/X-HTTP-Session-Id/);
  });
});

describe('WebChannel rejects bad framing', () => {
  const path = (params: string): string =>
    `/google.firestore.v1.Firestore/Listen/channel?VER=8&database=${encodeURIComponent(DATABASE)}&${params}`;

  it('rejects a bad count, a missing message and bad JSON in a handshake', async () => {
    expect((await call('POST', path('RID=1&CVER=22'), 'count=abc')).status).toBe(400);
    expect((await call('POST', path('RID=1&CVER=22'), 'count=1&ofs=0')).status).toBe(400);
    const badJson = await call(
      'POST',
      path('RID=1&CVER=22'),
      'count=1&ofs=0&req0___data__=%7Bnope',
    );
    expect(badJson.status).toBe(400);
    expect(badJson.json.error?.message).toMatch(/Invalid JSON/);
    expect((await call('PUT', path('SID=x'))).status).toBe(405);
  });
});

describe('the socket sniffer and gRPC survive garbage', () => {
  it('answers garbage HTTP/1 bytes with 400 and keeps serving', async () => {
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    await raw('');
    await raw(Buffer.from([0, 1, 2, 255, 254]));
    await expectAlive();
  });

  it('survives a truncated or corrupt HTTP/2 connection', async () => {
    await raw('PRI * HTTP/2.0\r\n');
    await raw(
      Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), Buffer.alloc(64, 0xff)]),
    );
    await expectAlive();
  });

  it('answers unknown and invalid gRPC calls with a status', async () => {
    const client = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const unary = (method: string, payload: Buffer): Promise<grpc.ServiceError | null> =>
      new Promise((resolve) => {
        client.makeUnaryRequest(
          method,
          (b: Buffer) => b,
          (b: Buffer) => b,
          payload,
          (error) => resolve(error),
        );
      });
    try {
      const unknown = await unary(
        '/google.firestore.v1.Firestore/ExecutePipeline',
        Buffer.alloc(0),
      );
      expect(unknown?.code).toBe(grpc.status.UNIMPLEMENTED);
      const partition = await unary(
        '/google.firestore.v1.Firestore/PartitionQuery',
        Buffer.alloc(0),
      );
      expect(partition?.code).toBe(grpc.status.UNIMPLEMENTED);
      // CommitRequest{database: "nope"}: field 1, length-delimited.
      const badDatabase = await unary(
        '/google.firestore.v1.Firestore/Commit',
        Buffer.from([0x0a, 4, ...Buffer.from('nope')]),
      );
      expect(badDatabase?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(badDatabase?.details).toMatch(/nope/);
      // Bytes that are not a protobuf message at all.
      const corrupt = await unary(
        '/google.firestore.v1.Firestore/Commit',
        Buffer.from([0xff, 0xff, 0xff]),
      );
      expect(corrupt?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(corrupt?.details).toMatch(/could not be parsed/);
    } finally {
      client.close();
    }
    await expectAlive();
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
