// Reads at a past time: the server SDK's read-only transactions with a read time (gRPC and REST
// with preferRest), and raw ListCollectionIds/ListDocuments with read_time over gRPC and REST,
// see the database as it was then; read times outside production's one-hour window get
// production's errors. A driven clock shows the window moving.
import * as grpc from '@grpc/grpc-js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { Firestore, getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Settings } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { createEmulatorCore } from '../../src/service/index.js';
import { createMonotonicClock, microsToTimestamp } from '../../src/store/clock.js';
import {
  DOCUMENTS,
  genericGrpcClient,
  PROJECT,
  rest,
  restDelete,
  restSet,
  startEmulator,
} from './support.js';
import type { CapturingLogger, GenericGrpcClient, GrpcMessage } from './support.js';

type Message = GrpcMessage;

const HOUR_MS = 3_600_000;
const owner = new grpc.Metadata();
owner.set('authorization', 'Bearer owner');

let server: EmulatorServer;
let log: CapturingLogger;
let grpcClient: GenericGrpcClient;
const apps: App[] = [];
const clients: Record<'gRPC' | 'REST', Firestore> = {} as Record<'gRPC' | 'REST', Firestore>;

function unary(method: string, request: Message): Promise<Message> {
  return new Promise((resolve, reject) => {
    grpcClient[method]!(request, owner, (error, response) =>
      error ? reject(error) : resolve(response!),
    );
  });
}

async function restCall(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.url}/v1/${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Message };
}

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  for (const kind of ['gRPC', 'REST'] as const) {
    if (kind === 'gRPC') {
      const app = initializeApp({ projectId: PROJECT }, 'read-time');
      apps.push(app);
      clients[kind] = getFirestore(app);
    } else {
      // firebase-admin keeps only its credential for Firestore, and the REST client (google-gax's
      // fallback) asks an auth client for headers even against an emulator: construct the
      // server SDK directly with one that adds nothing (the SDK sends `Bearer owner` itself).
      clients[kind] = new Firestore({
        projectId: PROJECT,
        preferRest: true,
        auth: { getRequestHeaders: async () => new Headers() },
      } as Settings);
    }
  }
  grpcClient = genericGrpcClient(server.port);
});

afterAll(async () => {
  for (const db of Object.values(clients)) await db.terminate();
  for (const app of apps) await deleteApp(app);
  grpcClient?.close();
  await server?.close();
});

describe.each(['gRPC', 'REST'] as const)('server SDK over %s', (kind) => {
  it('a read-only transaction at a past time sees documents, queries and counts as they were', async () => {
    const db = clients[kind];
    const coll = db.collection(`read-time-${kind}`);
    await coll.doc('a').set({ n: 1 });
    const { writeTime: past } = await coll.doc('b').set({ n: 1 });
    await coll.doc('a').set({ n: 2 });
    await coll.doc('b').delete();
    await coll.doc('c').set({ n: 1 });

    const seen = await db.runTransaction(
      async (t) => {
        const [a, b, c] = await t.getAll(coll.doc('a'), coll.doc('b'), coll.doc('c'));
        const single = await t.get(coll.doc('a'));
        const query = await t.get(coll.orderBy('n'));
        const count = await t.get(coll.count());
        return {
          all: [a?.get('n'), b?.get('n'), c?.exists],
          single: single.get('n'),
          query: query.docs.map((d) => `${d.id}=${d.get('n')}`),
          count: count.data().count,
        };
      },
      { readOnly: true, readTime: past },
    );
    expect(seen).toEqual({ all: [1, 1, false], single: 1, query: ['a=1', 'b=1'], count: 2 });

    // The present is untouched.
    const now = await coll.orderBy('n').get();
    expect(now.docs.map((d) => `${d.id}=${d.get('n')}`)).toEqual(['c=1', 'a=2']);
  });

  it('refuses a read time older than one hour, and one in the future, with production errors', async () => {
    const db = clients[kind];
    const ref = db.doc(`read-time-${kind}/a`);
    const readAt = (readTime: Timestamp) =>
      db.runTransaction((t) => t.get(ref), { readOnly: true, readTime });
    // Over REST the SDK (google-gax's fallback) derives the code from the body's `code`, the
    // HTTP status (400 for both, as production's front end answers): INVALID_ARGUMENT, as it
    // would report against production; the message and the raw answer below keep the status.
    await expect(readAt(Timestamp.fromMillis(Date.now() - 2 * HOUR_MS))).rejects.toMatchObject({
      code: kind === 'gRPC' ? 9 : 3,
      message: expect.stringContaining('The requested snapshot version is too old.'),
    });
    await expect(readAt(Timestamp.fromMillis(Date.now() + HOUR_MS))).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining('read_time cannot be in the future'),
    });
  });
});

