// Differential test through three clients over the same data: hand-built REST runQuery, the
// lite SDK (REST runQuery as the SDK builds it) and the Node SDK (a Listen stream over gRPC; its
// getDocs waits for the server's snapshot). Random documents are committed over REST, random
// SDK queries run through each client, and every answer must equal the reference model's.
import fc from 'fast-check';
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import * as full from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { wrapFields } from '../../src/model/builders.js';
import type { Document, Filter, StructuredQuery } from '../../src/model/types.js';
import {
  and,
  filter,
  limit as limitPart,
  or,
  orderBy as orderPart,
  query as structuredQuery,
  unary,
  whereFilter,
} from '../../src/query/builders.js';
import { referenceRunQuery } from '../reference/query.js';
import { DOCUMENTS_ROOT, PROJECT_ID } from './generators.js';
import { RestClient } from './rest-json.js';

const RUNS = 40;

/** Plain JS values the SDKs write and compare natively, leaning on null, NaN and mixed types. */
const SCALARS: readonly unknown[] = [null, true, false, 0, 1, 2, -1, 1.5, NaN, 'a', 'b', '😀'];
const scalarArb = fc.constantFrom(...SCALARS);
const arrayArb = fc.array(scalarArb, { maxLength: 3 });
const fieldValueArb = fc.oneof({ weight: 3, arbitrary: scalarArb }, arrayArb);
const FIELDS = ['a', 'b', 'arr'] as const;
type FieldName = (typeof FIELDS)[number];

const docsArb = fc.uniqueArray(
  fc.record(
    {
      id: fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5', 'd6'),
      a: fieldValueArb,
      b: fieldValueArb,
      arr: arrayArb,
    },
    { requiredKeys: ['id'] },
  ),
  { selector: (d) => d.id, maxLength: 6 },
);

type Op =
  '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
type SimpleFilter = { field: FieldName; op: Op; value: unknown };
type QuerySpec = {
  filters: SimpleFilter[];
  disjunction: boolean;
  order?: { field: FieldName; direction: 'asc' | 'desc' };
  limit?: number;
};

const simpleFilterArb: fc.Arbitrary<SimpleFilter> = fc.oneof(
  fc.record({
    field: fc.constantFrom<FieldName>('a', 'b'),
    op: fc.constantFrom<Op>('<', '<=', '>', '>=', '==', '!='),
    value: scalarArb,
  }),
  fc.record({
    field: fc.constantFrom<FieldName>('a', 'b'),
    op: fc.constantFrom<Op>('in', 'not-in'),
    value: fc.array(scalarArb, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    field: fc.constant<FieldName>('arr'),
    op: fc.constant<Op>('array-contains'),
    value: scalarArb,
  }),
  fc.record({
    field: fc.constant<FieldName>('arr'),
    op: fc.constant<Op>('array-contains-any'),
    value: fc.array(scalarArb, { minLength: 1, maxLength: 3 }),
  }),
);

const querySpecArb: fc.Arbitrary<QuerySpec> = fc.record(
  {
    filters: fc.array(simpleFilterArb, { maxLength: 2 }),
    disjunction: fc.boolean(),
    order: fc.record({
      field: fc.constantFrom<FieldName>(...FIELDS),
      direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    }),
    limit: fc.integer({ min: 1, max: 4 }),
  },
  { requiredKeys: ['filters', 'disjunction'] },
);

const isNaNNumber = (v: unknown): boolean => typeof v === 'number' && Number.isNaN(v);

/** The structured query the SDKs send for `spec` (== null / NaN and != null / NaN are unary). */
function toStructured(collectionId: string, spec: QuerySpec): StructuredQuery {
  const filters: Filter[] = spec.filters.map(({ field, op, value }) => {
    if ((op === '==' || op === '!=') && (value === null || isNaNNumber(value))) {
      const negated = op === '!=' ? 'IS_NOT_' : 'IS_';
      return unary(
        field,
        `${negated}${value === null ? 'NULL' : 'NAN'}` as Parameters<typeof unary>[1],
      );
    }
    return filter(field, op, value);
  });
  const parts = [];
  if (filters.length === 1) parts.push(whereFilter(filters[0] as Filter));
  if (filters.length > 1)
    parts.push(whereFilter(spec.disjunction ? or(...filters) : and(...filters)));
  if (spec.order) parts.push(orderPart(spec.order.field, spec.order.direction));
  if (spec.limit !== undefined) parts.push(limitPart(spec.limit));
  return structuredQuery(collectionId, ...parts);
}

type SdkModule = typeof full | typeof lite;

function toSdkQuery<M extends SdkModule>(
  sdk: M,
  collectionRef: ReturnType<M['collection']>,
  spec: QuerySpec,
): ReturnType<M['query']> {
  const wheres = spec.filters.map(({ field, op, value }) => sdk.where(field, op, value));
  const constraints: unknown[] = [];
  if (wheres.length === 1) constraints.push(wheres[0]);
  if (wheres.length > 1)
    constraints.push(spec.disjunction ? sdk.or(...wheres) : sdk.and(...wheres));
  if (spec.order) constraints.push(sdk.orderBy(spec.order.field, spec.order.direction));
  if (spec.limit !== undefined) constraints.push(sdk.limit(spec.limit));
  return (sdk.query as (...args: unknown[]) => ReturnType<M['query']>)(
    collectionRef,
    ...constraints,
  );
}

type Row = { id: string; a?: unknown; b?: unknown; arr?: unknown[] };

/** Cases that once split the clients or differ from the SDK's local engine, always run first. */
const EXAMPLES: [Row[], QuerySpec][] = [
  [
    [
      { id: 'd1', a: 1, arr: [1, 'a'] },
      { id: 'd2', a: null, arr: [1] },
      { id: 'd3', a: NaN, arr: [1, null] },
      { id: 'd4', a: 2, arr: ['b'] },
      { id: 'd5', a: 'a', arr: [1] },
    ],
    {
      filters: [
        { field: 'arr', op: 'array-contains', value: 1 },
        { field: 'a', op: 'not-in', value: [2, 'b'] },
      ],
      disjunction: false,
      limit: 2,
    },
  ],
  [
    [
      { id: 'd1', a: null, arr: [null] },
      { id: 'd2', a: NaN, arr: [NaN] },
      { id: 'd3', a: 1, arr: [1] },
    ],
    { filters: [{ field: 'a', op: 'in', value: [null, NaN, 1] }], disjunction: false },
  ],
  [
    [
      { id: 'd1', a: null, arr: [null] },
      { id: 'd2', a: NaN, arr: [NaN] },
      { id: 'd3', a: 1, arr: [1] },
    ],
    {
      filters: [{ field: 'arr', op: 'array-contains-any', value: [null, NaN, 1] }],
      disjunction: false,
    },
  ],
  [
    [
      { id: 'd1', a: NaN },
      { id: 'd2', a: -1 },
      { id: 'd3', a: 1 },
    ],
    { filters: [{ field: 'a', op: '<', value: 2 }], disjunction: false },
  ],
];

type Outcome = { ids: string[] } | { error: string };

async function outcomeOf(run: () => Promise<string[]>): Promise<Outcome> {
  try {
    return { ids: await run() };
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    return { error: code };
  }
}

let server: EmulatorServer;
let rest: RestClient;
let fullApp: FirebaseApp;
let liteApp: FirebaseApp;
let fullDb: full.Firestore;
let liteDb: lite.Firestore;

beforeAll(async () => {
  server = await createServer({ port: 0, log: silentLogger });
  rest = new RestClient(server.url, PROJECT_ID);
  fullApp = initializeApp({ projectId: PROJECT_ID }, 'differential-full');
  liteApp = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, 'differential-lite');
  fullDb = full.getFirestore(fullApp);
  liteDb = lite.getFirestore(liteApp);
  full.connectFirestoreEmulator(fullDb, '127.0.0.1', server.port);
  lite.connectFirestoreEmulator(liteDb, '127.0.0.1', server.port);
});

