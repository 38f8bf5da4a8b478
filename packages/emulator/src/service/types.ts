// The contract between transports and the Firestore service. Transports decode wire requests
// into these shapes, call the service, and encode what comes back. Nothing here knows about
// HTTP, WebChannel or gRPC.
import type { BloomFilter } from './bloom-filter.js';
import type { EmulatorError } from '../errors.js';
import type { ExplainMetrics } from '../query/explain.js';
import type {
  Aggregation,
  Document,
  FieldPath,
  Fields,
  Precondition,
  StructuredQuery,
  Timestamp,
  Value,
  Write,
  WriteResult,
} from '../model/types.js';

/** Who is calling, decoded from the bearer token by the transport (tokens are never verified). */
export type Caller =
  /** `Bearer owner`: the admin SDK and rules-unit-testing's rules-disabled context. */
  | { readonly kind: 'owner' }
  /** No token at all. */
  | { readonly kind: 'unauthenticated' }
  /** An (unsigned) Firebase ID token: `uid` is `sub ?? user_id`, `token` the whole payload. */
  | {
      readonly kind: 'user';
      readonly uid: string;
      readonly token: Readonly<Record<string, unknown>>;
    };

export type RequestContext = {
  readonly caller: Caller;
  /** `projects/{p}/databases/{d}` from the request (path, `database` field or header). */
  readonly database: string;
};

/** Read consistency: at most one of these is set on a read request. */
export type ReadConsistency = {
  readonly transaction?: Uint8Array;
  readonly newTransaction?: TransactionOptions;
  readonly readTime?: Timestamp;
};

export type TransactionOptions = {
  readonly readOnly: boolean;
  /** A read-only transaction's reads see the database at this time. */
  readonly readTime?: Timestamp;
};

export type CommitRequest = {
  readonly writes: readonly Write[];
  readonly transaction?: Uint8Array;
};
export type CommitResponse = {
  readonly commitTime: Timestamp;
  readonly writeResults: readonly WriteResult[];
};

export type BatchGetRequest = ReadConsistency & {
  readonly documents: readonly string[];
  readonly mask?: readonly (readonly string[])[];
};
export type BatchGetResult =
  | { readonly found: Document; readonly readTime: Timestamp }
  | { readonly missing: string; readonly readTime: Timestamp };
export type BatchGetResponse = {
  /** Set when the request asked for `newTransaction`. */
  readonly transaction?: Uint8Array;
  readonly results: readonly BatchGetResult[];
};

/** Query explain: without `analyze` only the plan is answered, and nothing runs. */
export type ExplainOptions = { readonly analyze: boolean };

export type RunQueryRequest = ReadConsistency & {
  /** `projects/{p}/databases/{d}/documents[/{parent doc path}]`. */
  readonly parent: string;
  readonly query: StructuredQuery;
  readonly explain?: ExplainOptions;
};
export type RunQueryResponse = {
  readonly transaction?: Uint8Array;
  /** Empty when explained without `analyze`. */
  readonly documents: readonly Document[];
  readonly readTime: Timestamp;
  readonly skippedResults: number;
  /** Set when the request asked for explain; `executionStats` only with `analyze`. */
  readonly explainMetrics?: ExplainMetrics;
};

export type RunAggregationQueryRequest = RunQueryRequest & {
  readonly aggregations: readonly Aggregation[];
};
export type RunAggregationQueryResponse = {
  readonly transaction?: Uint8Array;
  /** Empty when explained without `analyze`. */
  readonly result: ReadonlyMap<string, Value>;
  readonly readTime: Timestamp;
  readonly explainMetrics?: ExplainMetrics;
};

export type ListCollectionIdsRequest = {
  readonly parent: string;
  readonly readTime?: Timestamp;
  readonly pageSize?: number;
  readonly pageToken?: string;
};
export type ListCollectionIdsResponse = {
  readonly collectionIds: readonly string[];
  readonly nextPageToken?: string;
};

export type ListDocumentsRequest = ReadConsistency & {
  readonly parent: string;
  readonly collectionId: string;
  readonly pageSize?: number;
  readonly pageToken?: string;
  readonly orderBy?: string;
  readonly showMissing?: boolean;
  readonly mask?: readonly (readonly string[])[];
};
export type ListDocumentsResponse = {
  readonly documents: readonly Document[];
  readonly nextPageToken?: string;
};

