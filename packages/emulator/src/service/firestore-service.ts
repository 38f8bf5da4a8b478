// The Firestore operation table: one handler per API method, keyed by the API's names. Handlers
// see only model types; transports decode requests into them and encode what comes back.
import { randomBytes } from 'node:crypto';
import { EmulatorError } from '../errors.js';
import { maskDocument } from '../model/document.js';
import { parseDocumentName, parseParentName, validateFieldName } from '../model/paths.js';
import type { Document, Timestamp } from '../model/types.js';
import { compareUtf8Strings } from '../model/values.js';
import { aggregateDocuments, aggregatedFields, validateAggregations } from '../query/aggregate.js';
import { executionStats, queryPlanSummary } from '../query/explain.js';
import { applySelect, compileQuery, type CompiledQuery } from '../query/query.js';
import { timestampToMicros, type Clock } from '../store/clock.js';
import type { Store } from '../store/store.js';
import type { VersionHistory } from '../store/version-history.js';
import { allowAllAuthorizer } from './allow-all-authorizer.js';
import { applyWrites, MAX_WRITES_PER_COMMIT, validateWrite } from './commit.js';
import type { ListenEngine } from './listen.js';
import { runQueryOnStore } from './query-runner.js';
import { documentVersion, type Transaction, type TransactionRegistry } from './transactions.js';
import type {
  Authorizer,
  BatchWriteOutcome,
  ClientStream,
  CommitResponse,
  FirestoreService,
  ReadConsistency,
  ReadView,
  RequestContext,
  StreamSink,
  WriteRequest,
  WriteResponse,
} from './types.js';

export type ServiceDeps = {
  readonly store: Store;
  /** Old versions for reads at a past time; every commit records what it replaced. */
  readonly history: VersionHistory;
  readonly clock: Clock;
  readonly listen: ListenEngine;
  readonly transactions: TransactionRegistry;
  /** The authorizer in force for a database (`projects/{p}/databases/{d}`). */
  readonly authorizer: (database: string) => Authorizer;
  /** Counts open write sessions for stats. */
  readonly writeSessions: { open: number };
  /** Picks the id of a document created without one. */
  readonly newDocumentId: () => string;
};

const CONTENTION_MESSAGE = 'Too much contention on these documents. Please try again.';

/** The SDK pipelines at most 10 batches; far more means a client that is not waiting for replies. */
const MAX_PENDING_BATCHES = 1000;

function readView(deps: ServiceDeps, store: Store): ReadView {
  return { time: deps.clock.now(), lookup: (name) => store.get(name) };
}

/** What a read sees: the transaction it belongs to, if any, and the store at its read time. */
type OpenedRead = {
  readonly transaction?: Transaction;
  readonly newId?: Uint8Array;
  /** The read time asked for (directly or by a read-only transaction), if any. */
  readonly readTime?: Timestamp;
  readonly store: Store;
};

/**
 * The store as it was at `readTime`, or the current one. Production serves one hour back (more
 * with point-in-time recovery, which the emulator does not offer).
 */
function storeAt(deps: ServiceDeps, readTime: Timestamp | undefined): Store {
  if (readTime === undefined) return deps.store;
  const at = timestampToMicros(readTime);
  switch (deps.history.unreadable(at, timestampToMicros(deps.clock.now()))) {
    case 'too-old':
      throw new EmulatorError('FAILED_PRECONDITION', 'The requested snapshot version is too old.');
    case 'in-the-future':
      throw new EmulatorError('INVALID_ARGUMENT', 'read_time cannot be in the future.');
    default:
      return deps.history.viewAt(deps.store, at);
  }
}

/** Resolves a read's consistency options: an existing transaction, a new one, or none. */
function openRead(deps: ServiceDeps, ctx: RequestContext, req: ReadConsistency): OpenedRead {
  const { transaction, newId } = openTransaction(deps, ctx, req);
  const readTime = req.readTime ?? transaction?.readTime;
  return {
    ...(transaction === undefined ? {} : { transaction }),
    ...(newId === undefined ? {} : { newId }),
    ...(readTime === undefined ? {} : { readTime }),
    store: storeAt(deps, readTime),
  };
}

