// The unary and server-streaming Firestore RPCs, each once: its request's fields, the field that
// names the resource it addresses (whose database becomes the request's), and `run`, which
// decodes the request with a codec face, calls one FirestoreService operation and encodes the
// answer. gRPC registers every entry under its method name; REST transcodes a URL and body into
// the same request message (proto3 JSON) and runs the same entry. Server-streaming RPCs answer
// a list of messages: REST sends it as one JSON array, as Google's front end does, and gRPC
// writes them one by one. Listen and Write are bidirectional; see streams.ts.
import { EmulatorError } from '../errors.js';
import type { Caller, FirestoreService, RequestContext } from '../service/types.js';
import type { Codec } from './codec.js';
import { readArray, readBoolean, readMessage, readString } from './json-reader.js';
import type { JsonObject } from './json-reader.js';
import { parseInt32 } from './wire-common.js';

export type Rpc = {
  /** Every field of the request message (lowerCamel), as the proto declares them. */
  readonly fields: readonly string[];
  /** The request field naming the database, a parent or a document. */
  readonly resource: 'database' | 'parent' | 'name' | 'document.name';
  /** Server-streaming: `run` answers a list of messages. */
  readonly streaming: boolean;
  /** REST binds the RPC to `POST /v1/{resource}:{restVerb}`; document CRUD has its own routes. */
  readonly restVerb?: string;
  run(
    codec: Codec,
    service: FirestoreService,
    ctx: RequestContext,
    request: JsonObject,
  ): Promise<unknown>;
};

export type RpcName = keyof typeof RPCS;

const CONSISTENCY = ['transaction', 'newTransaction', 'readTime'] as const;

function required(request: JsonObject, field: string): unknown {
  const value = request[field];
  if (value === undefined) {
    throw new EmulatorError('INVALID_ARGUMENT', `Invalid argument: ${field} is required.`);
  }
  return value;
}

function optionalMask(codec: Codec, raw: unknown, where: string): { mask?: string[][] } {
  return raw === undefined
    ? {}
    : { mask: codec.fromFieldPaths(raw, where).map((path) => [...path]) };
}

function pageOptions(request: JsonObject): { pageSize?: number; pageToken?: string } {
  const { pageSize, pageToken } = request;
  return {
    ...(pageSize === undefined ? {} : { pageSize: parseInt32(pageSize, 'pageSize') }),
    ...(pageToken === undefined || pageToken === ''
      ? {}
      : { pageToken: readString(pageToken, 'pageToken') }),
  };
}

function explainOption(
  codec: Codec,
  request: JsonObject,
): { explain?: ReturnType<Codec['fromExplainOptions']> } {
  return request.explainOptions === undefined
    ? {}
    : { explain: codec.fromExplainOptions(request.explainOptions, 'explainOptions') };
}

/** Puts a new transaction's id on the first message of a streamed answer, adding one if none. */
function withTransaction(
  codec: Codec,
  messages: Record<string, unknown>[],
  transaction: Uint8Array | undefined,
): Record<string, unknown>[] {
  if (transaction === undefined) return messages;
  const first = { transaction: codec.leaves.bytes(transaction), ...messages[0] };
  return [first, ...messages.slice(1)];
}

