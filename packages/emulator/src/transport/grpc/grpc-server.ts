// gRPC (h2c) binding of google.firestore.v1.Firestore over the vendored protos. The server never
// listens itself: server.ts sniffs the HTTP/2 preface and injects sockets (grpc-js ≥ 1.11,
// gRFC L114). This module is imported lazily on the first HTTP/2 connection, which keeps
// start-up fast for clients that never speak gRPC.
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { Duplex } from 'node:stream';
import { EmulatorError } from '../../errors.js';
import type { Caller, FirestoreService, RequestContext } from '../../service/types.js';
import { callerFromAuthorization } from '../caller.js';
import type { Logger } from '../logger.js';
import { batchWrite } from '../http/rest-routes.js';
import { grpcStatusOf, toEmulatorError } from '../status.js';
import { openListenStream, openWriteStream } from '../streams.js';
import { autoId } from '../auto-id.js';
import {
  fromGrpcAggregation,
  fromGrpcConsistency,
  fromGrpcFieldPaths,
  fromGrpcFields,
  fromGrpcListenRequest,
  fromGrpcPrecondition,
  fromGrpcStructuredQuery,
  fromGrpcTransactionOptions,
  fromGrpcWrite,
  fromGrpcWrites,
  toGrpcBatchGetResult,
  toGrpcBytes,
  toGrpcDocument,
  toGrpcFields,
  toGrpcListenResponse,
  toGrpcTimestamp,
  toGrpcWriteResult,
} from './grpc-codec.js';
import type { GrpcMessage } from './grpc-codec.js';

/** Responses buffered for a Listen client that is not reading, before the stream is ended. */
const MAX_PENDING_LISTEN_RESPONSES = 100_000;

const PROTO_ROOT = fileURLToPath(new URL('../../../protos/', import.meta.url));

export type GrpcTransport = {
  inject(socket: Duplex): void;
  close(): void;
};

type DuplexCall = grpc.ServerDuplexStream<GrpcMessage, unknown>;

/** One bidirectional call's handlers, built when the call opens. */
type BidiSession = {
  /** Handles one client message; a throw ends the call with the mapped error. */
  readonly message: (raw: unknown) => void;
  /** The client half-closed its side. */
  readonly halfClose: () => void;
  /** Releases the service stream, if one was opened. */
  readonly close: () => void;
};

type AnyCall = {
  metadata: grpc.Metadata;
  request?: unknown;
};

function authorizationOf(metadata: grpc.Metadata): string | undefined {
  const value = metadata.get('authorization')[0];
  return typeof value === 'string'
    ? value
    : value === undefined
      ? undefined
      : value.toString('utf8');
}

const DATABASE_OF = /^(projects\/[^/]+\/databases\/[^/]+)(?:\/|$)/;