function openTransaction(
  deps: ServiceDeps,
  ctx: RequestContext,
  req: ReadConsistency,
): { transaction?: Transaction; newId?: Uint8Array } {
  const set = [req.transaction, req.newTransaction, req.readTime].filter(
    (x) => x !== undefined,
  ).length;
  if (set > 1) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Only one of transaction, newTransaction or readTime may be set.',
    );
  }
  if (req.transaction !== undefined)
    return { transaction: deps.transactions.get(ctx.database, req.transaction) };
  if (req.newTransaction !== undefined) {
    const { readOnly, readTime } = req.newTransaction;
    if (readTime !== undefined) storeAt(deps, readTime);
    const { id, transaction } = deps.transactions.begin(ctx.database, readOnly, readTime);
    return { transaction, newId: id };
  }
  return {};
}

/** The read time of a response: the one asked for, or now. */
function responseTime(deps: ServiceDeps, read: OpenedRead): Timestamp {
  return read.readTime ?? deps.clock.now();
}

function recordQuery(
  transaction: Transaction | undefined,
  compiled: CompiledQuery,
  documents: readonly Document[],
): void {
  if (transaction === undefined) return;
  transaction.queries.push({
    compiled,
    results: new Map(documents.map((d) => [d.name, timestampToMicros(d.updateTime)])),
  });
}

/** Aborts when anything a transaction read has changed since (optimistic concurrency). */
function validateTransactionReads(deps: ServiceDeps, transaction: Transaction): void {
  for (const [name, version] of transaction.reads) {
    if (documentVersion(deps.store.get(name)) !== version)
      throw new EmulatorError('ABORTED', CONTENTION_MESSAGE);
  }
  for (const { compiled, results } of transaction.queries) {
    const { documents } = runQueryOnStore(deps.store, compiled);
    if (documents.length !== results.size) throw new EmulatorError('ABORTED', CONTENTION_MESSAGE);
    for (const doc of documents) {
      if (results.get(doc.name) !== timestampToMicros(doc.updateTime)) {
        throw new EmulatorError('ABORTED', CONTENTION_MESSAGE);
      }
    }
  }
}

/** Microseconds since `started` on the service's clock (at least 1: it strictly increases). */
function elapsedMicros(deps: ServiceDeps, started: Timestamp): number {
  return timestampToMicros(deps.clock.now()) - timestampToMicros(started);
}

function parsePageSize(pageSize: number | undefined): number {
  if (pageSize === undefined || pageSize === 0) return Number.POSITIVE_INFINITY;
  if (pageSize < 0 || !Number.isInteger(pageSize)) {
    throw new EmulatorError('INVALID_ARGUMENT', 'page_size must be a non-negative integer.');
  }
  return pageSize;
}

const EPOCH: Timestamp = { seconds: 0, nanos: 0 };

