// REST v1: `/v1/projects/{p}/databases/{d}/documents[/{path}][:{method}]`. Each route decodes the
// JSON body with rest-codec, calls one service operation, and encodes the answer. Streamed RPCs
// (batchGet, runQuery, runAggregationQuery) answer one JSON array, as Google's front end does.
import { EmulatorError } from '../../errors.js';
import { parseFieldPath } from '../../model/paths.js';
import type { Write, WriteResult } from '../../model/types.js';
import type { FirestoreService, RequestContext } from '../../service/types.js';
import { autoId } from '../auto-id.js';
import { parseInt32 } from '../wire-common.js';
import { readArray, readBytes, readMessage, readString } from './json-reader.js';
import {
  fromRestConsistency,
  fromRestDocumentInput,
  fromRestStructuredAggregationQuery,
  fromRestStructuredQuery,
  fromRestTimestamp,
  fromRestTransactionOptions,
  fromRestWrite,
  fromRestWrites,
  toRestBatchGetResult,
  toRestBytes,
  toRestDocument,
  toRestFields,
  toRestTimestamp,
  toRestWriteResult,
} from './rest-codec.js';

export type RestRequest = {
  readonly method: string;
  readonly url: URL;
  readonly body: unknown;
  readonly ctx: (database: string) => RequestContext;
};

export type RestReply = { readonly status: number; readonly body: unknown };

/** Parsed `/v1/...` path. `segments` are the decoded path segments after `documents`. */
type ResourcePath = {
  readonly database: string;
  readonly segments: readonly string[];
  readonly rpc?: string;
};

const COLLECTION_RPCS = new Set([
  'commit',
  'batchGet',
  'beginTransaction',
  'rollback',
  'runQuery',
  'runAggregationQuery',
  'listCollectionIds',
  'batchWrite',
  'partitionQuery',
  'listen',
  'write',
  'executePipeline',
]);

function notFound(path: string): EmulatorError {
  return new EmulatorError('NOT_FOUND', `No REST route for ${path}.`);
}

function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  if (decoded.includes('/')) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid path segment "${decoded}": it contains "/".`,
    );
  }
  return decoded;
}

export function parseResourcePath(pathname: string, method: string): ResourcePath {
  let rest = pathname.slice('/v1/'.length);
  let rpc: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (method === 'POST' && colon > rest.lastIndexOf('/')) {
    const candidate = rest.slice(colon + 1);
    if (COLLECTION_RPCS.has(candidate)) {
      rpc = candidate;
      rest = rest.slice(0, colon);
    }
  }
  const parts = rest.split('/').map(decodeSegment);
  if (
    parts.length < 5 ||
    parts[0] !== 'projects' ||
    parts[2] !== 'databases' ||
    parts[4] !== 'documents' ||
    parts[1] === '' ||
    parts[3] === ''
  ) {
    throw notFound(pathname);
  }
  if (parts.slice(5).some((s) => s === '')) {
    throw new EmulatorError('INVALID_ARGUMENT', `Invalid resource path "${rest}": empty segment.`);
  }
  return {
    database: `projects/${parts[1]}/databases/${parts[3]}`,
    segments: parts.slice(5),
    ...(rpc === undefined ? {} : { rpc }),
  };
}

function documentsRoot(path: ResourcePath): string {
  return `${path.database}/documents`;
}

function resourceName(path: ResourcePath): string {
  return path.segments.length === 0
    ? documentsRoot(path)
    : `${documentsRoot(path)}/${path.segments.join('/')}`;
}

function ok(body: unknown): RestReply {
  return { status: 200, body };
}

// ---- Query parameters (GET/PATCH/DELETE document CRUD) -------------------------------------

function maskFromQuery(url: URL, name: string): string[][] | undefined {
  const values = url.searchParams.getAll(`${name}.fieldPaths`);
  if (values.length === 0) return undefined;
  return values.map((v) => [
    ...parseFieldPath(v, { where: `${name}.fieldPaths`, unquoted: 'wire' }),
  ]);
}

function preconditionFromQuery(url: URL): Write['precondition'] {
  const exists = url.searchParams.get('currentDocument.exists');
  const updateTime = url.searchParams.get('currentDocument.updateTime');
  if (exists !== null && updateTime !== null) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Only one of currentDocument.exists and currentDocument.updateTime may be set.',
    );
  }
  if (exists !== null) {
    if (exists !== 'true' && exists !== 'false') {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Invalid value at 'currentDocument.exists' (TYPE_BOOL), "${exists}"`,
      );
    }
    return { kind: 'exists', exists: exists === 'true' };
  }
  if (updateTime !== null) {
    return {
      kind: 'updateTime',
      updateTime: fromRestTimestamp(updateTime, 'currentDocument.updateTime'),
    };
  }
  return undefined;
}

