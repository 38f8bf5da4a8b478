// Both faces of the codec against each other. Every request kind (each RPC of rpcs.ts, Listen
// and Write) is written once in proto3 JSON; its grpc-js form is derived by converting the leaves
// that differ, then sent through the real protobuf serializer and deserializer with the server's
// loader options, so the object face sees exactly what grpc-js hands the server. Both faces must
// decode to the same service request, and their encoded answers must be the same protobuf bytes.
import { fileURLToPath } from 'node:url';
import * as protoLoader from '@grpc/proto-loader';
import { describe, expect, it } from 'vitest';
import type { Document, Fields, Value } from '../model/types.js';
import type {
  Caller,
  FirestoreService,
  ListenResponse,
  RequestContext,
  WriteResponse,
} from '../service/types.js';
import { GRPC_LOADER_OPTIONS, jsonCodec, objectCodec } from './codec.js';
import type { Codec } from './codec.js';
import { callRpc, RPCS } from './rpcs.js';
import type { Rpc, RpcName } from './rpcs.js';

const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
  ...GRPC_LOADER_OPTIONS,
  includeDirs: [fileURLToPath(new URL('../../protos/', import.meta.url))],
});
const methods = definition['google.firestore.v1.Firestore'] as unknown as Record<
  string,
  {
    requestSerialize(message: unknown): Buffer;
    requestDeserialize(bytes: Buffer): unknown;
    responseSerialize(message: unknown): Buffer;
  }
>;

// ---- proto3 JSON -> grpc-js objects --------------------------------------------------------

const TIMESTAMPS = new Set([
  'readTime',
  'updateTime',
  'createTime',
  'commitTime',
  'timestampValue',
]);
const BYTES = new Set([
  'transaction',
  'resumeToken',
  'streamToken',
  'bytesValue',
  'retryTransaction',
]);
/** Int32Value / Int64Value fields, which proto3 JSON writes as bare numbers. */
const WRAPPERS = new Set(['limit', 'expectedCount', 'upTo']);

/** The leaves that differ between the faces, converted by field name; the rest is shared. */
function toObjectForm(json: unknown, field = ''): unknown {
  if (Array.isArray(json)) return json.map((item) => toObjectForm(item, field));
  if (TIMESTAMPS.has(field) && typeof json === 'string') {
    const millis = Date.parse(json);
    const fraction = /\.(\d+)Z$/.exec(json)?.[1] ?? '';
    return {
      seconds: String(Math.floor(millis / 1000)),
      nanos: Number(fraction.padEnd(9, '0')),
    };
  }
  if (BYTES.has(field) && typeof json === 'string') return Buffer.from(json, 'base64');
  if (WRAPPERS.has(field) && typeof json !== 'object') return { value: json };
  if (field === 'doubleValue' && typeof json === 'string') return Number(json);
  if (json === null || typeof json !== 'object') return json;
  // Null-prototype, so that a field named `__proto__` stays an ordinary key.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(json)) out[key] = toObjectForm(value, key);
  return out;
}

/** What grpc-js hands the server for `json`, sent as a request of `method`. */
function overTheWire(method: string, json: unknown): unknown {
  const rpc = methods[method]!;
  return rpc.requestDeserialize(rpc.requestSerialize(toObjectForm(json)));
}

// ---- model fixtures ------------------------------------------------------------------------

const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;
const TIME = { seconds: 1_700_000_000, nanos: 123_456_000 };

const EVERY_VALUE: Value[] = [
  { kind: 'null' },
  { kind: 'boolean', value: false },
  { kind: 'boolean', value: true },
  { kind: 'integer', value: -9223372036854775808n },
  { kind: 'integer', value: 0n },
  { kind: 'double', value: 1.5 },
  { kind: 'double', value: NaN },
  { kind: 'double', value: Infinity },
  { kind: 'double', value: -Infinity },
  { kind: 'double', value: -0 },
  { kind: 'timestamp', value: TIME },
  { kind: 'timestamp', value: { seconds: -62_135_596_800, nanos: 0 } },
  { kind: 'string', value: 'é😀' },
  { kind: 'bytes', value: new Uint8Array([0, 255, 7]) },
  { kind: 'reference', value: `${ROOT}/a/b` },
  { kind: 'geoPoint', latitude: -1.5, longitude: 179 },
  { kind: 'array', values: [] },
  { kind: 'array', values: [{ kind: 'null' }, { kind: 'array', values: [] }] },
  { kind: 'map', fields: new Map() },
  { kind: 'map', fields: new Map([['__proto__', { kind: 'boolean', value: true }]]) },
];