export function createFirestoreService(deps: ServiceDeps): FirestoreService {
  const commitWrites = (
    ctx: RequestContext,
    writes: Parameters<typeof applyWrites>[2],
  ): CommitResponse => {
    const { commitTime, writeResults, changes } = applyWrites(
      { store: deps.store, clock: deps.clock, authorizer: deps.authorizer(ctx.database) },
      ctx,
      writes,
    );
    deps.history.record(changes, timestampToMicros(commitTime));
    deps.listen.onCommit(changes, commitTime);
    return { commitTime, writeResults };
  };

  const service: FirestoreService = {
    async commit(ctx, req) {
      if (req.transaction !== undefined) {
        const transaction = deps.transactions.get(ctx.database, req.transaction);
        deps.transactions.end(transaction);
        if (transaction.readOnly && req.writes.length > 0) {
          throw new EmulatorError(
            'INVALID_ARGUMENT',
            'Cannot modify entities in a read-only transaction.',
          );
        }
        // A read-only transaction writes nothing, so what it read changing since cannot abort it
        // (and one at a past read time read versions that have changed by design).
        if (!transaction.readOnly) validateTransactionReads(deps, transaction);
      }
      return commitWrites(ctx, req.writes);
    },

    async batchGetDocuments(ctx, req) {
      for (const name of req.documents) parseDocumentName(name, ctx.database);
      for (const path of req.mask ?? []) path.forEach(validateFieldName);
      const read = openRead(deps, ctx, req);
      const { transaction, newId, store } = read;
      if (ctx.caller.kind !== 'owner') {
        const view = readView(deps, store);
        const authorizer = deps.authorizer(ctx.database);
        for (const name of req.documents) authorizer.authorizeGet(ctx, { ...view, name });
      }
      const readTime = responseTime(deps, read);
      const results = req.documents.map((name) => {
        const doc = store.get(name);
        transaction?.reads.set(name, documentVersion(doc));
        return doc === null
          ? { missing: name, readTime }
          : { found: maskDocument(doc, req.mask), readTime };
      });
      return newId === undefined ? { results } : { transaction: newId, results };
    },

    async runQuery(ctx, req) {
      parseParentName(req.parent, ctx.database);
      const compiled = compileQuery(req.parent, req.query);
      const read = openRead(deps, ctx, req);
      const { transaction, newId, store } = read;
      if (ctx.caller.kind !== 'owner') {
        deps
          .authorizer(ctx.database)
          .authorizeList(ctx, { ...readView(deps, store), parent: req.parent, query: req.query });
      }
      const readTime = responseTime(deps, read);
      const transactionPart = newId === undefined ? {} : { transaction: newId };
      if (req.explain?.analyze === false) {
        const explainMetrics = { planSummary: queryPlanSummary(req.query) };
        return { ...transactionPart, documents: [], readTime, skippedResults: 0, explainMetrics };
      }
      const started = deps.clock.now();
      const { documents, skippedResults } = runQueryOnStore(store, compiled);
      recordQuery(transaction, compiled, documents);
      const projected = documents.map((d) => applySelect(d, req.query.select));
      const response = { ...transactionPart, documents: projected, readTime, skippedResults };
      if (req.explain === undefined) return response;
      const scanned = documents.length + skippedResults;
      return {
        ...response,
        explainMetrics: {
          planSummary: queryPlanSummary(req.query),
          executionStats: executionStats({
            resultsReturned: documents.length,
            documentsScanned: scanned,
            indexEntriesScanned: scanned,
            executionDurationMicros: elapsedMicros(deps, started),
            aggregation: false,
          }),
        },
      };
    },

    async runAggregationQuery(ctx, req) {
      parseParentName(req.parent, ctx.database);
      validateAggregations(req.aggregations);
      const compiled = compileQuery(req.parent, req.query, aggregatedFields(req.aggregations));
      const read = openRead(deps, ctx, req);
      const { transaction, newId, store } = read;
      if (ctx.caller.kind !== 'owner') {
        deps
          .authorizer(ctx.database)
          .authorizeList(ctx, { ...readView(deps, store), parent: req.parent, query: req.query });
      }
      const readTime = responseTime(deps, read);
      const transactionPart = newId === undefined ? {} : { transaction: newId };
      if (req.explain?.analyze === false) {
        const explainMetrics = { planSummary: queryPlanSummary(req.query) };
        return { ...transactionPart, result: new Map(), readTime, explainMetrics };
      }
      const started = deps.clock.now();
      const { documents, skippedResults } = runQueryOnStore(store, compiled);
      recordQuery(transaction, compiled, documents);
      const result = aggregateDocuments(documents, req.aggregations);
      if (req.explain === undefined) return { ...transactionPart, result, readTime };
      return {
        ...transactionPart,
        result,
        readTime,
        explainMetrics: {
          planSummary: queryPlanSummary(req.query),
          executionStats: executionStats({
            resultsReturned: 1,
            documentsScanned: 0,
            indexEntriesScanned: documents.length + skippedResults,
            executionDurationMicros: elapsedMicros(deps, started),
            aggregation: true,
          }),
        },
      };
    },

    async beginTransaction(ctx, req) {
      const { readOnly = false, readTime } = req.options ?? {};
      // A read time outside the window fails here, as in production, not at the first read.
      if (readTime !== undefined) storeAt(deps, readTime);
      const { id } = deps.transactions.begin(ctx.database, readOnly, readTime);
      return { transaction: id };
    },

    async rollback(ctx, req) {
      try {
        deps.transactions.end(deps.transactions.get(ctx.database, req.transaction));
      } catch (error) {
        // Rolling back an expired transaction is harmless; a malformed id is not.
        if (!(error instanceof EmulatorError) || error.code !== 'ABORTED') throw error;
      }
    },

    async listCollectionIds(ctx, req) {
      parseParentName(req.parent, ctx.database);
      if (ctx.caller.kind !== 'owner' && deps.authorizer(ctx.database) !== allowAllAuthorizer) {
        // Security rules cannot grant this; production allows it only to privileged callers.
        throw new EmulatorError('PERMISSION_DENIED', 'Missing or insufficient permissions.');
      }
      const pageSize = parsePageSize(req.pageSize);
      let ids = storeAt(deps, req.readTime).listCollectionIds(req.parent);
      if (req.pageToken) {
        const after = Buffer.from(req.pageToken, 'base64').toString('utf8');
        ids = ids.filter((id) => compareUtf8Strings(id, after) > 0);
      }
      if (ids.length <= pageSize) return { collectionIds: ids };
      const page = ids.slice(0, pageSize);
      return {
        collectionIds: page,
        nextPageToken: Buffer.from(page[page.length - 1] as string, 'utf8').toString('base64'),
      };
    },

    async listDocuments(ctx, req) {
      parseParentName(req.parent, ctx.database);
      const collectionPath = `${req.parent}/${req.collectionId}`;
      if (req.collectionId !== '') parseParentName(`${collectionPath}/x`, ctx.database);
      for (const path of req.mask ?? []) path.forEach(validateFieldName);
      const { transaction, store } = openRead(deps, ctx, req);
      const query = {
        from: [{ collectionId: req.collectionId, allDescendants: req.collectionId === '' }],
        orderBy: [],
        offset: 0,
      };
      if (ctx.caller.kind !== 'owner') {
        deps
          .authorizer(ctx.database)
          .authorizeList(ctx, { ...readView(deps, store), parent: req.parent, query });
      }
      const pageSize = parsePageSize(req.pageSize);
      const documents: Document[] = [...store.collectionDocuments(collectionPath)];
      if (req.showMissing === true) {
        // Missing documents (subcollections only) carry just a name; times are the epoch.
        for (const name of store.missingDocumentNames(collectionPath)) {
          documents.push({ name, fields: new Map(), createTime: EPOCH, updateTime: EPOCH });
        }
      }
      documents.sort((a, b) => compareUtf8Strings(a.name, b.name));
      let start = 0;
      if (req.pageToken) {
        const after = Buffer.from(req.pageToken, 'base64').toString('utf8');
        start = documents.findIndex((d) => compareUtf8Strings(d.name, after) > 0);
        if (start === -1) start = documents.length;
      }
      const page = documents.slice(start, start + Math.min(pageSize, documents.length));
      for (const doc of page)
        transaction?.reads.set(doc.name, documentVersion(store.get(doc.name)));
      const masked = page.map((d) => maskDocument(d, req.mask));
      const more = start + page.length < documents.length;
      return more
        ? {
            documents: masked,
            nextPageToken: Buffer.from((page[page.length - 1] as Document).name, 'utf8').toString(
              'base64',
            ),
          }
        : { documents: masked };
    },

    async getDocument(ctx, req) {
      const { results } = await service.batchGetDocuments(ctx, {
        ...req,
        documents: [req.name],
      });
      const result = results[0];
      if (!result || !('found' in result)) {
        throw new EmulatorError('NOT_FOUND', `Document "${req.name}" not found.`);
      }
      return result.found;
    },

    async createDocument(ctx, req) {
      const id = req.documentId ? req.documentId : deps.newDocumentId();
      const name = `${req.parent}/${req.collectionId}/${id}`;
      commitWrites(ctx, [
        {
          kind: 'update',
          name,
          fields: req.fields,
          transforms: [],
          precondition: { kind: 'exists', exists: false },
        },
      ]);
      return readBack(ctx, name);
    },

    async updateDocument(ctx, req) {
      commitWrites(ctx, [
        {
          kind: 'update',
          name: req.name,
          fields: req.fields,
          ...(req.updateMask ? { updateMask: req.updateMask } : {}),
          transforms: [],
          ...(req.precondition ? { precondition: req.precondition } : {}),
        },
      ]);
      return readBack(ctx, req.name);
    },

    async deleteDocument(ctx, req) {
      commitWrites(ctx, [
        {
          kind: 'delete',
          name: req.name,
          ...(req.precondition ? { precondition: req.precondition } : {}),
        },
      ]);
    },

    async batchWrite(ctx, req) {
      // A malformed write (a bad name, field path or value) fails the whole request, as in
      // production; what only the stored state decides (preconditions, rules) fails one write.
      if (req.writes.length > MAX_WRITES_PER_COMMIT) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `maximum ${MAX_WRITES_PER_COMMIT} writes allowed per request`,
        );
      }
      const writes = req.writes.map((write) => validateWrite(write, ctx.database));
      const outcomes: BatchWriteOutcome[] = [];
      for (const write of writes) {
        try {
          const { writeResults } = commitWrites(ctx, [write]);
          outcomes.push({ ok: true, result: writeResults[0] ?? { transformResults: [] } });
        } catch (error) {
          if (!(error instanceof EmulatorError)) throw error;
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    },

    listen(ctx, sink) {
      return deps.listen.open(ctx, sink);
    },

    write(ctx, sink) {
      return openWriteStream(deps, ctx, sink, commitWrites);
    },
  };

  /** Production answers document CRUD with the written document, whatever the caller may read. */
  const readBack = (ctx: RequestContext, name: string) =>
    service.getDocument({ ...ctx, caller: { kind: 'owner' } }, { name });

  return service;
}