export const RPCS = {
  GetDocument: {
    fields: ['name', 'mask', 'transaction', 'readTime'],
    resource: 'name',
    streaming: false,
    async run(codec, service, ctx, request) {
      const doc = await service.getDocument(ctx, {
        name: readString(request.name, 'name'),
        ...codec.fromConsistency(request, ''),
        ...optionalMask(codec, request.mask, 'mask'),
      });
      return codec.toDocument(doc);
    },
  },
  ListDocuments: {
    fields: [
      'parent',
      'collectionId',
      'pageSize',
      'pageToken',
      'orderBy',
      'mask',
      'transaction',
      'readTime',
      'showMissing',
    ],
    resource: 'parent',
    streaming: false,
    async run(codec, service, ctx, request) {
      const { collectionId, orderBy, showMissing } = request;
      const response = await service.listDocuments(ctx, {
        parent: readString(request.parent, 'parent'),
        collectionId: collectionId === undefined ? '' : readString(collectionId, 'collectionId'),
        ...codec.fromConsistency(request, ''),
        ...pageOptions(request),
        ...(orderBy === undefined || orderBy === ''
          ? {}
          : { orderBy: readString(orderBy, 'orderBy') }),
        ...(showMissing === undefined
          ? {}
          : { showMissing: readBoolean(showMissing, 'showMissing') }),
        ...optionalMask(codec, request.mask, 'mask'),
      });
      return {
        ...(response.documents.length > 0
          ? { documents: response.documents.map(codec.toDocument) }
          : {}),
        ...(response.nextPageToken ? { nextPageToken: response.nextPageToken } : {}),
      };
    },
  },
  CreateDocument: {
    fields: ['parent', 'collectionId', 'documentId', 'document', 'mask'],
    resource: 'parent',
    streaming: false,
    async run(codec, service, ctx, request) {
      const { collectionId, documentId } = request;
      const doc = codec.fromDocumentInput(request.document ?? {}, 'document');
      const created = await service.createDocument(ctx, {
        parent: readString(request.parent, 'parent'),
        collectionId: collectionId === undefined ? '' : readString(collectionId, 'collectionId'),
        ...(documentId === undefined ? {} : { documentId: readString(documentId, 'documentId') }),
        fields: doc.fields,
      });
      return codec.toDocument(created);
    },
  },
  UpdateDocument: {
    fields: ['document', 'updateMask', 'mask', 'currentDocument'],
    resource: 'document.name',
    streaming: false,
    async run(codec, service, ctx, request) {
      const doc = codec.fromDocumentInput(required(request, 'document'), 'document');
      const precondition =
        request.currentDocument === undefined
          ? undefined
          : codec.fromPrecondition(request.currentDocument, 'currentDocument');
      const updated = await service.updateDocument(ctx, {
        name: doc.name ?? '',
        fields: doc.fields,
        ...(request.updateMask === undefined
          ? {}
          : { updateMask: codec.fromFieldPaths(request.updateMask, 'updateMask') }),
        ...(precondition ? { precondition } : {}),
      });
      return codec.toDocument(updated);
    },
  },
  DeleteDocument: {
    fields: ['name', 'currentDocument'],
    resource: 'name',
    streaming: false,
    async run(codec, service, ctx, request) {
      const precondition =
        request.currentDocument === undefined
          ? undefined
          : codec.fromPrecondition(request.currentDocument, 'currentDocument');
      await service.deleteDocument(ctx, {
        name: readString(request.name, 'name'),
        ...(precondition ? { precondition } : {}),
      });
      return {};
    },
  },
  BatchGetDocuments: {
    fields: ['database', 'documents', 'mask', ...CONSISTENCY],
    resource: 'database',
    streaming: true,
    restVerb: 'batchGet',
    async run(codec, service, ctx, request) {
      const names =
        request.documents === undefined ? [] : readArray(request.documents, 'documents');
      const response = await service.batchGetDocuments(ctx, {
        documents: names.map((n, i) => readString(n, `documents[${i}]`)),
        ...codec.fromConsistency(request, ''),
        ...optionalMask(codec, request.mask, 'mask'),
      });
      const results = response.results.map(codec.toBatchGetResult);
      return withTransaction(codec, results, response.transaction);
    },
  },
  BeginTransaction: {
    fields: ['database', 'options'],
    resource: 'database',
    streaming: false,
    restVerb: 'beginTransaction',
    async run(codec, service, ctx, request) {
      const response = await service.beginTransaction(
        ctx,
        request.options === undefined
          ? {}
          : { options: codec.fromTransactionOptions(request.options, 'options') },
      );
      return { transaction: codec.leaves.bytes(response.transaction) };
    },
  },
  Commit: {
    fields: ['database', 'writes', 'transaction'],
    resource: 'database',
    streaming: false,
    restVerb: 'commit',
    async run(codec, service, ctx, request) {
      const response = await service.commit(ctx, {
        writes: codec.fromWrites(request.writes, 'writes'),
        ...(request.transaction === undefined
          ? {}
          : { transaction: codec.readBytes(request.transaction, 'transaction') }),
      });
      return {
        writeResults: response.writeResults.map(codec.toWriteResult),
        commitTime: codec.leaves.timestamp(response.commitTime),
      };
    },
  },
  Rollback: {
    fields: ['database', 'transaction'],
    resource: 'database',
    streaming: false,
    restVerb: 'rollback',
    async run(codec, service, ctx, request) {
      const transaction = codec.readBytes(required(request, 'transaction'), 'transaction');
      await service.rollback(ctx, { transaction });
      return {};
    },
  },
  RunQuery: {
    fields: ['parent', 'structuredQuery', ...CONSISTENCY, 'explainOptions'],
    resource: 'parent',
    streaming: true,
    restVerb: 'runQuery',
    async run(codec, service, ctx, request) {
      const query = codec.fromStructuredQuery(
        required(request, 'structuredQuery'),
        'structuredQuery',
      );
      const response = await service.runQuery(ctx, {
        parent: readString(request.parent, 'parent'),
        query,
        ...codec.fromConsistency(request, ''),
        ...explainOption(codec, request),
      });
      const { explainMetrics } = response;
      if (explainMetrics !== undefined && explainMetrics.executionStats === undefined) {
        // Planned, not run: the plan alone, with no documents and no read time.
        const plan = [{ explainMetrics: codec.toExplainMetrics(explainMetrics) }];
        return withTransaction(codec, plan, response.transaction);
      }
      const readTime = codec.leaves.timestamp(response.readTime);
      // An empty result is one message carrying only the read time.
      const results: Record<string, unknown>[] =
        response.documents.length === 0
          ? [{ readTime }]
          : response.documents.map((doc) => ({ document: codec.toDocument(doc), readTime }));
      if (response.skippedResults > 0) {
        results[0] = { ...results[0], skippedResults: response.skippedResults };
      }
      if (explainMetrics !== undefined) {
        results.push({ explainMetrics: codec.toExplainMetrics(explainMetrics) });
      }
      return withTransaction(codec, results, response.transaction);
    },
  },
  RunAggregationQuery: {
    fields: ['parent', 'structuredAggregationQuery', ...CONSISTENCY, 'explainOptions'],
    resource: 'parent',
    streaming: true,
    restVerb: 'runAggregationQuery',
    async run(codec, service, ctx, request) {
      const { query, aggregations } = codec.fromStructuredAggregationQuery(
        required(request, 'structuredAggregationQuery'),
        'structuredAggregationQuery',
      );
      const response = await service.runAggregationQuery(ctx, {
        parent: readString(request.parent, 'parent'),
        query,
        aggregations,
        ...codec.fromConsistency(request, ''),
        ...explainOption(codec, request),
      });
      const { explainMetrics } = response;
      const explained =
        explainMetrics === undefined
          ? []
          : [{ explainMetrics: codec.toExplainMetrics(explainMetrics) }];
      if (explainMetrics !== undefined && explainMetrics.executionStats === undefined) {
        return withTransaction(codec, explained, response.transaction);
      }
      const result = {
        result: { aggregateFields: codec.toFields(response.result) },
        readTime: codec.leaves.timestamp(response.readTime),
      };
      return withTransaction(codec, [result, ...explained], response.transaction);
    },
  },
  ListCollectionIds: {
    fields: ['parent', 'pageSize', 'pageToken', 'readTime'],
    resource: 'parent',
    streaming: false,
    restVerb: 'listCollectionIds',
    async run(codec, service, ctx, request) {
      const response = await service.listCollectionIds(ctx, {
        parent: readString(request.parent, 'parent'),
        ...pageOptions(request),
        ...codec.fromConsistency(request, ''),
      });
      return {
        ...(response.collectionIds.length > 0 ? { collectionIds: response.collectionIds } : {}),
        ...(response.nextPageToken ? { nextPageToken: response.nextPageToken } : {}),
      };
    },
  },
  BatchWrite: {
    fields: ['database', 'writes', 'labels'],
    resource: 'database',
    streaming: false,
    restVerb: 'batchWrite',
    async run(codec, service, ctx, request) {
      const outcomes = await service.batchWrite(ctx, {
        writes: codec.fromWrites(request.writes, 'writes'),
      });
      return {
        writeResults: outcomes.map((o) => (o.ok ? codec.toWriteResult(o.result) : {})),
        status: outcomes.map((o) =>
          o.ok ? {} : { code: o.error.numericCode, message: o.error.message },
        ),
      };
    },
  },
} satisfies Record<string, Rpc>;

