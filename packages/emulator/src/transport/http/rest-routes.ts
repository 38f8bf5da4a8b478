// REST v1: `/v1/projects/{p}/databases/{d}/documents[/{path}][:{verb}]`. Each route transcodes
// the URL, query parameters and JSON body into the RPC's request message (proto3 JSON), as
// Google's HTTP bindings do, and runs that RPC of rpcs.ts with the codec's JSON face. Nothing
// here decodes a field or builds a reply.
import { EmulatorError } from '../../errors.js';
import type { Caller, FirestoreService } from '../../service/types.js';
import { jsonCodec } from '../codec.js';
import { readObject } from '../json-reader.js';
import type { JsonObject } from '../json-reader.js';
import { callRpc, RPCS } from '../rpcs.js';
import type { Rpc } from '../rpcs.js';

export type RestRequest = {
  readonly method: string;
  readonly url: URL;
  readonly body: unknown;
  /** Decoded lazily, so that routing errors (404) come before auth errors. */
  readonly caller: () => Caller;
};

export type RestReply = { readonly status: number; readonly body: unknown };

/** Parsed `/v1/...` path. `segments` are the decoded path segments after `documents`. */
type ResourcePath = {
  readonly database: string;
  readonly segments: readonly string[];
  readonly verb?: string;
};

const RPCS_BY_VERB = new Map<string, Rpc>(
  Object.values(RPCS).flatMap((rpc: Rpc) => (rpc.restVerb ? [[rpc.restVerb, rpc]] : [])),
);

/** Verbs recognised in a URL; those without an RPC answer UNIMPLEMENTED. */
const VERBS = new Set([
  ...RPCS_BY_VERB.keys(),
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

function parseResourcePath(pathname: string, method: string): ResourcePath {
  let rest = pathname.slice('/v1/'.length);
  let verb: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (method === 'POST' && colon > rest.lastIndexOf('/')) {
    const candidate = rest.slice(colon + 1);
    if (VERBS.has(candidate)) {
      verb = candidate;
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
    ...(verb === undefined ? {} : { verb }),
  };
}

function resourceName(database: string, segments: readonly string[]): string {
  return segments.length === 0
    ? `${database}/documents`
    : `${database}/documents/${segments.join('/')}`;
}

// ---- Query parameters ----------------------------------------------------------------------

function maskParam(url: URL, name: string): JsonObject {
  const fieldPaths = url.searchParams.getAll(`${name}.fieldPaths`);
  return fieldPaths.length === 0 ? {} : { [name]: { fieldPaths } };
}

function stringParams(url: URL, names: readonly string[]): JsonObject {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

function preconditionParam(url: URL): JsonObject {
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
    return { currentDocument: { exists: exists === 'true' } };
  }
  return updateTime === null ? {} : { currentDocument: { updateTime } };
}

// ---- Routes --------------------------------------------------------------------------------

/** The RPC a REST request stands for, and its request message. */
function transcode(
  path: ResourcePath,
  method: string,
  url: URL,
  body: unknown,
): { rpc: Rpc; request: JsonObject } {
  const name = resourceName(path.database, path.segments);
  if (path.verb !== undefined) {
    const rpc = RPCS_BY_VERB.get(path.verb);
    if (rpc === undefined) {
      throw new EmulatorError(
        'UNIMPLEMENTED',
        `The ${path.verb} method is not supported over REST by this emulator.`,
      );
    }
    const atDatabase = rpc.resource === 'database';
    if (atDatabase && path.segments.length > 0) throw notFound(`${name}:${path.verb}`);
    return {
      rpc,
      request: { ...readObject(body, ''), [rpc.resource]: atDatabase ? path.database : name },
    };
  }
  const isDocument = path.segments.length > 0 && path.segments.length % 2 === 0;
  const isCollection = path.segments.length % 2 === 1;
  const consistency = stringParams(url, ['transaction', 'readTime']);
  if (method === 'GET' && isDocument) {
    return { rpc: RPCS.GetDocument, request: { name, ...consistency, ...maskParam(url, 'mask') } };
  }
  if (method === 'PATCH' && isDocument) {
    const document = readObject(body, '');
    if (document.name !== undefined && document.name !== null && document.name !== name) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Document name "${String(document.name)}" does not match the URL "${name}".`,
      );
    }
    return {
      rpc: RPCS.UpdateDocument,
      request: {
        document: { ...document, name },
        ...maskParam(url, 'updateMask'),
        ...preconditionParam(url),
      },
    };
  }
  if (method === 'DELETE' && isDocument) {
    return { rpc: RPCS.DeleteDocument, request: { name, ...preconditionParam(url) } };
  }
  if (isCollection && (method === 'GET' || method === 'POST')) {
    const parent = resourceName(path.database, path.segments.slice(0, -1));
    const collectionId = path.segments[path.segments.length - 1]!;
    if (method === 'POST') {
      return {
        rpc: RPCS.CreateDocument,
        request: {
          parent,
          collectionId,
          ...stringParams(url, ['documentId']),
          document: readObject(body, ''),
        },
      };
    }
    const showMissing = url.searchParams.get('showMissing');
    return {
      rpc: RPCS.ListDocuments,
      request: {
        parent,
        collectionId,
        ...stringParams(url, ['pageSize', 'pageToken', 'orderBy']),
        ...(showMissing === null ? {} : { showMissing: showMissing === 'true' }),
        ...consistency,
        ...maskParam(url, 'mask'),
      },
    };
  }
  throw notFound(`${method} ${url.pathname}`);
}

export async function handleRest(
  service: FirestoreService,
  request: RestRequest,
): Promise<RestReply> {
  const path = parseResourcePath(request.url.pathname, request.method);
  const { rpc, request: message } = transcode(path, request.method, request.url, request.body);
  const body = await callRpc(rpc, jsonCodec, service, message, request.caller);
  return { status: 200, body };
}