function consistencyFromQuery(url: URL): ReturnType<typeof fromRestConsistency> {
  const body: Record<string, unknown> = {};
  for (const key of ['transaction', 'readTime'] as const) {
    const value = url.searchParams.get(key);
    if (value !== null) body[key] = value;
  }
  return fromRestConsistency(body, '');
}

// ---- Routes --------------------------------------------------------------------------------

async function readDocument(
  service: FirestoreService,
  ctx: RequestContext,
  name: string,
  url?: URL,
): Promise<RestReply> {
  const mask = url ? maskFromQuery(url, 'mask') : undefined;
  const response = await service.batchGetDocuments(ctx, {
    documents: [name],
    ...(url ? consistencyFromQuery(url) : {}),
    ...(mask ? { mask } : {}),
  });
  const result = response.results[0];
  if (!result || !('found' in result)) {
    throw new EmulatorError('NOT_FOUND', `Document "${name}" not found.`);
  }
  return ok(toRestDocument(result.found));
}

async function commitOne(
  service: FirestoreService,
  ctx: RequestContext,
  write: Write,
): Promise<void> {
  await service.commit(ctx, { writes: [write] });
}

export async function handleRest(
  service: FirestoreService,
  request: RestRequest,
): Promise<RestReply> {
  const { method, url } = request;
  const path = parseResourcePath(url.pathname, method);
  const ctx = request.ctx(path.database);
  if (path.rpc !== undefined) return handleRpc(service, ctx, path, request.body);
  const name = resourceName(path);
  const isDocument = path.segments.length > 0 && path.segments.length % 2 === 0;
  const isCollection = path.segments.length % 2 === 1;
  switch (method) {
    case 'GET':
      if (isDocument) return readDocument(service, ctx, name, url);
      if (isCollection) return listDocuments(service, ctx, path, url);
      break;
    case 'PATCH': {
      if (!isDocument) break;
      const doc = fromRestDocumentInput(request.body, '');
      if (doc.name !== undefined && doc.name !== name) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `Document name "${doc.name}" does not match the URL "${name}".`,
        );
      }
      const updateMask = maskFromQuery(url, 'updateMask');
      const precondition = preconditionFromQuery(url);
      await commitOne(service, ctx, {
        kind: 'update',
        name,
        fields: doc.fields,
        ...(updateMask ? { updateMask } : {}),
        transforms: [],
        ...(precondition ? { precondition } : {}),
      });
      // Production returns the written document whatever the caller may read.
      return readDocument(service, { ...ctx, caller: { kind: 'owner' } }, name);
    }
    case 'DELETE': {
      if (!isDocument) break;
      const precondition = preconditionFromQuery(url);
      await commitOne(service, ctx, {
        kind: 'delete',
        name,
        ...(precondition ? { precondition } : {}),
      });
      return ok({});
    }
    case 'POST': {
      if (!isCollection) break;
      const doc = fromRestDocumentInput(request.body, '');
      const id = url.searchParams.get('documentId') ?? autoId();
      const docName = `${name}/${id}`;
      await commitOne(service, ctx, {
        kind: 'update',
        name: docName,
        fields: doc.fields,
        transforms: [],
        precondition: { kind: 'exists', exists: false },
      });
      return readDocument(service, { ...ctx, caller: { kind: 'owner' } }, docName);
    }
    default:
      break;
  }
  throw notFound(`${method} ${url.pathname}`);
}