/**
 * The Write stream: the first request is the handshake (answered with a stream id), each later
 * one commits a batch, answered strictly in arrival order; an empty request or `finish()` closes
 * cleanly once the batches already received are answered. `state` is the stream's only record of
 * being closed: every way of ending it goes through `close`.
 */
function openWriteStream(
  deps: ServiceDeps,
  ctx: RequestContext,
  sink: StreamSink<WriteResponse>,
  commitWrites: (ctx: RequestContext, writes: Parameters<typeof applyWrites>[2]) => CommitResponse,
): ClientStream<WriteRequest> {
  const streamId = randomBytes(12).toString('base64url');
  let state: 'new' | 'open' | 'finishing' | 'closed' = 'new';
  let counter = 0;
  let pending = 0;
  let chain: Promise<void> = Promise.resolve();
  const nextToken = (): Uint8Array => {
    const token = Buffer.alloc(8);
    token.writeBigUInt64BE(BigInt(++counter));
    return new Uint8Array(token);
  };
  const close = (error?: unknown): void => {
    if (state === 'closed') return;
    if (state !== 'new') deps.writeSessions.open--;
    state = 'closed';
    sink.end(error);
  };
  const finish = (): void => {
    if (state === 'new') close();
    if (state !== 'open') return;
    state = 'finishing';
    chain = chain.then(() => close());
  };
  return {
    receive(request) {
      if (state === 'new') {
        state = 'open';
        deps.writeSessions.open++;
        sink.send({ streamId, streamToken: nextToken(), writeResults: [] });
        return;
      }
      if (state !== 'open') return;
      const writes = request.writes;
      if (!writes || writes.length === 0) {
        finish();
        return;
      }
      if (pending >= MAX_PENDING_BATCHES) {
        close(
          new EmulatorError(
            'RESOURCE_EXHAUSTED',
            `More than ${MAX_PENDING_BATCHES} write batches are waiting on this stream.`,
          ),
        );
        return;
      }
      pending++;
      chain = chain.then(() => {
        pending--;
        if (state === 'closed') return;
        try {
          sink.send({ ...commitWrites(ctx, writes), streamToken: nextToken() });
        } catch (error) {
          close(error);
        }
      });
    },
    finish,
    close,
  };
}
