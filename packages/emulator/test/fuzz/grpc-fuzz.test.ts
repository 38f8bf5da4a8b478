// Fuzzing the gRPC surface of a real in-process server with @grpc/grpc-js as the client: every
// Firestore method receives damaged protobuf (valid requests with bytes flipped, cut or
// inserted), random bytes, and well-encoded requests with hostile field values; unknown
// methods and raw HTTP/2 requests with bad content types and framing come too. Every call must
// end with a status that names the client's mistake (never UNKNOWN, INTERNAL, UNAVAILABLE or a
// deadline), no internal error may be logged, and the server must still commit and query
// afterwards. Bytes that do not decode as the request type get INVALID_ARGUMENT, as in
// production (grpc-js alone would answer INTERNAL "Error deserializing request").
// Failures are not shrunk (endOnFailure): each step is a network exchange.
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { connect as connectHttp2, constants as http2Constants } from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ_DATABASE, FUZZ_DOCUMENTS, expectServing, startFuzzServer } from './harness.js';
import type { FuzzServer } from './harness.js';

const PROTO_ROOT = fileURLToPath(new URL('../../protos/', import.meta.url));

const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
  includeDirs: [PROTO_ROOT],
  longs: String,
  enums: String,
  bytes: Buffer,
  oneofs: true,
});

type MethodInfo = {
  readonly name: string;
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
  readonly serialize: (message: object) => Buffer;
};

const SERVICE = definition['google.firestore.v1.Firestore'] as unknown as Record<
  string,
  grpc.MethodDefinition<object, object>
>;

const METHODS: readonly MethodInfo[] = Object.entries(SERVICE).map(([name, method]) => ({
  name,
  path: method.path,
  requestStream: method.requestStream,
  responseStream: method.responseStream,
  serialize: method.requestSerialize,
}));

const DOC = `${FUZZ_DOCUMENTS}/c/a`;
const structuredQuery = {
  from: [{ collectionId: 'c' }],
  where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '1' } } },
  orderBy: [{ field: { fieldPath: 'a' }, direction: 'ASCENDING' }],
  startAt: { values: [{ integerValue: '0' }], before: true },
  limit: { value: 3 },
};
const fields = {
  a: { integerValue: '1' },
  s: { stringValue: '\u{10000}' },
  t: { timestampValue: { seconds: '1', nanos: 1000 } },
  m: { mapValue: { fields: { x: { bytesValue: Buffer.from([0, 1]) } } } },
};

/** A valid request (or stream of requests) per method, before damage. */
const TEMPLATES: Readonly<Record<string, readonly object[]>> = {
  GetDocument: [{ name: DOC }],
  ListDocuments: [{ parent: FUZZ_DOCUMENTS, collectionId: 'c', pageSize: 10 }],
  UpdateDocument: [{ document: { name: DOC, fields }, updateMask: { fieldPaths: ['a'] } }],
  DeleteDocument: [{ name: `${FUZZ_DOCUMENTS}/c/gone` }],
  BatchGetDocuments: [
    { database: FUZZ_DATABASE, documents: [DOC], newTransaction: { readWrite: {} } },
  ],
  BeginTransaction: [{ database: FUZZ_DATABASE }],
  Commit: [
    {
      database: FUZZ_DATABASE,
      writes: [
        { update: { name: DOC, fields }, currentDocument: { exists: true } },
        { delete: `${FUZZ_DOCUMENTS}/c/b` },
      ],
    },
  ],
  Rollback: [{ database: FUZZ_DATABASE, transaction: Buffer.from('tx') }],
  RunQuery: [{ parent: FUZZ_DOCUMENTS, structuredQuery }],
  RunAggregationQuery: [
    {
      parent: FUZZ_DOCUMENTS,
      structuredAggregationQuery: { structuredQuery, aggregations: [{ alias: 'n', count: {} }] },
    },
  ],
  PartitionQuery: [{ parent: FUZZ_DOCUMENTS, structuredQuery, partitionCount: '2' }],
  Write: [
    { database: FUZZ_DATABASE },
    { streamToken: Buffer.from([1]), writes: [{ update: { name: DOC, fields } }] },
  ],
  Listen: [
    {
      database: FUZZ_DATABASE,
      addTarget: { query: { parent: FUZZ_DOCUMENTS, structuredQuery }, targetId: 2 },
    },
  ],
  ListCollectionIds: [{ parent: FUZZ_DOCUMENTS }],
  BatchWrite: [{ database: FUZZ_DATABASE, writes: [{ delete: DOC }] }],
  CreateDocument: [
    { parent: FUZZ_DOCUMENTS, collectionId: 'c', documentId: 'new', document: { fields } },
  ],
};

let fuzz: FuzzServer;
let client: grpc.Client;