async function listDocuments(
  service: FirestoreService,
  ctx: RequestContext,
  path: ResourcePath,
  url: URL,
): Promise<RestReply> {
  const collectionId = path.segments[path.segments.length - 1]!;
  const parentSegments = path.segments.slice(0, -1);
  const parent =
    parentSegments.length === 0
      ? documentsRoot(path)
      : `${documentsRoot(path)}/${parentSegments.join('/')}`;
  const pageSize = url.searchParams.get('pageSize');
  const pageToken = url.searchParams.get('pageToken');
  const orderBy = url.searchParams.get('orderBy');
  const showMissing = url.searchParams.get('showMissing');
  const mask = maskFromQuery(url, 'mask');
  const response = await service.listDocuments(ctx, {
    parent,
    collectionId,
    ...consistencyFromQuery(url),
    ...(pageSize === null ? {} : { pageSize: parseInt32(pageSize, 'pageSize') }),
    ...(pageToken === null || pageToken === '' ? {} : { pageToken }),
    ...(orderBy === null ? {} : { orderBy }),
    ...(showMissing === null ? {} : { showMissing: showMissing === 'true' }),
    ...(mask ? { mask } : {}),
  });
  return ok({
    ...(response.documents.length > 0 ? { documents: response.documents.map(toRestDocument) } : {}),
    ...(response.nextPageToken ? { nextPageToken: response.nextPageToken } : {}),
  });
}