const EVERY_FIELD: Fields = new Map(EVERY_VALUE.map((value, i) => [`f${i}`, value]));
const DOCUMENT: Document = {
  name: `${ROOT}/c/d`,
  fields: EVERY_FIELD,
  createTime: TIME,
  updateTime: { seconds: TIME.seconds + 1, nanos: 0 },
};
const JSON_FIELDS = jsonCodec.toFields(EVERY_FIELD);

/** The service's answer for each operation, with every value kind where values appear. */
const ANSWERS: Record<string, unknown> = {
  getDocument: DOCUMENT,
  createDocument: DOCUMENT,
  updateDocument: DOCUMENT,
  deleteDocument: undefined,
  listDocuments: { documents: [DOCUMENT], nextPageToken: 'next' },
  batchGetDocuments: {
    transaction: new Uint8Array([1, 2]),
    results: [
      { found: DOCUMENT, readTime: TIME },
      { missing: `${ROOT}/c/gone`, readTime: TIME },
    ],
  },
  beginTransaction: { transaction: new Uint8Array([9]) },
  commit: {
    commitTime: TIME,
    writeResults: [{ updateTime: TIME, transformResults: EVERY_VALUE }, { transformResults: [] }],
  },
  rollback: undefined,
  runQuery: {
    transaction: new Uint8Array([3]),
    documents: [DOCUMENT],
    readTime: TIME,
    skippedResults: 2,
  },
  runAggregationQuery: { result: new Map([['n', EVERY_VALUE[3]!]]), readTime: TIME },
  listCollectionIds: { collectionIds: ['a', 'b'], nextPageToken: 'tok' },
  batchWrite: [
    { ok: true, result: { updateTime: TIME, transformResults: [] } },
    { ok: false, error: { numericCode: 5, message: 'missing' } },
  ],
};

/** A service that records what each operation receives and answers from ANSWERS. */
function recordingService(): { service: FirestoreService; calls: unknown[] } {
  const calls: unknown[] = [];
  const service = new Proxy(
    {},
    {
      get: (_target, operation: string) => async (ctx: RequestContext, request: unknown) => {
        calls.push({ operation, database: ctx.database, request });
        return ANSWERS[operation];
      },
    },
  ) as FirestoreService;
  return { service, calls };
}

// ---- requests: every RPC, in proto3 JSON ---------------------------------------------------

const WRITES = [
  {
    update: { name: `${ROOT}/c/d`, fields: JSON_FIELDS },
    updateMask: { fieldPaths: ['f1', '`a.b`.c'] },
    updateTransforms: [
      { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
      { fieldPath: 'n', increment: { integerValue: '2' } },
      { fieldPath: 'x', maximum: { doubleValue: 'NaN' } },
      { fieldPath: 'y', minimum: { doubleValue: -1 } },
      { fieldPath: 'a', appendMissingElements: { values: [{ stringValue: 's' }] } },
      { fieldPath: 'r', removeAllFromArray: {} },
    ],
    currentDocument: { updateTime: '2023-11-14T22:13:20.123456Z' },
  },
  { delete: `${ROOT}/c/e`, currentDocument: { exists: true } },
  { verify: `${ROOT}/c/f`, currentDocument: { exists: false } },
  {
    transform: {
      document: `${ROOT}/c/g`,
      fieldTransforms: [{ fieldPath: 'n', increment: { doubleValue: 'Infinity' } }],
    },
  },
];

const FILTER = {
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
      { unaryFilter: { field: { fieldPath: 'b' }, op: 'IS_NAN' } },
      {
        fieldFilter: {
          field: { fieldPath: 'c' },
          op: 'NOT_EQUAL',
          value: { timestampValue: '2023-11-14T22:13:20Z' },
        },
      },
    ],
  },
};

const QUERY = {
  select: { fields: [{ fieldPath: 'a' }] },
  from: [{ collectionId: 'c', allDescendants: true }],
  where: FILTER,
  orderBy: [
    { field: { fieldPath: 'a' }, direction: 'DESCENDING' },
    { field: { fieldPath: '__name__' } },
  ],
  startAt: { values: [{ bytesValue: 'AAE=' }], before: true },
  endAt: { values: [{ referenceValue: `${ROOT}/c/z` }] },
  offset: 3,
  limit: 10,
};