describe('listCollectionIds and listDocuments at a past time', () => {
  let past: { seconds: number; nanos: number };
  let pastRfc3339: string;

  beforeAll(async () => {
    await restSet(server, 'lists/kept', { n: { integerValue: '1' } });
    await restSet(server, 'lists/gone', { n: { integerValue: '1' } });
    const written = (await restSet(server, 'lists-gone/only', {})) as { commitTime: string };
    pastRfc3339 = written.commitTime;
    const millis = Date.parse(pastRfc3339);
    const micros = Number(/\.(\d+)Z$/.exec(pastRfc3339)?.[1]?.padEnd(6, '0').slice(0, 6) ?? 0);
    past = { seconds: Math.floor(millis / 1000), nanos: micros * 1000 };
    await restDelete(server, 'lists/gone');
    await restDelete(server, 'lists-gone/only');
    await restSet(server, 'lists-new/later', {});
  });

  it('over gRPC', async () => {
    const now = await unary('ListCollectionIds', { parent: DOCUMENTS });
    expect(now.collection_ids).toContain('lists-new');
    expect(now.collection_ids).not.toContain('lists-gone');
    const then = await unary('ListCollectionIds', { parent: DOCUMENTS, read_time: past });
    expect(then.collection_ids).toContain('lists-gone');
    expect(then.collection_ids).not.toContain('lists-new');
    const docs = await unary('ListDocuments', {
      parent: DOCUMENTS,
      collection_id: 'lists',
      read_time: past,
    });
    expect((docs.documents as Message[]).map((d) => d.name)).toEqual([
      `${DOCUMENTS}/lists/gone`,
      `${DOCUMENTS}/lists/kept`,
    ]);
  });

  it('over REST', async () => {
    const then = await restCall('POST', `${DOCUMENTS}:listCollectionIds`, {
      readTime: pastRfc3339,
    });
    expect(then.json.collectionIds).toContain('lists-gone');
    expect(then.json.collectionIds).not.toContain('lists-new');
    const docs = await restCall(
      'GET',
      `${DOCUMENTS}/lists?readTime=${encodeURIComponent(pastRfc3339)}`,
    );
    expect((docs.json.documents as Message[]).map((d) => d.name)).toEqual([
      `${DOCUMENTS}/lists/gone`,
      `${DOCUMENTS}/lists/kept`,
    ]);
    const tooOld = await restCall('POST', `${DOCUMENTS}:listCollectionIds`, {
      readTime: new Date(Date.now() - 2 * HOUR_MS).toISOString(),
    });
    expect(tooOld).toMatchObject({
      status: 400,
      json: {
        error: {
          message: 'The requested snapshot version is too old.',
          status: 'FAILED_PRECONDITION',
        },
      },
    });
  });

  it('a transaction begun read-only at a past time reads then, over gRPC and REST', async () => {
    const begun = await unary('BeginTransaction', {
      database: DOCUMENTS.slice(0, -'/documents'.length),
      options: { read_only: { read_time: past } },
    });
    const viaGrpc = await new Promise<Message[]>((resolve, reject) => {
      const results: Message[] = [];
      const call = (
        grpcClient as unknown as {
          BatchGetDocuments(r: Message, m: grpc.Metadata): grpc.ClientReadableStream<Message>;
        }
      ).BatchGetDocuments(
        {
          database: DOCUMENTS.slice(0, -'/documents'.length),
          documents: [`${DOCUMENTS}/lists/gone`],
          transaction: begun.transaction,
        },
        owner,
      );
      call.on('data', (m: Message) => results.push(m));
      call.on('error', reject);
      call.on('end', () => resolve(results));
    });
    expect(viaGrpc.map((r) => r.result)).toEqual(['found']);

    const begunRest = await restCall('POST', `${DOCUMENTS}:beginTransaction`, {
      options: { readOnly: { readTime: pastRfc3339 } },
    });
    const viaRest = await restCall('POST', `${DOCUMENTS}:batchGet`, {
      documents: [`${DOCUMENTS}/lists/gone`, `${DOCUMENTS}/lists-new/later`],
      transaction: begunRest.json.transaction,
    });
    expect((viaRest.json as unknown as Message[]).map((r) => Object.keys(r).sort())).toEqual([
      ['found', 'readTime'],
      ['missing', 'readTime'],
    ]);

    const tooOld = await restCall('POST', `${DOCUMENTS}:beginTransaction`, {
      options: { readOnly: { readTime: new Date(Date.now() - 2 * HOUR_MS).toISOString() } },
    });
    expect(tooOld.status).toBe(400);
    expect(tooOld.json).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
    const malformed = await restCall('POST', `${DOCUMENTS}:listCollectionIds`, {
      readTime: 'yesterday',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});

describe('the one-hour window on the injected clock', () => {
  it('serves a read time until an hour has passed, then answers FAILED_PRECONDITION', async () => {
    let wallMicros = 1_800_000_000_000_000;
    const clock = createMonotonicClock(() => wallMicros);
    const driven = await startEmulator({ core: createEmulatorCore({ clock }) });
    try {
      const commit = (await rest(driven.server, 'commit', {
        writes: [{ update: { name: `${DOCUMENTS}/w/a`, fields: { n: { integerValue: '1' } } } }],
      })) as { commitTime: string };
      wallMicros += 1_000_000;
      await rest(driven.server, 'commit', {
        writes: [{ update: { name: `${DOCUMENTS}/w/a`, fields: { n: { integerValue: '2' } } } }],
      });
      const readBack = () =>
        fetch(`${driven.server.url}/v1/${DOCUMENTS}:batchGet`, {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
          body: JSON.stringify({ documents: [`${DOCUMENTS}/w/a`], readTime: commit.commitTime }),
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as Message[] }));
      wallMicros += 59 * 60 * 1_000_000;
      const within = await readBack();
      expect(within.status).toBe(200);
      expect(within.json[0]).toMatchObject({
        found: { fields: { n: { integerValue: '1' } } },
        readTime: commit.commitTime,
      });
      wallMicros += 2 * 60 * 1_000_000;
      const outside = await readBack();
      expect(outside.status).toBe(400);
      expect(JSON.stringify(outside.json)).toContain('The requested snapshot version is too old.');
      expect(microsToTimestamp(wallMicros).seconds).toBeGreaterThan(0);
    } finally {
      await driven.server.close();
    }
  });

  it('answers FAILED_PRECONDITION for a time whose versions the cap pruned (versionHistory)', async () => {
    const capped = await startEmulator({ versionHistory: { maxVersions: 1 } });
    try {
      const write = (n: number) =>
        rest(capped.server, 'commit', {
          writes: [
            { update: { name: `${DOCUMENTS}/cap/a`, fields: { n: { integerValue: `${n}` } } } },
          ],
        }) as Promise<{ commitTime: string }>;
      const first = await write(1);
      const second = await write(2);
      await write(3);
      const readAt = (readTime: string) =>
        fetch(`${capped.server.url}/v1/${DOCUMENTS}:batchGet`, {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
          body: JSON.stringify({ documents: [`${DOCUMENTS}/cap/a`], readTime }),
        }).then(async (r) => ({ status: r.status, text: await r.text() }));
      // One old version is kept: the one replaced by the third write.
      const kept = await readAt(second.commitTime);
      expect(kept.status).toBe(200);
      expect(kept.text).toContain('"integerValue":"2"');
      const pruned = await readAt(first.commitTime);
      expect(pruned.status).toBe(400);
      expect(pruned.text).toContain('The requested snapshot version is too old.');
    } finally {
      await capped.server.close();
    }
  });
});