export type GetDocumentRequest = Omit<ReadConsistency, 'newTransaction'> & {
  readonly name: string;
  readonly mask?: readonly (readonly string[])[];
};

export type CreateDocumentRequest = {
  /** `projects/{p}/databases/{d}/documents[/{parent doc path}]`. */
  readonly parent: string;
  readonly collectionId: string;
  /** A new id is chosen when absent or empty. */
  readonly documentId?: string;
  readonly fields: Fields;
};

export type UpdateDocumentRequest = {
  readonly name: string;
  readonly fields: Fields;
  readonly updateMask?: readonly FieldPath[];
  readonly precondition?: Precondition;
};

export type DeleteDocumentRequest = {
  readonly name: string;
  readonly precondition?: Precondition;
};

/** Each write of a BatchWrite succeeds or fails on its own. */
export type BatchWriteOutcome =
  | { readonly ok: true; readonly result: WriteResult }
  | { readonly ok: false; readonly error: EmulatorError };

// ---- Listen --------------------------------------------------------------------------------

export type ListenTarget = {
  readonly targetId: number;
  readonly target:
    | { readonly kind: 'query'; readonly parent: string; readonly query: StructuredQuery }
    | { readonly kind: 'documents'; readonly names: readonly string[] };
  readonly resumeToken?: Uint8Array;
  readonly readTime?: Timestamp;
  readonly expectedCount?: number;
  readonly once?: boolean;
  /** `goog-listen-tags` label, e.g. `limbo-document`; informational. */
  readonly tag?: string;
};

export type TargetChangeType = 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET';

export type ListenResponse =
  | {
      readonly kind: 'targetChange';
      readonly changeType: TargetChangeType;
      readonly targetIds: readonly number[];
      readonly cause?: { readonly code: number; readonly message: string };
      readonly resumeToken?: Uint8Array;
      readonly readTime?: Timestamp;
    }
  | {
      readonly kind: 'documentChange';
      readonly document: Document;
      readonly targetIds: readonly number[];
      readonly removedTargetIds: readonly number[];
    }
  | {
      readonly kind: 'documentDelete';
      readonly name: string;
      readonly removedTargetIds: readonly number[];
      readonly readTime: Timestamp;
    }
  | {
      readonly kind: 'documentRemove';
      readonly name: string;
      readonly removedTargetIds: readonly number[];
      readonly readTime?: Timestamp;
    }
  | {
      readonly kind: 'filter';
      readonly targetId: number;
      readonly count: number;
      /** Despite the name, every document matching the target (service/bloom-filter.ts). */
      readonly unchangedNames?: BloomFilter;
    };

/** One Listen request after decoding; `none` carries only the database (a first message). */
export type ListenRequest =
  | { readonly kind: 'add'; readonly target: ListenTarget }
  | { readonly kind: 'remove'; readonly targetId: number }
  | { readonly kind: 'none' };

/**
 * Where a stream delivers its responses. `end` is called exactly once, when the stream closes:
 * with the error that ended it, or with none after a clean close or a `close()` by the transport.
 * Nothing is sent after it.
 */
export interface StreamSink<Response> {
  send(response: Response): void;
  end(error?: unknown): void;
}

/**
 * A bidirectional stream as the service runs it. The stream owns its one "closed" state:
 * `close` (from the transport: the wire went away, or a message could not be decoded) and the
 * stream's own failures take the same path, and every later call is ignored.
 */
export interface ClientStream<Request> {
  receive(request: Request): void;
  /** The client half-closed: Listen ends at once, Write after the batches already received. */
  finish(): void;
  close(error?: unknown): void;
}

/** The Listen stream; `receive` dispatches to `addTarget` and `removeTarget`. */
export interface ListenStream extends ClientStream<ListenRequest> {
  addTarget(target: ListenTarget): void;
  removeTarget(targetId: number): void;
}

// ---- Write stream --------------------------------------------------------------------------

/** One Write request: the first is the handshake; later ones carry a batch, none = clean close. */
export type WriteRequest = { readonly writes?: readonly Write[] };

