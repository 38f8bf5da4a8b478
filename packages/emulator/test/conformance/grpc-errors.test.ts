// How a permanent error of a server-streaming call (runQuery, runAggregationQuery,
// batchGetDocuments) reaches the Admin SDK over gRPC: once, as the server sends it, as over REST.
// The SDK's streaming layer (google-gax through retry-request) re-sends, seconds apart, a call
// whose error arrives before response headers; production sends headers first, and so must we.
// The gRPC client goes through a TCP relay that counts the HTTP/2 streams it opens, which is
// deterministic where timing the call would not be: one call, one stream.
import { connect, createServer as createTcpServer } from 'node:net';
import type { Server as TcpServer, Socket } from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { initializeFirestore } from 'firebase-admin/firestore';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { PROJECT, rejection, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} {
      allow read: if true;
    }
  }
}`;

/** An ID token as the Auth emulator issues them (unsigned); its user may read only `open`. */
function idToken(uid: string): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid })}.`;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const HEADERS_FRAME = 0x1;

/**
 * Counts the HTTP/2 streams clients open through it: the first HEADERS frame of each stream id
 * on the client's side of each HTTP/2 connection (gRPC clients send no trailers).
 */
class StreamCountingRelay {
  streamsOpened = 0;
  private readonly tcp: TcpServer;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly upstreamPort: number) {
    this.tcp = createTcpServer((client) => this.relay(client));
  }

  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.tcp.listen(0, '127.0.0.1', () => {
        const address = this.tcp.address();
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.tcp.close(() => resolve()));
  }

  private relay(client: Socket): void {
    const upstream = connect(this.upstreamPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const seen = new Set<number>();
    let pending = Buffer.alloc(0);
    let http2: boolean | undefined;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (http2 === false) return;
      pending = Buffer.concat([pending, chunk]);
      if (http2 === undefined) {
        if (pending.length < HTTP2_PREFACE.length) return;
        // HTTP/1.1 (REST) passes through uncounted.
        http2 = pending.subarray(0, HTTP2_PREFACE.length).equals(HTTP2_PREFACE);
        if (!http2) return;
        pending = pending.subarray(HTTP2_PREFACE.length);
      }
      while (pending.length >= 9) {
        const length = pending.readUIntBE(0, 3);
        if (pending.length < 9 + length) break;
        const streamId = pending.readUInt32BE(5) & 0x7fffffff;
        if (pending[3] === HEADERS_FRAME && !seen.has(streamId)) {
          seen.add(streamId);
          this.streamsOpened++;
        }
        pending = pending.subarray(9 + length);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  }
}

let server: EmulatorServer;
let log: CapturingLogger;
let relay: StreamCountingRelay;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  const loaded = await server.rules.load({ name: 'firestore.rules', content: RULES });
  expect(loaded.loaded).toBe(true);
  relay = new StreamCountingRelay(server.port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${await relay.listen()}`;
});

afterAll(async () => {
  await relay?.close();
  await server?.close();
});

/** The calls that fail, each naming the RPC the SDK streams. */
const failing: ReadonlyArray<
  readonly [string, number, RegExp, (db: Firestore, user: Firestore) => Promise<unknown>]
> = [
  [
    'runQuery: a vector search with limit 1001 (INVALID_ARGUMENT)',
    3,
    /positive integer of no more than 1000/,
    (db) =>
      db
        .collection('open')
        .findNearest({
          vectorField: 'embedding',
          queryVector: [1, 1],
          limit: 1001,
          distanceMeasure: 'EUCLIDEAN',
        })
        .get(),
  ],
  [
    'runQuery: a query the rules deny (PERMISSION_DENIED)',
    7,
    /insufficient permissions/,
    (_db, user) => user.collection('closed').get(),
  ],
  [
    'runAggregationQuery: a count the rules deny (PERMISSION_DENIED)',
    7,
    /insufficient permissions/,
    (_db, user) => user.collection('closed').count().get(),
  ],
  [
    'batchGetDocuments: a read the rules deny (PERMISSION_DENIED)',
    7,
    /insufficient permissions/,
    (_db, user) => user.doc('closed/one').get(),
  ],
];

describe('a permanent error of a streaming call, Admin SDK', () => {
  const apps: App[] = [];
  /** Per transport: the owner (rules bypassed) and a signed-in user the rules apply to. */
  const firestores = new Map<'grpc' | 'rest', { db: Firestore; user: Firestore }>();
  const on = (transport: 'grpc' | 'rest') => firestores.get(transport)!;

  beforeAll(() => {
    const token = { Authorization: `Bearer ${idToken('alice')}` };
    for (const preferRest of [false, true]) {
      const name = preferRest ? 'rest' : 'grpc';
      const ownerApp = initializeApp({ projectId: PROJECT }, `grpc-errors-${name}-owner`);
      const userApp = initializeApp({ projectId: PROJECT }, `grpc-errors-${name}-user`);
      apps.push(ownerApp, userApp);
      const db = initializeFirestore(ownerApp, { preferRest });
      const user = initializeFirestore(userApp, { preferRest });
      // Over gRPC the SDK sends these headers itself (`Bearer owner` unless told otherwise); over
      // REST its transport asks an auth client for them.
      const as = (headers: Record<string, string>) =>
        preferRest
          ? { customHeaders: headers, auth: { getRequestHeaders: () => Promise.resolve(headers) } }
          : { customHeaders: headers };
      db.settings(as({ Authorization: 'Bearer owner' }));
      user.settings(as(token));
      firestores.set(name, { db, user });
    }
  });

  afterAll(async () => {
    for (const app of apps) await deleteApp(app);
  });

  beforeEach(() => {
    relay.streamsOpened = 0;
  });

  it.each(failing)(
    '%s: sent once over gRPC, with the status REST gives',
    async (_name, code, message, run) => {
      const overRest = await rejection(run(on('rest').db, on('rest').user));
      expect(overRest.code).toBe(code);
      expect(overRest.message).toMatch(message);
      expect(relay.streamsOpened).toBe(0);

      const overGrpc = await rejection(run(on('grpc').db, on('grpc').user));
      expect(overGrpc.code).toBe(code);
      expect(overGrpc.message).toMatch(message);
      // Before the fix: three streams, the last about 7 s after the first.
      expect(relay.streamsOpened).toBe(1);
    },
    // Long enough for the SDK's re-sends to happen and be counted if they do.
    20_000,
  );

  it('still answers a successful query over gRPC with one stream', async () => {
    await on('grpc').db.doc('open/one').set({ n: 1 });
    relay.streamsOpened = 0;
    const snapshot = await on('grpc').user.collection('open').get();
    expect(snapshot.docs.map((d) => d.id)).toEqual(['one']);
    expect(relay.streamsOpened).toBe(1);
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
