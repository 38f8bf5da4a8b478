// Fuzzing the REST surface of a real in-process server: valid request bodies with one subtree
// replaced by hostile JSON, raw garbage, deep nesting, huge numbers, bad paths and methods,
// bad base64, bad timestamps and oversize bodies. Every answer must be a 2xx–4xx (or 501)
// with a JSON error body and message, in time, with no internal error logged; afterwards the
// server must still serve a normal commit and query.
// Failures are not shrunk (endOnFailure): each step is a network exchange, so fast-check
// reports the first counterexample with its seed instead.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../differential/rest-json.js';
import { damagedJsonArb } from './json-damage.js';
import {
  FUZZ_DATABASE,
  FUZZ_DOCUMENTS,
  expectServing,
  hasJsonErrorBody,
  httpExchange,
  isAcceptableHttpStatus,
  startFuzzServer,
} from './harness.js';
import type { FuzzServer, HttpAnswer, HttpExchange } from './harness.js';

let fuzz: FuzzServer;

beforeAll(async () => {
  fuzz = await startFuzzServer();
});

afterAll(async () => {
  await fuzz.server.close();
});

const everyValue: Json = {
  n: { nullValue: 'NULL_VALUE' },
  b: { booleanValue: true },
  i: { integerValue: '-9223372036854775808' },
  d: { doubleValue: 'NaN' },
  t: { timestampValue: '2024-02-29T23:59:59.999999Z' },
  s: { stringValue: '\u{10000}' },
  y: { bytesValue: 'AAE=' },
  r: { referenceValue: `${FUZZ_DOCUMENTS}/c/a` },
  g: { geoPointValue: { latitude: 1, longitude: 2 } },
  a: { arrayValue: { values: [{ integerValue: '1' }, { mapValue: {} }] } },
  m: { mapValue: { fields: { x: { stringValue: 'y' } } } },
  v: {
    mapValue: {
      fields: {
        __type__: { stringValue: '__vector__' },
        value: { arrayValue: { values: [{ doubleValue: 1 }] } },
      },
    },
  },
};

const structuredQuery: Json = {
  from: [{ collectionId: 'c', allDescendants: false }],
  where: {
    compositeFilter: {
      op: 'OR',
      filters: [
        {
          fieldFilter: {
            field: { fieldPath: 'a' },
            op: 'IN',
            value: { arrayValue: { values: [{ integerValue: '1' }] } },
          },
        },
        { unaryFilter: { op: 'IS_NAN', field: { fieldPath: '`b.c`' } } },
      ],
    },
  },
  orderBy: [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }],
  startAt: { values: [{ integerValue: '1' }], before: true },
  endAt: { values: [{ integerValue: '9' }], before: false },
  offset: 1,
  limit: 5,
  select: { fields: [{ fieldPath: 'a' }] },
};

/** One valid request per REST method; the fuzzer damages one subtree of each. */
const TEMPLATES: readonly { method: string; body: Json }[] = [
  {
    method: 'commit',
    body: {
      writes: [
        {
          update: { name: `${FUZZ_DOCUMENTS}/c/a`, fields: everyValue },
          updateMask: { fieldPaths: ['n', 'b'] },
          updateTransforms: [{ fieldPath: 'i', increment: { integerValue: '1' } }],
          currentDocument: { exists: true },
        },
        {
          delete: `${FUZZ_DOCUMENTS}/c/b`,
          currentDocument: { updateTime: '2024-01-01T00:00:00Z' },
        },
      ],
    },
  },
  {
    method: 'batchGet',
    body: { documents: [`${FUZZ_DOCUMENTS}/c/a`], mask: { fieldPaths: ['a'] } },
  },
  { method: 'runQuery', body: { structuredQuery } },
  {
    method: 'runAggregationQuery',
    body: {
      structuredAggregationQuery: {
        aggregations: [{ alias: 'aggregate_0', sum: { field: { fieldPath: 'a' } } }],
        structuredQuery,
      },
    },
  },
  { method: 'beginTransaction', body: { options: { readWrite: {} } } },
  { method: 'rollback', body: { transaction: 'dHg=' } },
  { method: 'listCollectionIds', body: { pageSize: 10 } },
  { method: 'batchWrite', body: { writes: [{ delete: `${FUZZ_DOCUMENTS}/c/z` }] } },
];

const nested = (depth: number, leaf: string): string => {
  let text = leaf;
  for (let i = 0; i < depth; i++) text = `{"mapValue":{"fields":{"x":${text}}}}`;
  return text;
};

const restPathArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...TEMPLATES.map((t) => `/v1/${FUZZ_DOCUMENTS}:${t.method}`)),
  },
  fc.constantFrom(
    `/v1/${FUZZ_DOCUMENTS}:nope`,
    `/v1/${FUZZ_DOCUMENTS}:executePipeline`,
    `/v1/${FUZZ_DOCUMENTS}:partitionQuery`,
    `/v1/${FUZZ_DOCUMENTS}/c/a`,
    `/v1/${FUZZ_DOCUMENTS}/c`,
    `/v1/${FUZZ_DOCUMENTS}/c/a:runQuery`,
    `/v1/${FUZZ_DOCUMENTS}/c/a:listCollectionIds`,
    `/v1/${FUZZ_DOCUMENTS}/%00/a`,
    `/v1/${FUZZ_DOCUMENTS}/../../x`,
    `/v1/${FUZZ_DOCUMENTS}//a`,
    `/v1/${FUZZ_DOCUMENTS}/c/${'x'.repeat(3000)}`,
    `/v1/${FUZZ_DOCUMENTS}/c/%F0%9F`,
    `/v1/${FUZZ_DATABASE}:commit`,
    `/v1/projects/${'p'.repeat(300)}/databases/(default)/documents:commit`,
    '/v1/projects',
    '/v1/',
    `/emulator/v1/projects/demo-fuzz:securityRules`,
    `/emulator/v1/projects/demo-fuzz:export`,
    `/emulator/v1/projects/demo-fuzz/databases/(default)/nope`,
    '/nope',
  ),
  fc
    .string({ unit: 'binary', maxLength: 30 })
    .map((s) => `/v1/${FUZZ_DOCUMENTS}/${encodeURIComponent(s)}`),
);