/** The handshake answer carries `streamId`; batch answers carry `commitTime` and results. */
export type WriteResponse = {
  readonly streamId?: string;
  readonly streamToken: Uint8Array;
  readonly commitTime?: Timestamp;
  readonly writeResults: readonly WriteResult[];
};

// ---- Authorization hook --------------------------------------------------------------------

/** What the rules engine sees of one read or write, decided before the service acts. */
export type AccessMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/**
 * One authorization port, filled by the rules engine (src/rules). The default allows all and
 * says so once at start-up. Implementations throw EmulatorError('PERMISSION_DENIED', …).
 */
export interface Authorizer {
  /** Single-document reads (batchGet, listen document targets, getDocument). */
  authorizeGet(ctx: RequestContext, read: ReadView & { readonly name: string }): void;
  /** Queries: must hold for every document the query could return (rules are not filters). */
  authorizeList(
    ctx: RequestContext,
    read: ReadView & { readonly parent: string; readonly query: StructuredQuery },
  ): void;
  /**
   * A whole batch, judged per write. `before(name)` reads the store as it was, `after(name)`
   * as it will be once every write of the batch applies (for getAfter/existsAfter).
   */
  authorizeWrites(ctx: RequestContext, batch: WriteBatchView): void;
  /** Human-readable line for the start-up banner, e.g. "rules loaded from firestore.rules". */
  describe(): string;
}

/**
 * Where an authorizer applies: every project (no scope), one project, or one database of it.
 * The most specific scope set for a request's database wins.
 */
export type AuthorizerScope = { readonly projectId: string; readonly databaseId?: string };

/** The store as a read sees it, for rules' get()/exists(). */
export type ReadView = {
  readonly time: Timestamp;
  readonly lookup: (name: string) => Document | null;
};

export type WriteBatchView = {
  readonly time: Timestamp;
  readonly writes: readonly {
    readonly write: Write;
    readonly method: 'create' | 'update' | 'delete' | 'verify';
    readonly before: Document | null;
    /** The document after this write with merges and transforms applied; null for deletes. */
    readonly after: Document | null;
  }[];
  readonly before: (name: string) => Document | null;
  readonly after: (name: string) => Document | null;
};

/** The operation table. Transports call these by the API's method names. */
export interface FirestoreService {
  commit(ctx: RequestContext, req: CommitRequest): Promise<CommitResponse>;
  batchGetDocuments(ctx: RequestContext, req: BatchGetRequest): Promise<BatchGetResponse>;
  runQuery(ctx: RequestContext, req: RunQueryRequest): Promise<RunQueryResponse>;
  runAggregationQuery(
    ctx: RequestContext,
    req: RunAggregationQueryRequest,
  ): Promise<RunAggregationQueryResponse>;
  beginTransaction(
    ctx: RequestContext,
    req: { readonly options?: TransactionOptions },
  ): Promise<{ readonly transaction: Uint8Array }>;
  rollback(ctx: RequestContext, req: { readonly transaction: Uint8Array }): Promise<void>;
  listCollectionIds(
    ctx: RequestContext,
    req: ListCollectionIdsRequest,
  ): Promise<ListCollectionIdsResponse>;
  listDocuments(ctx: RequestContext, req: ListDocumentsRequest): Promise<ListDocumentsResponse>;
  getDocument(ctx: RequestContext, req: GetDocumentRequest): Promise<Document>;
  /** Answers the written document, whatever the caller may read (as production does). */
  createDocument(ctx: RequestContext, req: CreateDocumentRequest): Promise<Document>;
  updateDocument(ctx: RequestContext, req: UpdateDocumentRequest): Promise<Document>;
  deleteDocument(ctx: RequestContext, req: DeleteDocumentRequest): Promise<void>;
  /** Applies each write on its own (not atomically) and reports each outcome. */
  batchWrite(
    ctx: RequestContext,
    req: { readonly writes: readonly Write[] },
  ): Promise<readonly BatchWriteOutcome[]>;
  listen(ctx: RequestContext, sink: StreamSink<ListenResponse>): ListenStream;
  write(ctx: RequestContext, sink: StreamSink<WriteResponse>): ClientStream<WriteRequest>;
}