beforeAll(async () => {
  fuzz = await startFuzzServer();
  client = new grpc.Client(`127.0.0.1:${fuzz.server.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await fuzz.server.close();
});

const identity = (buffer: Buffer): Buffer => buffer;

/** A status that blames the client or says "not implemented"; anything else is a server fault. */
function isAcceptableStatus(status: { code: number; details: string }): boolean {
  switch (status.code) {
    case grpc.status.UNKNOWN:
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
    case grpc.status.DATA_LOSS:
    case grpc.status.INTERNAL:
      return false;
    default:
      return true;
  }
}

function metadata(token: string | undefined): grpc.Metadata {
  const result = new grpc.Metadata();
  if (token !== undefined) result.set('authorization', `Bearer ${token}`);
  result.set('google-cloud-resource-prefix', FUZZ_DATABASE);
  return result;
}

type CallOutcome = { code: number; details: string; messages: number };

/** One call with raw payloads; streams are half-closed, then given `settleMs` to finish. */
function rawCall(
  method: MethodInfo,
  payloads: readonly Buffer[],
  token: string | undefined,
  settleMs = 250,
): Promise<CallOutcome> {
  return new Promise((resolve) => {
    let messages = 0;
    const deadline = Date.now() + 5_000;
    const done = (code: number, details: string): void => resolve({ code, details, messages });
    const onStatus = (status: grpc.StatusObject): void => done(status.code, status.details);
    if (!method.requestStream && !method.responseStream) {
      client.makeUnaryRequest(
        method.path,
        identity,
        identity,
        payloads[0] ?? Buffer.alloc(0),
        metadata(token),
        { deadline },
        (error) => done(error?.code ?? grpc.status.OK, error?.details ?? ''),
      );
      return;
    }
    if (!method.requestStream) {
      const call = client.makeServerStreamRequest(
        method.path,
        identity,
        identity,
        payloads[0] ?? Buffer.alloc(0),
        metadata(token),
        { deadline },
      );
      call.on('data', () => messages++);
      call.on('error', () => {});
      call.on('status', onStatus);
      return;
    }
    const call = client.makeBidiStreamRequest(method.path, identity, identity, metadata(token), {
      deadline,
    });
    call.on('data', () => messages++);
    call.on('error', () => {});
    call.on('status', onStatus);
    for (const payload of payloads) call.write(payload);
    call.end();
    // A live stream may rightly stay open (a Listen with a target); it must not fail badly.
    setTimeout(() => call.cancel(), settleMs).unref();
  });
}

type Mutation =
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'cut'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    xor: fc.integer({ min: 1, max: 255 }),
  }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
);

function mutate(buffer: Buffer, mutation: Mutation): Buffer {
  const at = buffer.length === 0 ? 0 : mutation.at % buffer.length;
  switch (mutation.kind) {
    case 'flip': {
      const copy = Buffer.from(buffer);
      if (copy.length > 0) copy[at] = copy[at]! ^ mutation.xor;
      return copy;
    }
    case 'cut':
      return buffer.subarray(0, at);
    case 'insert':
      return Buffer.concat([buffer.subarray(0, at), mutation.bytes, buffer.subarray(at)]);
  }
}

/** Hostile field values that still encode: confusable oneofs, limits, empty and huge strings. */
const hostileFieldArb = fc.constantFrom<unknown>(
  '',
  'x'.repeat(4000),
  'projects/other/databases/(default)/documents/c/a',
  `${FUZZ_DOCUMENTS}/c`,
  '__name__',
  'a..b',
  '`open',
  -1,
  2 ** 31 - 1,
  { value: -5 },
  { integerValue: '1', stringValue: 'both' },
  { mapValue: { fields: { __proto__: { nullValue: 'NULL_VALUE' } } } },
  { arrayValue: { values: [{ arrayValue: { values: [] } }] } },
  { timestampValue: { seconds: '999999999999', nanos: 2_000_000_000 } },
  { geoPointValue: { latitude: 1000, longitude: Number.NaN } },
  {},
  [],
);

/** A template with one field, found by walking the object, replaced by a hostile value. */
function damageObject(template: unknown, pick: number, replacement: unknown): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    paths.push(path);
    if (Buffer.isBuffer(node)) return;
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
    }
  };
  walk(template, []);
  const target = paths[pick % paths.length]!;
  const replace = (node: unknown, path: readonly (string | number)[]): unknown => {
    if (path.length === 0) return replacement;
    const [head, ...rest] = path;
    if (Array.isArray(node))
      return node.map((item, i) => (i === head ? replace(item, rest) : item));
    const object = node as Record<string, unknown>;
    return { ...object, [head as string]: replace(object[head as string], rest) };
  };
  return replace(template, target);
}

const methodArb = fc.constantFrom(...METHODS);
const tokenArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<string | undefined>('owner') },
  fc.constantFrom<string | undefined>(undefined, 'garbage', 'a.b.c', ''),
);

function templatePayloads(method: MethodInfo): Buffer[] {
  return (TEMPLATES[method.name] ?? [{}]).map((message) => method.serialize(message));
}

