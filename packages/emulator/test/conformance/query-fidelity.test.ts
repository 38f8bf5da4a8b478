// What Google's Node server SDK sees of vector search, query explain and aggregations over
// several fields: both majors (8.x as projects install it, 7.x as firebase-admin 13 bundles it),
// each over gRPC (its default) and over REST (`preferRest`), against an in-process emulator;
// plus the raw REST requests production refuses or answers differently (findNearest validation,
// batchWrite, read masks).
import * as serverSdk8 from '@google-cloud/firestore';
import type { Firestore, QuerySnapshot } from '@google-cloud/firestore';
import * as serverSdk7 from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DOCUMENTS, PROJECT, rejection, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  // Makes the Admin SDK send `Bearer owner` to this host instead of looking for credentials.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
});

// The two majors' classes differ only in version; the tests use each one's own (the SDK checks
// sentinels such as FieldValue.vector() by class).
const SDKS = [
  { sdk: 'server SDK 8.x', key: 'v8', module: serverSdk8 },
  {
    sdk: 'server SDK 7.x (firebase-admin 13)',
    key: 'v7',
    module: serverSdk7 as unknown as typeof serverSdk8,
  },
];
const TRANSPORTS = [
  { transport: 'gRPC', preferRest: false },
  { transport: 'REST', preferRest: true },
];