function databaseOf(name: unknown, field: string): string {
  const match = typeof name === 'string' ? DATABASE_OF.exec(name) : null;
  if (!match) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid ${field}: "${String(name)}" is not a resource name.`,
    );
  }
  return match[1]!;
}

function toServiceError(error: EmulatorError): Partial<grpc.StatusObject> {
  return { code: grpcStatusOf(error.code), details: error.message };
}

function decodeMasks(raw: unknown, where: string): string[][] | undefined {
  if (raw === null || raw === undefined) return undefined;
  return fromGrpcFieldPaths(raw, where).map((p) => [...p]);
}

export function createGrpcTransport(service: FirestoreService, log: Logger): GrpcTransport {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    enums: String,
    bytes: Buffer,
    oneofs: true,
    defaults: false,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: { service: grpc.ServiceDefinition } } } };
  };
  const serviceDefinition = loaded.google.firestore.v1.Firestore.service;

  const callerOf = (call: AnyCall): Caller =>
    callerFromAuthorization(authorizationOf(call.metadata));
  const mapError = (error: unknown): Partial<grpc.StatusObject> =>
    toServiceError(toEmulatorError(error, log.error));

  /** Wraps a unary handler: decode, call, encode, map errors once. */
  function unary(
    run: (request: GrpcMessage, caller: () => Caller) => Promise<unknown>,
  ): grpc.handleUnaryCall<GrpcMessage, unknown> {
    return (call, callback) => {
      Promise.resolve()
        .then(() => run(call.request, () => callerOf(call)))
        .then(
          (response) => callback(null, response),
          (error: unknown) => callback(mapError(error)),
        );
    };
  }

  /** Wraps a server-streaming handler that produces all its messages at once. */
  function serverStream(
    run: (request: GrpcMessage, caller: () => Caller) => Promise<readonly unknown[]>,
  ): grpc.handleServerStreamingCall<GrpcMessage, unknown> {
    return (call) => {
      Promise.resolve()
        .then(() => run(call.request, () => callerOf(call)))
        .then(
          (messages) => {
            for (const m of messages) call.write(m);
            call.end();
          },
          (error: unknown) => call.emit('error', mapError(error)),
        );
    };
  }
  /**
   * Wraps a bidirectional stream (Listen, Write): each client message is handled inside one
   * catch, `end` is idempotent, and a cancelled or failed call releases the service stream.
   */
  function bidiStream(
    open: (
      call: DuplexCall,
      end: (error?: EmulatorError) => void,
      isEnded: () => boolean,
    ) => BidiSession,
  ): grpc.handleBidiStreamingCall<GrpcMessage, unknown> {
    return (call) => {
      let ended = false;
      const end = (error?: EmulatorError): void => {
        if (ended) return;
        ended = true;
        // `open` only builds handlers, so `session` is set before anything can end the call.
        session.close();
        if (error) call.emit('error', toServiceError(error));
        else call.end();
      };
      const session = open(call, end, () => ended);
      call.on('data', (raw: unknown) => {
        if (ended) return;
        try {
          session.message(raw);
        } catch (error) {
          end(toEmulatorError(error, log.error));
        }
      });
      call.on('end', () => session.halfClose());
      const abandon = (): void => {
        ended = true;
        session.close();
      };
      call.on('cancelled', abandon);
      call.on('error', abandon);
    };
  }

  const ctxFor = (caller: () => Caller, database: string): RequestContext => ({
    caller: caller(),
    database,
  });

  const implementation: grpc.UntypedServiceImplementation = {
    Commit: unary(async (req, caller) => {
      const response = await service.commit(ctxFor(caller, databaseOf(req.database, 'database')), {
        writes: fromGrpcWrites(req.writes, 'writes'),
        ...(req.transaction instanceof Uint8Array && req.transaction.length > 0
          ? { transaction: req.transaction }
          : {}),
      });
      return {
        write_results: response.writeResults.map(toGrpcWriteResult),
        commit_time: toGrpcTimestamp(response.commitTime),
      };
    }),
    BatchGetDocuments: serverStream(async (req, caller) => {
      const mask = decodeMasks(req.mask, 'mask');
      const response = await service.batchGetDocuments(
        ctxFor(caller, databaseOf(req.database, 'database')),
        {
          documents: Array.isArray(req.documents) ? req.documents.map(String) : [],
          ...fromGrpcConsistency(req, ''),
          ...(mask ? { mask } : {}),
        },
      );
      const messages: GrpcMessage[] = response.results.map(toGrpcBatchGetResult);
      if (response.transaction) {
        const transaction = toGrpcBytes(response.transaction);
        if (messages.length === 0) messages.push({ transaction });
        else messages[0] = { ...messages[0], transaction };
      }
      return messages;
    }),
    RunQuery: serverStream(async (req, caller) => {
      if (req.structured_query === undefined || req.structured_query === null) {
        throw new EmulatorError('INVALID_ARGUMENT', 'structured_query is required.');
      }
      const parent = String(req.parent ?? '');
      const response = await service.runQuery(ctxFor(caller, databaseOf(parent, 'parent')), {
        parent,
        query: fromGrpcStructuredQuery(req.structured_query, 'structured_query'),
        ...fromGrpcConsistency(req, ''),
      });
      const readTime = toGrpcTimestamp(response.readTime);
      const messages: GrpcMessage[] = response.documents.map((doc) => ({
        document: toGrpcDocument(doc),
        read_time: readTime,
      }));
      if (messages.length === 0) messages.push({ read_time: readTime });
      if (response.skippedResults > 0)
        messages[0] = { ...messages[0], skipped_results: response.skippedResults };
      if (response.transaction)
        messages[0] = { ...messages[0], transaction: toGrpcBytes(response.transaction) };
      return messages;
    }),
    RunAggregationQuery: serverStream(async (req, caller) => {
      const structured = req.structured_aggregation_query as GrpcMessage | undefined | null;
      if (!structured || !structured.structured_query) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          'structured_aggregation_query.structured_query is required.',
        );
      }
      const parent = String(req.parent ?? '');
      const response = await service.runAggregationQuery(
        ctxFor(caller, databaseOf(parent, 'parent')),
        {
          parent,
          query: fromGrpcStructuredQuery(
            structured.structured_query,
            'structured_aggregation_query.structured_query',
          ),
          aggregations: (Array.isArray(structured.aggregations) ? structured.aggregations : []).map(
            (a, i) => fromGrpcAggregation(a, `structured_aggregation_query.aggregations[${i}]`),
          ),
          ...fromGrpcConsistency(req, ''),
        },
      );
      return [
        {
          result: { aggregate_fields: toGrpcFields(response.result) },
          read_time: toGrpcTimestamp(response.readTime),
          ...(response.transaction ? { transaction: toGrpcBytes(response.transaction) } : {}),
        },
      ];
    }),
    BeginTransaction: unary(async (req, caller) => {
      const response = await service.beginTransaction(
        ctxFor(caller, databaseOf(req.database, 'database')),
        {
          ...(req.options ? { options: fromGrpcTransactionOptions(req.options) } : {}),
        },
      );
      return { transaction: toGrpcBytes(response.transaction) };
    }),
    Rollback: unary(async (req, caller) => {
      if (!(req.transaction instanceof Uint8Array) || req.transaction.length === 0) {
        throw new EmulatorError('INVALID_ARGUMENT', 'transaction is required.');
      }
      await service.rollback(ctxFor(caller, databaseOf(req.database, 'database')), {
        transaction: req.transaction,
      });
      return {};
    }),
    ListCollectionIds: unary(async (req, caller) => {
      const parent = String(req.parent ?? '');
      const response = await service.listCollectionIds(
        ctxFor(caller, databaseOf(parent, 'parent')),
        {
          parent,
          ...(typeof req.page_size === 'number' ? { pageSize: req.page_size } : {}),
          ...(typeof req.page_token === 'string' && req.page_token !== ''
            ? { pageToken: req.page_token }
            : {}),
        },
      );
      return {
        collection_ids: response.collectionIds,
        next_page_token: response.nextPageToken ?? '',
      };
    }),
    ListDocuments: unary(async (req, caller) => {
      const parent = String(req.parent ?? '');
      const mask = decodeMasks(req.mask, 'mask');
      const response = await service.listDocuments(ctxFor(caller, databaseOf(parent, 'parent')), {
        parent,
        collectionId: String(req.collection_id ?? ''),
        ...fromGrpcConsistency(req, ''),
        ...(typeof req.page_size === 'number' ? { pageSize: req.page_size } : {}),
        ...(typeof req.page_token === 'string' && req.page_token !== ''
          ? { pageToken: req.page_token }
          : {}),
        ...(typeof req.order_by === 'string' && req.order_by !== ''
          ? { orderBy: req.order_by }
          : {}),
        ...(req.show_missing === true ? { showMissing: true } : {}),
        ...(mask ? { mask } : {}),
      });
      return {
        documents: response.documents.map(toGrpcDocument),
        next_page_token: response.nextPageToken ?? '',
      };
    }),
    GetDocument: unary(async (req, caller) => {
      const name = String(req.name ?? '');
      const mask = decodeMasks(req.mask, 'mask');
      const response = await service.batchGetDocuments(ctxFor(caller, databaseOf(name, 'name')), {
        documents: [name],
        ...fromGrpcConsistency(req, ''),
        ...(mask ? { mask } : {}),
      });
      const result = response.results[0];
      if (!result || !('found' in result))
        throw new EmulatorError('NOT_FOUND', `Document "${name}" not found.`);
      return toGrpcDocument(result.found);
    }),
    CreateDocument: unary(async (req, caller) => {
      const parent = String(req.parent ?? '');
      const database = databaseOf(parent, 'parent');
      const ctx = ctxFor(caller, database);
      const doc = (req.document ?? {}) as GrpcMessage;
      const id =
        typeof req.document_id === 'string' && req.document_id !== '' ? req.document_id : autoId();
      const name = `${parent}/${String(req.collection_id ?? '')}/${id}`;
      await service.commit(ctx, {
        writes: [
          {
            kind: 'update',
            name,
            fields: fromGrpcFields(doc.fields, 'document.fields'),
            transforms: [],
            precondition: { kind: 'exists', exists: false },
          },
        ],
      });
      return readBack(service, database, name);
    }),
    UpdateDocument: unary(async (req, caller) => {
      const doc = (req.document ?? {}) as GrpcMessage;
      const name = String(doc.name ?? '');
      const database = databaseOf(name, 'document.name');
      const updateMask = req.update_mask
        ? fromGrpcFieldPaths(req.update_mask, 'update_mask')
        : undefined;
      const precondition = fromGrpcPrecondition(req.current_document, 'current_document');
      await service.commit(ctxFor(caller, database), {
        writes: [
          {
            kind: 'update',
            name,
            fields: fromGrpcFields(doc.fields, 'document.fields'),
            ...(updateMask ? { updateMask } : {}),
            transforms: [],
            ...(precondition ? { precondition } : {}),
          },
        ],
      });
      return readBack(service, database, name);
    }),
    DeleteDocument: unary(async (req, caller) => {
      const name = String(req.name ?? '');
      const precondition = fromGrpcPrecondition(req.current_document, 'current_document');
      await service.commit(ctxFor(caller, databaseOf(name, 'name')), {
        writes: [{ kind: 'delete', name, ...(precondition ? { precondition } : {}) }],
      });
      return {};
    }),
    BatchWrite: unary(async (req, caller) => {
      const writes = (Array.isArray(req.writes) ? req.writes : []).map((w, i) =>
        fromGrpcWrite(w, `writes[${i}]`),
      );
      const outcomes = await batchWrite(
        service,
        ctxFor(caller, databaseOf(req.database, 'database')),
        writes,
      );
      return {
        write_results: outcomes.map((o) => (o.ok ? toGrpcWriteResult(o.result) : {})),
        status: outcomes.map((o) =>
          o.ok ? { code: 0 } : { code: o.error.numericCode, message: o.error.message },
        ),
      };
    }),
    Listen: bidiStream((call, end, isEnded) => {
      let stream: ReturnType<typeof openListenStream> | undefined;
      return {
        message: (raw) => {
          const request = fromGrpcListenRequest(raw);
          if (!stream) {
            const ctx: RequestContext = {
              caller: callerOf(call),
              database: databaseOf(request.database, 'database'),
            };
            stream = openListenStream(
              service,
              ctx,
              {
                send: (r) => {
                  if (isEnded()) return;
                  if (call.writableLength > MAX_PENDING_LISTEN_RESPONSES) {
                    // A client that stopped reading; it will reconnect and resume.
                    queueMicrotask(() =>
                      end(
                        new EmulatorError(
                          'UNAVAILABLE',
                          'The client is not reading its Listen stream.',
                        ),
                      ),
                    );
                    return;
                  }
                  call.write(toGrpcListenResponse(r));
                },
                fail: (e) => end(e),
              },
              log,
            );
          }
          if (request.kind === 'add') stream.addTarget(request.target);
          else if (request.kind === 'remove') stream.removeTarget(request.targetId);
        },
        halfClose: () => end(),
        close: () => stream?.close(),
      };
    }),
    Write: bidiStream((call, end, isEnded) => {
      let stream: ReturnType<typeof openWriteStream> | undefined;
      return {
        message: (raw) => {
          const request = raw as GrpcMessage;
          if (!stream) {
            const ctx: RequestContext = {
              caller: callerOf(call),
              database: databaseOf(request.database, 'database'),
            };
            stream = openWriteStream(
              service,
              ctx,
              {
                handshake: (h) =>
                  !isEnded() &&
                  call.write({ stream_id: h.streamId, stream_token: toGrpcBytes(h.streamToken) }),
                result: (r) =>
                  !isEnded() &&
                  call.write({
                    stream_token: toGrpcBytes(r.streamToken),
                    commit_time: toGrpcTimestamp(r.commitTime),
                    write_results: r.writeResults.map(toGrpcWriteResult),
                  }),
                fail: (e) => end(e),
                closed: () => end(),
              },
              log,
            );
          }
          stream.receive(fromGrpcWrites(request.writes, 'writes'));
        },
        // The client half-closed; finish after any batch still being committed.
        halfClose: () => {
          if (!stream) end();
          else stream.receive([]);
        },
        close: () => stream?.close(),
      };
    }),
  };

  const server = new grpc.Server({
    'grpc.max_receive_message_length': 12 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  server.addService(serviceDefinition, implementation);
  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  return {
    inject: (socket) => injector.injectConnection(socket),
    close() {
      injector.destroy();
      server.forceShutdown();
    },
  };
}

/** Production answers document CRUD with the written document, whatever the caller may read. */
async function readBack(
  service: FirestoreService,
  database: string,
  name: string,
): Promise<GrpcMessage> {
  const response = await service.batchGetDocuments(
    { caller: { kind: 'owner' }, database },
    { documents: [name] },
  );
  const result = response.results[0];
  if (!result || !('found' in result))
    throw new EmulatorError('NOT_FOUND', `Document "${name}" not found.`);
  return toGrpcDocument(result.found);
}