const REQUESTS: Record<RpcName, readonly Record<string, unknown>[]> = {
  GetDocument: [
    { name: `${ROOT}/c/d`, mask: { fieldPaths: ['a'] }, transaction: 'AQI=' },
    { name: `${ROOT}/c/d`, readTime: '2023-11-14T22:13:20.000000001Z' },
  ],
  ListDocuments: [
    {
      parent: ROOT,
      collectionId: 'c',
      pageSize: 5,
      pageToken: 'tok',
      orderBy: '__name__',
      mask: { fieldPaths: ['a'] },
      readTime: '2023-11-14T22:13:20Z',
      showMissing: true,
    },
  ],
  CreateDocument: [
    { parent: ROOT, collectionId: 'c', documentId: 'd', document: { fields: JSON_FIELDS } },
    { parent: `${ROOT}/c/d`, collectionId: 'sub', document: {} },
  ],
  UpdateDocument: [
    {
      document: { name: `${ROOT}/c/d`, fields: JSON_FIELDS },
      updateMask: { fieldPaths: ['f0'] },
      currentDocument: { exists: true },
    },
  ],
  DeleteDocument: [
    { name: `${ROOT}/c/d`, currentDocument: { updateTime: '2023-11-14T22:13:20Z' } },
  ],
  BatchGetDocuments: [
    {
      database: DB,
      documents: [`${ROOT}/c/d`],
      mask: { fieldPaths: ['a'] },
      newTransaction: { readWrite: { retryTransaction: 'AQ==' } },
    },
    {
      database: DB,
      documents: [],
      newTransaction: { readOnly: { readTime: '2023-11-14T22:13:20Z' } },
    },
  ],
  BeginTransaction: [{ database: DB, options: { readOnly: {} } }, { database: DB }],
  Commit: [{ database: DB, writes: WRITES, transaction: 'AQI=' }],
  Rollback: [{ database: DB, transaction: 'AQI=' }],
  RunQuery: [
    { parent: ROOT, structuredQuery: QUERY, newTransaction: { readWrite: {} } },
    {
      parent: `${ROOT}/c/d`,
      structuredQuery: { from: [{ collectionId: 'sub' }] },
      readTime: '2023-11-14T22:13:20Z',
    },
  ],
  RunAggregationQuery: [
    {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: QUERY,
        aggregations: [
          { alias: 'n', count: { upTo: '100' } },
          { alias: 's', sum: { field: { fieldPath: 'a' } } },
          { alias: 'v', avg: { field: { fieldPath: 'b' } } },
          { count: {} },
        ],
      },
      transaction: 'AQI=',
    },
  ],
  ListCollectionIds: [{ parent: `${ROOT}/c/d`, pageSize: 2, pageToken: 'a' }],
  BatchWrite: [{ database: DB, writes: WRITES, labels: { k: 'v' } }],
};

const OWNER = (): Caller => ({ kind: 'owner' });

/** Runs one request through `codec`; returns what the service saw and the encoded answer. */
async function run(
  codec: Codec,
  method: RpcName,
  raw: unknown,
): Promise<{ calls: unknown[]; answer: unknown }> {
  const { service, calls } = recordingService();
  const answer = await callRpc(RPCS[method] as Rpc, codec, service, raw, OWNER);
  return { calls, answer };
}

function responseBytes(method: string, message: unknown): Buffer {
  return methods[method]!.responseSerialize(message);
}

describe('every RPC through both faces', () => {
  for (const [method, requests] of Object.entries(REQUESTS) as [
    RpcName,
    Record<string, unknown>[],
  ][]) {
    it(`${method}: decodes to the same request and encodes the same answer`, async () => {
      for (const request of requests) {
        const json = JSON.parse(JSON.stringify(request)) as unknown;
        const viaJson = await run(jsonCodec, method, json);
        const viaObject = await run(objectCodec, method, overTheWire(method, request));
        expect(viaObject.calls).toEqual(viaJson.calls);
        expect(viaJson.calls).toHaveLength(1);
        const jsonAnswers = RPCS[method].streaming
          ? (viaJson.answer as unknown[])
          : [viaJson.answer];
        const objectAnswers = RPCS[method].streaming
          ? (viaObject.answer as unknown[])
          : [viaObject.answer];
        expect(objectAnswers.map((m) => responseBytes(method, m))).toEqual(
          jsonAnswers.map((m) => responseBytes(method, toObjectForm(m))),
        );
      }
    });
  }

  it('covers every RPC of the table', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(RPCS).sort());
  });
});