const DATABASE_OF = /^(projects\/[^/]+\/databases\/[^/]+)(?:\/|$)/;

/** `projects/{p}/databases/{d}` of a resource name; INVALID_ARGUMENT naming `field` otherwise. */
export function databaseOfResource(name: unknown, field: string): string {
  const match = typeof name === 'string' ? DATABASE_OF.exec(name) : null;
  if (!match) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid ${field}: "${String(name)}" is not a resource name.`,
    );
  }
  return match[1]!;
}

function resourceOf(request: JsonObject, field: Rpc['resource']): unknown {
  if (field !== 'document.name') return request[field];
  const document = request.document;
  return document !== null && typeof document === 'object'
    ? (document as JsonObject).name
    : undefined;
}

/**
 * Runs one RPC: reads the request's fields, resolves its database, then the caller (so that a
 * bad resource is reported before a bad token), decodes, calls the service and encodes.
 */
export async function callRpc(
  rpc: Rpc,
  codec: Codec,
  service: FirestoreService,
  raw: unknown,
  caller: () => Caller,
): Promise<unknown> {
  const request = readMessage(raw, '', rpc.fields);
  const database = databaseOfResource(resourceOf(request, rpc.resource), rpc.resource);
  return rpc.run(codec, service, { caller: caller(), database }, request);
}