describe('gRPC fuzz', () => {
  it('has a template for every method of the service', () => {
    expect(METHODS.map((m) => m.name).sort()).toEqual(Object.keys(TEMPLATES).sort());
  });

  it('answers damaged protobuf on every method with a status that blames the client', async () => {
    await fc.assert(
      fc.asyncProperty(
        methodArb,
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        tokenArb,
        async (method, mutations, token) => {
          const payloads = templatePayloads(method).map((payload, i) =>
            i === 0 ? mutations.reduce(mutate, payload) : payload,
          );
          const outcome = await rawCall(method, payloads, token);
          expect(isAcceptableStatus(outcome), `${method.name}: ${JSON.stringify(outcome)}`).toBe(
            true,
          );
        },
      ),
      { numRuns: 150, endOnFailure: true },
    );
  });

  it('answers random bytes and hostile field values with a status that blames the client', async () => {
    await fc.assert(
      fc.asyncProperty(
        methodArb,
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ raw: Buffer.from(bytes) })),
          fc.tuple(fc.nat(), hostileFieldArb).map(([pick, value]) => ({ pick, value })),
        ),
        tokenArb,
        async (method, input, token) => {
          let payloads: Buffer[];
          if ('raw' in input) {
            payloads = [input.raw];
          } else {
            const [first, ...rest] = TEMPLATES[method.name] ?? [{}];
            try {
              payloads = [
                method.serialize(damageObject(first, input.pick, input.value) as object),
                ...rest.map((message) => method.serialize(message)),
              ];
            } catch {
              // The client's encoder refused the value; nothing reaches the server.
              return;
            }
          }
          const outcome = await rawCall(method, payloads, token);
          expect(isAcceptableStatus(outcome), `${method.name}: ${JSON.stringify(outcome)}`).toBe(
            true,
          );
        },
      ),
      { numRuns: 150, endOnFailure: true },
    );
  });

  it('answers unknown methods and services with UNIMPLEMENTED', async () => {
    const unknown = { ...METHODS[0]!, path: '/google.firestore.v1.Firestore/Nope' };
    expect((await rawCall(unknown, [Buffer.alloc(0)], 'owner')).code).toBe(
      grpc.status.UNIMPLEMENTED,
    );
    const otherService = { ...METHODS[0]!, path: '/google.firestore.v1beta1.Firestore/Commit' };
    expect((await rawCall(otherService, [Buffer.alloc(0)], 'owner')).code).toBe(
      grpc.status.UNIMPLEMENTED,
    );
  });

  it('answers raw HTTP/2 requests with bad content types and framing without a server fault', async () => {
    const session = connectHttp2(`http://127.0.0.1:${fuzz.server.port}`);
    session.on('error', () => {});
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            '/google.firestore.v1.Firestore/Commit',
            '/google.firestore.v1.Firestore/Listen',
            '/nope',
            '/',
          ),
          fc.constantFrom('application/grpc', 'application/grpc+proto', 'text/plain', ''),
          fc.oneof(
            fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
            // A frame header declaring more bytes than follow, or a compressed flag without
            // an encoding.
            fc.constantFrom(
              Buffer.from([0, 0, 0, 1, 0, 1]),
              Buffer.from([1, 0, 0, 0, 1, 0]),
              Buffer.from([0, 255, 255, 255, 255]),
            ),
          ),
          (path, contentType, body) =>
            new Promise<void>((resolve, reject) => {
              const stream = session.request({
                [http2Constants.HTTP2_HEADER_METHOD]: 'POST',
                [http2Constants.HTTP2_HEADER_PATH]: path,
                ...(contentType === '' ? {} : { 'content-type': contentType }),
                te: 'trailers',
              });
              let status = 0;
              let grpcStatus: string | undefined;
              const timer = setTimeout(() => {
                stream.close();
                reject(new Error(`no answer from ${path} (${contentType})`));
              }, 5_000);
              stream.on('response', (headers) => {
                status = Number(headers[':status']);
                grpcStatus ??= headers['grpc-status'] as string | undefined;
              });
              stream.on('trailers', (trailers) => {
                grpcStatus = trailers['grpc-status'] as string | undefined;
              });
              stream.on('data', () => {});
              stream.on('error', () => {});
              stream.on('close', () => {
                clearTimeout(timer);
                try {
                  expect(status >= 500, `HTTP ${status} from ${path}`).toBe(false);
                  if (grpcStatus !== undefined) {
                    const code = Number(grpcStatus);
                    // grpc-js's own framing errors are INTERNAL; none may be UNKNOWN/UNAVAILABLE.
                    expect([grpc.status.UNKNOWN, grpc.status.UNAVAILABLE], `${path}`).not.toContain(
                      code,
                    );
                  }
                  resolve();
                } catch (error) {
                  reject(error as Error);
                }
              });
              stream.end(body);
            }),
        ),
        { numRuns: 40, endOnFailure: true },
      );
    } finally {
      session.destroy();
    }
  });

  it('still serves a normal commit and query, and logged no internal error', async () => {
    await expectServing(fuzz.server);
    expect(fuzz.errors).toEqual([]);
  });
});