describe.each(SDKS.flatMap((sdk) => TRANSPORTS.map((transport) => ({ ...sdk, ...transport }))))(
  '$sdk over $transport',
  ({ key, module: { AggregateField, FieldValue, Firestore: Client }, transport, preferRest }) => {
    let db: Firestore;
    const coll = (name: string): string => `${key}-${transport}-${name}`;

    beforeAll(async () => {
      // Over REST the SDK's transport asks an auth client for headers even for an emulator (over
      // gRPC it sends `Bearer owner` itself); this one answers what the Admin SDK sends anyway.
      // 7.x asks for headers; 8.x (google-gax 5) has the auth client make the request itself.
      const auth = {
        getRequestHeaders: () => Promise.resolve({ Authorization: 'Bearer owner' }),
        fetch: (url: string, init: RequestInit & { headers: Headers }) => {
          init.headers.set('Authorization', 'Bearer owner');
          return fetch(url, init);
        },
      };
      db = new Client({ projectId: PROJECT, preferRest });
      if (preferRest) db.settings({ auth });
      const batch = db.batch();
      const vectors: Record<string, { embedding: number[]; color: string }> = {
        origin: { embedding: [0, 0], color: 'red' },
        east: { embedding: [1, 0], color: 'red' },
        north: { embedding: [0, 1], color: 'red' },
        far: { embedding: [3, 4], color: 'red' },
        blue: { embedding: [0.5, 0], color: 'blue' },
      };
      for (const [id, { embedding, color }] of Object.entries(vectors)) {
        batch.set(db.doc(`${coll('vectors')}/${id}`), {
          embedding: FieldValue.vector(embedding),
          color,
        });
      }
      // Skipped by every search: another dimension, a plain array, no field at all.
      batch.set(db.doc(`${coll('vectors')}/three-d`), {
        embedding: FieldValue.vector([0, 0, 0]),
        color: 'red',
      });
      batch.set(db.doc(`${coll('vectors')}/array`), { embedding: [0, 0], color: 'red' });
      batch.set(db.doc(`${coll('vectors')}/none`), { color: 'red' });
      for (const [id, fields] of Object.entries({
        both: { a: 1, b: 10 },
        'only-a': { a: 2 },
        'only-b': { b: 20 },
        'text-a': { a: 'x', b: 30 },
      })) {
        batch.set(db.doc(`${coll('agg')}/${id}`), fields);
      }
      await batch.commit();
    });

    afterAll(async () => {
      if (db) await db.terminate();
    });

    describe('findNearest', () => {
      it('finds the nearest by Euclidean distance after a where pre-filter, with distances', async () => {
        const snapshot = await db
          .collection(coll('vectors'))
          .where('color', '==', 'red')
          .findNearest({
            vectorField: 'embedding',
            queryVector: [0, 0],
            limit: 3,
            distanceMeasure: 'EUCLIDEAN',
            distanceResultField: 'distance',
          })
          .get();
        expect(snapshot.docs.map((d) => d.id)).toEqual(['origin', 'east', 'north']);
        expect(snapshot.docs.map((d) => d.get('distance') as number)).toEqual([0, 1, 1]);
      });

      it('keeps Euclidean and cosine distances at most the threshold', async () => {
        const euclidean = await db
          .collection(coll('vectors'))
          .findNearest({
            vectorField: 'embedding',
            queryVector: FieldValue.vector([3, 4]),
            limit: 10,
            distanceMeasure: 'EUCLIDEAN',
            distanceThreshold: 4.5,
          })
          .get();
        expect(euclidean.docs.map((d) => d.id)).toEqual(['far', 'north', 'east']);
        const cosine = await db
          .collection(coll('vectors'))
          .findNearest({
            vectorField: 'embedding',
            queryVector: [1, 0],
            limit: 10,
            distanceMeasure: 'COSINE',
            distanceThreshold: 0.5,
            distanceResultField: 'distance',
          })
          .get();
        // The zero vector has no direction, so it has no cosine distance and is skipped.
        expect(cosine.docs.map((d) => d.id)).toEqual(['blue', 'east', 'far']);
        expect(cosine.docs[2]?.get('distance')).toBeCloseTo(0.4, 12);
      });

      it('keeps dot products at least the threshold, largest first', async () => {
        const snapshot = await db
          .collection(coll('vectors'))
          .findNearest({
            vectorField: 'embedding',
            queryVector: [1, 1],
            limit: 2,
            distanceMeasure: 'DOT_PRODUCT',
            distanceThreshold: 1,
            distanceResultField: 'score',
          })
          .get();
        expect(snapshot.docs.map((d) => [d.id, d.get('score') as number])).toEqual([
          ['far', 7],
          ['east', 1],
        ]);
      });

      it('refuses a limit over 1000 with INVALID_ARGUMENT', async () => {
        const error = await rejection(
          db
            .collection(coll('vectors'))
            .findNearest({
              vectorField: 'embedding',
              queryVector: [1, 1],
              limit: 1001,
              distanceMeasure: 'EUCLIDEAN',
            })
            .get(),
        );
        expect(error.code).toBe(3);
        expect(error.message).toMatch(/positive integer of no more than 1000/);
      });

      it('explains a vector search', async () => {
        // VectorQuery.explain exists at run time, though this SDK version's typings omit it.
        const vectorQuery = db.collection(coll('vectors')).findNearest({
          vectorField: 'embedding',
          queryVector: [0, 0],
          limit: 2,
          distanceMeasure: 'EUCLIDEAN',
        }) as unknown as {
          explain(options: { analyze: boolean }): ReturnType<QuerySnapshot['query']['explain']>;
        };
        const explained = await vectorQuery.explain({ analyze: true });
        expect(explained.snapshot?.docs.map((d) => d.id)).toEqual(['origin', 'blue']);
        expect(explained.metrics.planSummary.indexesUsed).toEqual([
          { query_scope: 'Collection', properties: '(embedding VECTOR<2>)' },
        ]);
        expect(explained.metrics.executionStats?.resultsReturned).toBe(2);
      });
    });

    describe('explain', () => {
      it('answers only the plan without analyze', async () => {
        const explained = await db
          .collection(coll('agg'))
          .where('b', '>=', 10)
          .orderBy('b', 'desc')
          .explain({ analyze: false });
        expect(explained.snapshot).toBeNull();
        expect(explained.metrics.executionStats).toBeNull();
        expect(explained.metrics.planSummary.indexesUsed).toEqual([
          { query_scope: 'Collection', properties: '(b DESC, __name__ DESC)' },
        ]);
      });

      it('runs the query with analyze and reports execution statistics', async () => {
        const explained = await db
          .collection(coll('agg'))
          .where('b', '>=', 20)
          .explain({ analyze: true });
        expect(explained.snapshot?.docs.map((d) => d.id)).toEqual(['only-b', 'text-a']);
        const stats = explained.metrics.executionStats;
        expect(stats?.resultsReturned).toBe(2);
        expect(stats?.readOperations).toBe(2);
        expect(stats?.executionDuration.seconds).toBe(0);
        expect(stats?.executionDuration.nanoseconds).toBeGreaterThan(0);
        expect(stats?.debugStats).toMatchObject({
          documents_scanned: '2',
          index_entries_scanned: '2',
          billing_details: { documents_billable: '2', small_ops: '0' },
        });
      });

      it('explains aggregations, planned and analyzed', async () => {
        const query = db.collection(coll('agg')).where('b', '>=', 10);
        const planned = await query.count().explain({ analyze: false });
        expect(planned.snapshot).toBeNull();
        expect(planned.metrics.planSummary.indexesUsed).toHaveLength(1);
        const analyzed = await query.count().explain({ analyze: true });
        expect(analyzed.snapshot?.data().count).toBe(3);
        expect(analyzed.metrics.executionStats?.readOperations).toBe(1);
        expect(analyzed.metrics.executionStats?.debugStats).toMatchObject({
          index_entries_scanned: '3',
        });
      });
    });

    describe('aggregations over several fields', () => {
      it('consider only documents that have every aggregated field', async () => {
        const snapshot = await db
          .collection(coll('agg'))
          .aggregate({
            sumA: AggregateField.sum('a'),
            avgB: AggregateField.average('b'),
            count: AggregateField.count(),
          })
          .get();
        // only-a and only-b lack a field; text-a has `a` (a string, not summed) and `b`.
        expect(snapshot.data()).toEqual({ sumA: 1, avgB: 20, count: 2 });
        const single = await db
          .collection(coll('agg'))
          .aggregate({ sumB: AggregateField.sum('b'), count: AggregateField.count() })
          .get();
        expect(single.data()).toEqual({ sumB: 60, count: 3 });
      });
    });
  },
);

