// get(), exists(), getAfter() and existsAfter() against the store, and storage rules'
// firestore.get() and firestore.exists() against the same project's Firestore, with
// production's limits.
// Production's documented limits on document access calls per request
// (firebase.google.com/docs/firestore/security/rules-structure, "Access calls and pricing"):
//   - 10 for single-document requests and query requests;
//   - 20 for multi-document reads, transactions and batched writes, and the limit of 10 still
//     applies to each operation in them;
//   - calls for a document already fetched in the request are cached and do not count again;
//   - exceeding a limit denies the request (here RulesLimitError, which `||` cannot absorb).
// We count distinct documents per request and per operation; get() and getAfter() of the same
// document are two reads (of two different states). Storage rules may read two distinct
// documents per request, of the (default) database only (cross-service rules).
import type { Document } from '../model/types.js';
import { RulesEvalError, RulesLimitError } from './errors.js';
import type { DocumentReader } from './functions.js';
import { resourceOf, type PathValue, type RulesValue } from './values.js';

export const SINGLE_REQUEST_ACCESS_LIMIT = 10;
export const BATCH_REQUEST_ACCESS_LIMIT = 20;
export const PER_OPERATION_ACCESS_LIMIT = 10;
export const STORAGE_REQUEST_ACCESS_LIMIT = 2;

export type StoreReaderOptions = {
  /** `projects/{p}/databases/{d}` of the request. */
  readonly database: string;
  readonly before: (name: string) => Document | null;
  /** The store with the whole batch applied; reads pass `before`. */
  readonly after: (name: string) => Document | null;
  readonly requestLimit: number;
};

export class StoreReader implements DocumentReader {
  private readonly databaseId: string;
  private readonly project: string;
  private readonly cache = new Map<string, RulesValue>();
  private readonly operationKeys = new Set<string>();

  constructor(private readonly options: StoreReaderOptions) {
    const parts = options.database.split('/');
    this.project = parts[1] ?? '';
    this.databaseId = parts[3] ?? '(default)';
  }

  /** Starts the next write of a batch: the per-operation count restarts, the cache stays. */
  startOperation(): void {
    this.operationKeys.clear();
  }

  read(target: PathValue, after: boolean): RulesValue {
    const s = target.segments;
    const documentSegments = s.length - 3;
    if (
      s[0] !== 'databases' ||
      s[2] !== 'documents' ||
      documentSegments < 2 ||
      documentSegments % 2 !== 0
    ) {
      throw new RulesEvalError(
        `Path /${s.join('/')} is not a document path of the form /databases/{database}/documents/{collection}/{id}.`,
      );
    }
    if (s[1] !== this.databaseId) {
      throw new RulesEvalError(`Path /${s.join('/')} is not in database ${this.databaseId}.`);
    }
    const name = `projects/${this.project}/${s.join('/')}`;
    const key = `${after ? 'after' : 'before'} ${name}`;
    this.charge(key);
    let resource = this.cache.get(key);
    if (resource === undefined) {
      resource = resourceOf(after ? this.options.after(name) : this.options.before(name));
      this.cache.set(key, resource);
    }
    return resource;
  }

  private charge(key: string): void {
    if (!this.cache.has(key) && this.cache.size >= this.options.requestLimit) {
      throw new RulesLimitError(
        `Exceeded the limit of ${this.options.requestLimit} document accesses for this request.`,
      );
    }
    if (!this.operationKeys.has(key) && this.operationKeys.size >= PER_OPERATION_ACCESS_LIMIT) {
      throw new RulesLimitError(
        `Exceeded the limit of ${PER_OPERATION_ACCESS_LIMIT} document accesses for one operation.`,
      );
    }
    this.operationKeys.add(key);
  }
}