describe('values through both faces', () => {
  it('decodes every kind to the same value, and round-trips it', () => {
    for (const value of EVERY_VALUE) {
      const json = JSON.parse(JSON.stringify(jsonCodec.toValue(value))) as unknown;
      const object = methods.Commit!.requestDeserialize(
        methods.Commit!.requestSerialize({
          database: DB,
          writes: [{ update: { name: `${ROOT}/c/d`, fields: { v: objectCodec.toValue(value) } } }],
        }),
      ) as { writes: { update: { fields: { v: unknown } } }[] };
      const fromObject = objectCodec.fromValue(object.writes[0]!.update.fields.v, 'v');
      expect(jsonCodec.fromValue(json, 'v')).toEqual(value);
      expect(fromObject).toEqual(value);
    }
  });
});

describe('streams through both faces', () => {
  const LISTEN_REQUESTS = [
    {
      database: DB,
      addTarget: {
        query: { parent: ROOT, structuredQuery: QUERY },
        targetId: 2,
        resumeToken: 'AAE=',
        expectedCount: 3,
      },
      labels: { 'goog-listen-tags': 'limbo-document' },
    },
    {
      database: DB,
      addTarget: {
        documents: { documents: [`${ROOT}/c/d`] },
        targetId: 4,
        readTime: '2023-11-14T22:13:20Z',
        once: true,
      },
    },
    { database: DB, removeTarget: 2 },
    { database: DB },
  ];
  const WRITE_REQUESTS = [
    { database: DB },
    { streamId: 's', streamToken: 'AQ==', writes: WRITES },
    { streamToken: 'AQ==', writes: [] },
  ];

  it('decode Listen and Write requests alike', () => {
    for (const request of LISTEN_REQUESTS) {
      expect(objectCodec.fromListenRequest(overTheWire('Listen', request))).toEqual(
        jsonCodec.fromListenRequest(request),
      );
    }
    for (const request of WRITE_REQUESTS) {
      const viaObject = objectCodec.fromWriteRequest(overTheWire('Write', request));
      const viaJson = jsonCodec.fromWriteRequest(request);
      // An empty repeated field does not exist on the wire: `writes: []` arrives as absent,
      // which the Write stream reads the same way (no batch).
      expect(viaObject).toEqual(
        request.writes?.length === 0 ? { ...viaJson, writes: undefined } : viaJson,
      );
    }
  });

  it('encode every Listen and Write response to the same bytes', () => {
    const listen: ListenResponse[] = [
      {
        kind: 'targetChange',
        changeType: 'NO_CHANGE',
        targetIds: [],
        readTime: TIME,
        resumeToken: new Uint8Array([1]),
      },
      {
        kind: 'targetChange',
        changeType: 'REMOVE',
        targetIds: [2],
        cause: { code: 7, message: 'denied' },
      },
      { kind: 'documentChange', document: DOCUMENT, targetIds: [2], removedTargetIds: [4] },
      { kind: 'documentDelete', name: `${ROOT}/c/d`, removedTargetIds: [2], readTime: TIME },
      { kind: 'documentRemove', name: `${ROOT}/c/d`, removedTargetIds: [2] },
      { kind: 'filter', targetId: 2, count: 5 },
      {
        kind: 'filter',
        targetId: 2,
        count: 1,
        unchangedNames: { bitmap: new Uint8Array([0x9b, 0x01]), padding: 5, hashCount: 8 },
      },
    ];
    for (const response of listen) {
      expect(responseBytes('Listen', objectCodec.toListenResponse(response))).toEqual(
        responseBytes('Listen', toObjectForm(jsonCodec.toListenResponse(response))),
      );
    }
    // WebChannel's JSON carries the bloom filter as the SDK reads it: base64 bitmap, padding.
    expect(jsonCodec.toListenResponse(listen[listen.length - 1]!)).toEqual({
      filter: {
        targetId: 2,
        count: 1,
        unchangedNames: { bits: { bitmap: 'mwE=', padding: 5 }, hashCount: 8 },
      },
    });
    const write: WriteResponse[] = [
      { streamId: 's', streamToken: new Uint8Array([1]), writeResults: [] },
      {
        streamToken: new Uint8Array([2]),
        commitTime: TIME,
        writeResults: [{ updateTime: TIME, transformResults: EVERY_VALUE }],
      },
    ];
    for (const response of write) {
      expect(responseBytes('Write', objectCodec.toWriteResponse(response))).toEqual(
        responseBytes('Write', toObjectForm(jsonCodec.toWriteResponse(response))),
      );
    }
  });
});