/** A valid request of one method with one to three subtrees replaced by hostile JSON. */
const damagedTemplateArb: fc.Arbitrary<{ path: string; body: string }> = fc
  .constantFrom(...TEMPLATES)
  .chain((template) =>
    damagedJsonArb(template.body).map((body) => ({
      path: `/v1/${FUZZ_DOCUMENTS}:${template.method}`,
      body: JSON.stringify(body),
    })),
  );

const bodyArb: fc.Arbitrary<string> = fc.oneof(
  damagedTemplateArb.map(({ body }) => body),
  fc.json({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"x"',
    '{"writes": "x"}',
    '{"writes": [null]}',
    '{"structuredQuery": {"from": [{}], "limit": 1e999}}',
    '{"structuredQuery": {"from": [{"collectionId": "c"}], "limit": -5, "offset": 2147483648}}',
    `{"writes":[{"update":{"name":"${FUZZ_DOCUMENTS}/c/deep","fields":{"x":${nested(25, '{"nullValue":null}')}}}}]}`,
    `{"writes":[{"update":{"name":"${FUZZ_DOCUMENTS}/c/deep","fields":{"x":${nested(5000, '{"nullValue":null}')}}}}]}`,
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
  ),
);

const methodArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('POST') },
  fc.constantFrom('GET', 'PATCH', 'DELETE', 'PUT', 'HEAD'),
);

/** Mostly damaged valid requests on their own route; the rest anything on any route. */
const requestArb: fc.Arbitrary<{ method: string; path: string; body: string }> = fc.oneof(
  { weight: 3, arbitrary: damagedTemplateArb.map((request) => ({ method: 'POST', ...request })) },
  fc.record({ method: methodArb, path: restPathArb, body: bodyArb }),
);

function expectWellFormed(answer: HttpAnswer, exchange: HttpExchange): void {
  const label = `${exchange.method} ${exchange.path.slice(0, 160)}\n${String(exchange.body ?? '').slice(0, 400)}\n→ ${answer.status} ${answer.body.slice(0, 300)}`;
  expect(isAcceptableHttpStatus(answer.status), label).toBe(true);
  if (answer.status >= 400 && exchange.method !== 'HEAD')
    expect(hasJsonErrorBody(answer.body), label).toBe(true);
}

describe('REST fuzz', () => {
  it('answers every damaged request with a 4xx and a message, never a 5xx or a hang', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, fc.boolean(), async ({ method, path, body }, textPlain) => {
        const exchange: HttpExchange = {
          method,
          path,
          headers: {
            'content-type': textPlain ? 'text/plain' : 'application/json',
            authorization: 'Bearer owner',
          },
          ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
        };
        expectWellFormed(await httpExchange(fuzz.server.port, exchange), exchange);
      }),
      { numRuns: 250, endOnFailure: true },
    );
  });

  it('answers bad and odd headers with a 4xx', async () => {
    const cases: HttpExchange[] = [
      {
        method: 'POST',
        path: `/v1/${FUZZ_DOCUMENTS}:commit`,
        headers: { authorization: 'Bearer not-a-jwt' },
        body: '{}',
      },
      {
        method: 'POST',
        path: `/v1/${FUZZ_DOCUMENTS}:commit`,
        headers: { authorization: 'Bearer a.b.c' },
        body: '{}',
      },
      {
        method: 'POST',
        path: `/v1/${FUZZ_DOCUMENTS}:commit`,
        headers: { authorization: 'Basic Zm9vOmJhcg==' },
        body: '{}',
      },
      {
        method: 'POST',
        path: `/v1/${FUZZ_DOCUMENTS}:commit`,
        headers: { 'content-type': 'application/x-protobuf' },
        body: '\u0000\u0001',
      },
      {
        method: 'POST',
        path: `/v1/${FUZZ_DOCUMENTS}:commit`,
        headers: { 'content-encoding': 'gzip' },
        body: 'not gzip',
      },
    ];
    for (const exchange of cases)
      expectWellFormed(await httpExchange(fuzz.server.port, exchange), exchange);
  });

  it('refuses an oversize body with 413 without reading it all', async () => {
    const exchange: HttpExchange = {
      method: 'POST',
      path: `/v1/${FUZZ_DOCUMENTS}:commit`,
      body: Buffer.alloc(13 * 1024 * 1024, 0x20),
    };
    const answer = await httpExchange(fuzz.server.port, exchange, 15_000).catch(
      (error: unknown) => {
        // The server may close the socket before the upload ends; then it must still be healthy.
        if (error instanceof Error && /EPIPE|ECONNRESET/u.test(error.message)) return undefined;
        throw error;
      },
    );
    if (answer !== undefined) {
      expect(answer.status).toBe(413);
      expect(hasJsonErrorBody(answer.body)).toBe(true);
    }
  });

  it('still serves a normal commit and query, and logged no internal error', async () => {
    await expectServing(fuzz.server);
    expect(fuzz.errors).toEqual([]);
  });
});
