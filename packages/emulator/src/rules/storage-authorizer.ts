// The StorageAuthorizer the Storage service calls before every client request. It builds
// production's `request` and `resource` for `service firebase.storage` and lets decide.ts
// evaluate the same compiled rules as Firestore's authorizer does:
// - the target path is `b/{bucket}/o/{object name's segments}`, so rules written as
//   `match /b/{bucket}/o { match /users/{uid}/{file} … }` match object names segment by segment
//   (a list: its prefix's segments and one unknown child);
// - `request`: auth, method, path, time and resource (the object as the write would leave it;
//   null for reads and deletes); `resource`: the stored object (null on create or when missing);
// - `firestore.get()`/`firestore.exists()` read the same project's Firestore in-process through
//   the FirestoreDocumentReader port, with production's cross-service limits.
import { EmulatorError } from '../errors.js';
import type { Timestamp } from '../model/types.js';
import type {
  FirestoreDocumentReader,
  StorageAuthorizer,
  StorageMethod,
  StorageObjectResource,
  StorageRulesRequest,
} from '../storage/rules-port.js';
import { authValue } from './authorizer.js';
import type { Ruleset } from './compiler.js';
import { decide, denialMessage, type Decision } from './decide.js';
import { STORAGE_REQUEST_ACCESS_LIMIT, StoreReader } from './document-access.js';
import { Scope } from './evaluator.js';
import { knownSegments, type TargetSegment } from './paths.js';
import {
  NULL,
  int,
  map,
  mapOf,
  path,
  str,
  timestampFromParts,
  type MapValue,
  type RulesValue,
} from './values.js';

export type StorageRulesAuthorizerOptions = {
  /** The Firestore data that `firestore.get()` and `firestore.exists()` read. */
  readonly firestore: FirestoreDocumentReader;
  /** The start-up banner line, e.g. "storage rules loaded from storage.rules". */
  readonly describe?: string;
  /** Append why each allow failed to the denial message (default true), as for Firestore. */
  readonly explain?: boolean;
  /** The project whose Firestore the rules read; by default derived from the bucket's name. */
  readonly projectId?: string;
};

export type StorageRulesAuthorizer = StorageAuthorizer & { describe(): string };

export function createStorageRulesAuthorizer(
  ruleset: Ruleset,
  options: StorageRulesAuthorizerOptions,
): StorageRulesAuthorizer {
  if (ruleset.service !== 'firebase.storage')
    throw new Error(`Rules for ${ruleset.service} cannot authorize Cloud Storage requests.`);
  return new RulesStorageAuthorizer(ruleset, options);
}

/** The official emulator's denial per kind of request (production's wording). */
const DENIAL: Readonly<Record<StorageMethod, string>> = {
  get: 'Permission denied. No READ permission.',
  list: 'Permission denied. No LIST permission.',
  create: 'Permission denied. No WRITE permission.',
  update: 'Permission denied. No WRITE permission.',
  delete: 'Permission denied. No WRITE permission.',
};

/**
 * The project a bucket belongs to: `p.appspot.com` and `p.firebasestorage.app` are project p's
 * default buckets; any other name is taken as the project id itself (rules-unit-testing's
 * default bucket is `gs://{projectId}`).
 */
export function projectOfBucket(bucket: string): string {
  for (const suffix of ['.appspot.com', '.firebasestorage.app']) {
    if (bucket.endsWith(suffix) && bucket.length > suffix.length)
      return bucket.slice(0, -suffix.length);
  }
  return bucket;
}

/** An object name's path segments; empty ones (`a//b`, a list prefix's trailing `/`) drop out. */
export function objectSegments(name: string): string[] {
  return name.split('/').filter((segment) => segment !== '');
}

const timestamp = (t: Timestamp): RulesValue => timestampFromParts(t.seconds, t.nanos);
const optionalString = (value: string | undefined): RulesValue =>
  value === undefined ? NULL : str(value);
/** Generations are int64s that the JSON API spells as strings; rules see ints. */
const generationValue = (value: string): RulesValue =>
  /^\d{1,18}$/.test(value) ? int(BigInt(value)) : str(value);

/** An object's metadata as rules see it in `resource` and `request.resource`. */
export function storageResourceValue(object: StorageObjectResource): MapValue {
  return mapOf({
    name: str(object.name),
    bucket: str(object.bucket),
    size: int(BigInt(Math.trunc(object.size))),
    contentType: optionalString(object.contentType),
    md5Hash: str(object.md5Hash),
    crc32c: str(object.crc32c),
    etag: str(object.etag),
    generation: generationValue(object.generation),
    metageneration: generationValue(object.metageneration),
    timeCreated: timestamp(object.timeCreated),
    updated: timestamp(object.updated),
    metadata: map(new Map(Object.entries(object.metadata).map(([k, v]) => [k, str(v)]))),
    cacheControl: optionalString(object.cacheControl),
    contentDisposition: optionalString(object.contentDisposition),
    contentEncoding: optionalString(object.contentEncoding),
    contentLanguage: optionalString(object.contentLanguage),
  });
}

const resourceValue = (object: StorageObjectResource | null): RulesValue =>
  object === null ? NULL : storageResourceValue(object);

class RulesStorageAuthorizer implements StorageRulesAuthorizer {
  constructor(
    private readonly ruleset: Ruleset,
    private readonly options: StorageRulesAuthorizerOptions,
  ) {}

  describe(): string {
    return this.options.describe ?? `storage rules from ${this.ruleset.source.fileName}`;
  }

  async authorize(request: StorageRulesRequest): Promise<void> {
    if (request.caller.kind === 'owner') return;
    const { method } = request;
    // Production answers list requests only under rules_version 2.
    if (method === 'list' && this.ruleset.version !== '2') {
      this.enforce(method, {
        allowed: false,
        reasons: ["list requires rules_version = '2'"],
      });
    }
    const segments = ['b', request.bucket, 'o', ...objectSegments(request.path)];
    // A list returns the objects one level under its prefix (the SDK always lists with the
    // delimiter '/'), so, like a Firestore query, it is judged by the patterns that match every
    // child the prefix could have: the child's own name is unknown, and reading a wildcard bound
    // to it is an error.
    const target: TargetSegment[] =
      method === 'list'
        ? [...knownSegments(segments), { kind: 'unknownId' }]
        : knownSegments(segments);
    const project = this.options.projectId ?? projectOfBucket(request.bucket);
    const lookup = (name: string) => this.options.firestore.getDocument(name) ?? null;
    const reader = new StoreReader({
      database: `projects/${project}/databases/(default)`,
      before: lookup,
      after: lookup,
      requestLimit: STORAGE_REQUEST_ACCESS_LIMIT,
    });
    const requestVariable = mapOf({
      auth: authValue(request.caller),
      method: str(method),
      path: path(segments),
      time: timestamp(request.time),
      resource: resourceValue(request.requestResource),
    });
    const root = new Scope()
      .set('request', requestVariable)
      .set('resource', resourceValue(request.resource));
    this.enforce(method, decide(this.ruleset, method, target, root, reader));
  }

  private enforce(method: StorageMethod, decision: Decision): void {
    if (decision.allowed) return;
    throw new EmulatorError(
      'PERMISSION_DENIED',
      denialMessage(DENIAL[method], decision.reasons, this.options.explain),
    );
  }
}