afterAll(async () => {
  if (fullDb) await full.terminate(fullDb);
  if (liteDb) await lite.terminate(liteDb);
  for (const app of [fullApp, liteApp]) if (app) await deleteApp(app);
  await server?.close();
});

describe('REST, lite SDK and Listen vs reference', () => {
  it('answer every query alike, and as the reference does', async () => {
    let run = 0;
    let refusedBySdk = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(docsArb, querySpecArb, async (rows, spec) => {
        // Each run gets its own collection, so the Node SDK's cache never mixes runs.
        const collectionId = `c${run++}`;
        const docs: Document[] = rows.map(({ id, ...fields }) => ({
          name: `${DOCUMENTS_ROOT}/${collectionId}/${id}`,
          fields: wrapFields(fields),
          createTime: { seconds: 1, nanos: 0 },
          updateTime: { seconds: 1, nanos: 0 },
        }));
        await rest.setDocuments(docs);

        let liteQuery: lite.Query;
        let fullQuery: full.Query;
        try {
          liteQuery = toSdkQuery(lite, lite.collection(liteDb, collectionId), spec) as lite.Query;
          fullQuery = toSdkQuery(full, full.collection(fullDb, collectionId), spec) as full.Query;
        } catch {
          refusedBySdk++;
          return; // The SDK itself refuses the query (e.g. two not-in filters).
        }
        const structured = toStructured(collectionId, spec);
        const label = `${JSON.stringify(spec, (_k, v: unknown) => (isNaNNumber(v) ? 'NaN' : v))}\n${JSON.stringify(rows, (_k, v: unknown) => (isNaNNumber(v) ? 'NaN' : v))}`;
        const idsOf = (snap: { docs: { id: string }[] }): string[] => snap.docs.map((d) => d.id);
        const [byRest, byLite, byListen] = await Promise.all([
          outcomeOf(async () =>
            (await rest.runQuery(DOCUMENTS_ROOT, structured)).map(
              (d) => d.name.split('/').pop() as string,
            ),
          ),
          outcomeOf(async () => idsOf(await lite.getDocs(liteQuery))),
          outcomeOf(async () => idsOf(await full.getDocs(fullQuery))),
        ]);
        expect(byLite, `lite vs Listen\n${label}`).toEqual(byListen);
        if ('error' in byRest) {
          expect(byLite, label).toHaveProperty('error');
          return;
        }
        expect(byLite, `lite vs REST\n${label}`).toEqual(byRest);
        const expected = referenceRunQuery(DOCUMENTS_ROOT, structured, docs).map(
          (d) => d.name.split('/').pop() as string,
        );
        expect(byRest.ids, `REST vs reference\n${label}`).toEqual(expected);
        if (expected.length > 0) nonEmpty++;
      }),
      { numRuns: RUNS, examples: EXAMPLES },
    );
    // The comparison must have had something to compare.
    expect(refusedBySdk).toBeLessThan(RUNS / 2);
    expect(nonEmpty).toBeGreaterThan(RUNS / 5);
  });
});