async function handleRpc(
  service: FirestoreService,
  ctx: RequestContext,
  path: ResourcePath,
  rawBody: unknown,
): Promise<RestReply> {
  const parent = resourceName(path);
  const rpc = path.rpc!;
  const atRoot = path.segments.length === 0;
  const needsRoot = (): void => {
    if (!atRoot) throw notFound(`${parent}:${rpc}`);
  };
  switch (rpc) {
    case 'commit': {
      needsRoot();
      const body = readMessage(rawBody, '', ['writes', 'transaction', 'database']);
      const response = await service.commit(ctx, {
        writes: fromRestWrites(body.writes, 'writes'),
        ...(body.transaction === undefined
          ? {}
          : { transaction: readBytes(body.transaction, 'transaction') }),
      });
      return ok({
        writeResults: response.writeResults.map(toRestWriteResult),
        commitTime: toRestTimestamp(response.commitTime),
      });
    }
    case 'batchGet': {
      needsRoot();
      const body = readMessage(rawBody, '', [
        'documents',
        'mask',
        'transaction',
        'newTransaction',
        'readTime',
        'database',
      ]);
      const names = body.documents === undefined ? [] : readArray(body.documents, 'documents');
      const mask =
        body.mask === undefined
          ? undefined
          : (() => {
              const m = readMessage(body.mask, 'mask', ['fieldPaths']);
              const paths =
                m.fieldPaths === undefined ? [] : readArray(m.fieldPaths, 'mask.fieldPaths');
              return paths.map((p, i) => {
                const at = `mask.fieldPaths[${i}]`;
                return [...parseFieldPath(readString(p, at), { where: at, unquoted: 'wire' })];
              });
            })();
      const response = await service.batchGetDocuments(ctx, {
        documents: names.map((n, i) => readString(n, `documents[${i}]`)),
        ...fromRestConsistency(body, ''),
        ...(mask ? { mask } : {}),
      });
      const results: Record<string, unknown>[] = response.results.map(toRestBatchGetResult);
      if (response.transaction) {
        const transaction = toRestBytes(response.transaction);
        if (results.length === 0) results.push({ transaction });
        else results[0] = { transaction, ...results[0] };
      }
      return ok(results);
    }
    case 'runQuery': {
      const body = readMessage(rawBody, '', [
        'structuredQuery',
        'transaction',
        'newTransaction',
        'readTime',
        'explainOptions',
      ]);
      if (body.structuredQuery === undefined) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          'Invalid argument: structuredQuery is required.',
        );
      }
      const response = await service.runQuery(ctx, {
        parent,
        query: fromRestStructuredQuery(body.structuredQuery, 'structuredQuery'),
        ...fromRestConsistency(body, ''),
      });
      const readTime = toRestTimestamp(response.readTime);
      const results: Record<string, unknown>[] = response.documents.map((doc) => ({
        document: toRestDocument(doc),
        readTime,
      }));
      if (results.length === 0) results.push({ readTime });
      if (response.skippedResults > 0) results[0]!.skippedResults = response.skippedResults;
      if (response.transaction)
        results[0] = { transaction: toRestBytes(response.transaction), ...results[0] };
      return ok(results);
    }
    case 'runAggregationQuery': {
      const body = readMessage(rawBody, '', [
        'structuredAggregationQuery',
        'transaction',
        'newTransaction',
        'readTime',
        'explainOptions',
      ]);
      if (body.structuredAggregationQuery === undefined) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          'Invalid argument: structuredAggregationQuery is required.',
        );
      }
      const { query, aggregations } = fromRestStructuredAggregationQuery(
        body.structuredAggregationQuery,
        'structuredAggregationQuery',
      );
      const response = await service.runAggregationQuery(ctx, {
        parent,
        query,
        aggregations,
        ...fromRestConsistency(body, ''),
      });
      return ok([
        {
          ...(response.transaction ? { transaction: toRestBytes(response.transaction) } : {}),
          result: { aggregateFields: toRestFields(response.result) },
          readTime: toRestTimestamp(response.readTime),
        },
      ]);
    }
    case 'beginTransaction': {
      needsRoot();
      const body = readMessage(rawBody, '', ['options']);
      const response = await service.beginTransaction(
        ctx,
        body.options === undefined
          ? {}
          : { options: fromRestTransactionOptions(body.options, 'options') },
      );
      return ok({ transaction: toRestBytes(response.transaction) });
    }
    case 'rollback': {
      needsRoot();
      const body = readMessage(rawBody, '', ['transaction']);
      if (body.transaction === undefined) {
        throw new EmulatorError('INVALID_ARGUMENT', 'Invalid argument: transaction is required.');
      }
      await service.rollback(ctx, { transaction: readBytes(body.transaction, 'transaction') });
      return ok({});
    }
    case 'listCollectionIds': {
      const body = readMessage(rawBody, '', ['pageSize', 'pageToken', 'readTime']);
      const response = await service.listCollectionIds(ctx, {
        parent,
        ...(body.pageSize === undefined ? {} : { pageSize: parseInt32(body.pageSize, 'pageSize') }),
        ...(body.pageToken === undefined || body.pageToken === ''
          ? {}
          : { pageToken: readString(body.pageToken, 'pageToken') }),
      });
      return ok({
        ...(response.collectionIds.length > 0 ? { collectionIds: response.collectionIds } : {}),
        ...(response.nextPageToken ? { nextPageToken: response.nextPageToken } : {}),
      });
    }
    case 'batchWrite': {
      needsRoot();
      const body = readMessage(rawBody, '', ['writes', 'labels', 'database']);
      const raws = body.writes === undefined ? [] : readArray(body.writes, 'writes');
      const writes = raws.map((w, i) => fromRestWrite(w, `writes[${i}]`));
      const batch = await batchWrite(service, ctx, writes);
      return ok({
        writeResults: batch.map((r) => (r.ok ? toRestWriteResult(r.result) : {})),
        status: batch.map((r) =>
          r.ok ? {} : { code: r.error.numericCode, message: r.error.message },
        ),
      });
    }
    default:
      throw new EmulatorError(
        'UNIMPLEMENTED',
        `The ${rpc} method is not supported over REST by this emulator.`,
      );
  }
}

export type BatchWriteOutcome =
  | { readonly ok: true; readonly result: WriteResult }
  | { readonly ok: false; readonly error: EmulatorError };

/** BatchWrite applies each write on its own (not atomically) and reports each outcome. */
export async function batchWrite(
  service: FirestoreService,
  ctx: RequestContext,
  writes: readonly Write[],
): Promise<BatchWriteOutcome[]> {
  const outcomes: BatchWriteOutcome[] = [];
  for (const write of writes) {
    try {
      const response = await service.commit(ctx, { writes: [write] });
      outcomes.push({ ok: true, result: response.writeResults[0] ?? { transformResults: [] } });
    } catch (error) {
      if (!(error instanceof EmulatorError)) throw error;
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