describe('raw REST', () => {
  const base = (): string => `${server.url}/v1/${DOCUMENTS}`;
  const post = (method: string, body: unknown): Promise<Response> =>
    fetch(`${base()}:${method}`, { method: 'POST', body: JSON.stringify(body) });
  const nearest = (findNearest: Record<string, unknown>): Promise<Response> =>
    post('runQuery', { structuredQuery: { from: [{ collectionId: 'raw' }], findNearest } });
  const vector = (values: number[]): unknown => ({
    mapValue: {
      fields: {
        __type__: { stringValue: '__vector__' },
        value: { arrayValue: { values: values.map((doubleValue) => ({ doubleValue })) } },
      },
    },
  });

  it("refuses malformed vector searches with 400 and production's words", async () => {
    const valid = {
      vectorField: { fieldPath: 'embedding' },
      queryVector: vector([1, 2]),
      distanceMeasure: 'EUCLIDEAN',
      limit: 5,
    };
    expect((await nearest(valid)).status).toBe(200);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, limit: 0 }, /positive integer of no more than 1000/],
      [{ ...valid, limit: undefined }, /positive integer of no more than 1000/],
      [{ ...valid, queryVector: undefined }, /query_vector is required/],
      [{ ...valid, queryVector: { arrayValue: {} } }, /Query Value must be of type vector/],
      [{ ...valid, queryVector: vector([]) }, /Cannot have a zero length vector/],
      [{ ...valid, distanceMeasure: 'MANHATTAN' }, /distanceMeasure/],
      [{ ...valid, distanceMeasure: undefined }, /distance_measure is required/],
      [{ ...valid, distanceThreshold: 'NaN' }, /finite/],
    ];
    for (const [findNearest, message] of cases) {
      const response = await nearest(findNearest);
      expect(response.status, JSON.stringify(findNearest)).toBe(400);
      const body = (await response.json()) as { error: { status: string; message: string } };
      expect(body.error.status).toBe('INVALID_ARGUMENT');
      expect(body.error.message).toMatch(message);
    }
  });

  it('explains over raw REST, and refuses malformed explain options with 400', async () => {
    const structuredQuery = { from: [{ collectionId: 'raw' }] };
    const planned = await post('runQuery', { structuredQuery, explainOptions: {} });
    expect(await planned.json()).toEqual([
      {
        explainMetrics: {
          planSummary: {
            indexesUsed: [{ query_scope: 'Collection', properties: '(__name__ ASC)' }],
          },
        },
      },
    ]);
    const analyzed = (await (
      await post('runAggregationQuery', {
        structuredAggregationQuery: { structuredQuery, aggregations: [{ alias: 'n', count: {} }] },
        explainOptions: { analyze: true },
      })
    ).json()) as Record<string, unknown>[];
    expect(analyzed).toHaveLength(2);
    expect(analyzed[0]).toMatchObject({
      result: { aggregateFields: { n: { integerValue: '0' } } },
    });
    expect(analyzed[1]).toMatchObject({
      explainMetrics: {
        executionStats: {
          resultsReturned: '1',
          readOperations: '1',
          executionDuration: expect.stringMatching(/^\d+\.\d{6}s$/),
        },
      },
    });
    for (const explainOptions of [{ analyze: 'yes' }, 5, { analyze: true, verbose: true }]) {
      const refused = await post('runQuery', { structuredQuery, explainOptions });
      expect(refused.status, JSON.stringify(explainOptions)).toBe(400);
    }
  });

  it('refuses a batchWrite holding a malformed write as a whole, with 400', async () => {
    const response = await post('batchWrite', {
      writes: [
        { update: { name: `${DOCUMENTS}/bw-raw/ok`, fields: {} } },
        { update: { name: `${DOCUMENTS}/bw-raw`, fields: {} } },
      ],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).not.toBe('');
    expect((await fetch(`${base()}/bw-raw/ok`)).status).toBe(404);
    // A failed precondition stays a per-write status, the other writes applied.
    const mixed = await post('batchWrite', {
      writes: [
        { update: { name: `${DOCUMENTS}/bw-raw/ok`, fields: {} } },
        { delete: `${DOCUMENTS}/bw-raw/none`, currentDocument: { exists: true } },
      ],
    });
    expect(mixed.status).toBe(200);
    expect(((await mixed.json()) as { status: unknown[] }).status).toEqual([
      {},
      { code: 5, message: expect.any(String) },
    ]);
  });

  it('applies read masks on get, batchGet and list: dotted paths and quoted segments', async () => {
    const name = `${DOCUMENTS}/masked/doc`;
    await post('commit', {
      writes: [
        {
          update: {
            name,
            fields: {
              keep: { integerValue: '1' },
              drop: { integerValue: '2' },
              nested: {
                mapValue: { fields: { in: { stringValue: 'x' }, out: { stringValue: 'y' } } },
              },
              'odd-name': { booleanValue: true },
            },
          },
        },
      ],
    });
    const expected = {
      keep: { integerValue: '1' },
      nested: { mapValue: { fields: { in: { stringValue: 'x' } } } },
      'odd-name': { booleanValue: true },
    };
    const mask = ['keep', 'nested.in', '`odd-name`'];
    const query = mask.map((p) => `mask.fieldPaths=${encodeURIComponent(p)}`).join('&');
    const got = (await (await fetch(`${base()}/masked/doc?${query}`)).json()) as {
      fields: unknown;
    };
    expect(got.fields).toEqual(expected);
    const listed = (await (await fetch(`${base()}/masked?${query}`)).json()) as {
      documents: { fields: unknown }[];
    };
    expect(listed.documents[0]?.fields).toEqual(expected);
    const batch = (await (
      await post('batchGet', { documents: [name], mask: { fieldPaths: mask } })
    ).json()) as { found: { fields: unknown } }[];
    expect(batch[0]?.found.fields).toEqual(expected);
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
