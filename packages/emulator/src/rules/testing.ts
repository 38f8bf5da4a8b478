// Short builders for the rules engine's tests: evaluate one expression, build documents, run
// whole rules files through the Authorizer against an in-memory map of documents, and storage
// rules through the StorageAuthorizer against in-memory objects and documents.
import type { Document, Fields, StructuredQuery, Timestamp, Value, Write } from '../model/types.js';
import type { Authorizer, Caller, RequestContext, WriteBatchView } from '../service/types.js';
import type {
  StorageMethod,
  StorageObjectResource,
  StorageRulesRequest,
} from '../storage/rules-port.js';
import { createRulesAuthorizer } from './authorizer.js';
import { compileRules } from './compiler.js';
import { RulesEvalError } from './errors.js';
import { Evaluator, Scope } from './evaluator.js';
import type { DocumentReader } from './functions.js';
import { parseExpression } from './parser.js';
import {
  createStorageRulesAuthorizer,
  type StorageRulesAuthorizer,
  type StorageRulesAuthorizerOptions,
} from './storage-authorizer.js';
import { NULL, type RulesValue } from './values.js';

export const PROJECT = 'demo-test';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const TIME: Timestamp = { seconds: 1_700_000_000, nanos: 123_456_000 };

const noDocuments: DocumentReader = { read: () => NULL };

/** Evaluates `text` with `variables` in scope. Throws RulesEvalError on evaluation errors. */
export function evaluate(
  text: string,
  variables: Readonly<Record<string, RulesValue>> = {},
  reader: DocumentReader = noDocuments,
): RulesValue {
  const scope = new Scope();
  for (const [name, value] of Object.entries(variables)) scope.set(name, value);
  return new Evaluator([scope], reader).evaluate(parseExpression(text), {
    scope,
    functions: new Map(),
  });
}

/** `true`, `false`, or 'error' (also for non-bool results) — the three outcomes of a condition. */
export function outcome(
  text: string,
  variables: Readonly<Record<string, RulesValue>> = {},
): boolean | 'error' {
  try {
    const value = evaluate(text, variables);
    return value.type === 'bool' ? value.value : 'error';
  } catch (error) {
    if (error instanceof RulesEvalError) return 'error';
    throw error;
  }
}

/** JS data → Firestore value: bigint is an integer, number a double, Date a timestamp. */
export function toValue(data: unknown): Value {
  if (data === null || data === undefined) return { kind: 'null' };
  if (typeof data === 'bigint') return { kind: 'integer', value: data };
  if (typeof data === 'number') return { kind: 'double', value: data };
  if (typeof data === 'string') return { kind: 'string', value: data };
  if (typeof data === 'boolean') return { kind: 'boolean', value: data };
  if (data instanceof Date) {
    const millis = data.getTime();
    return {
      kind: 'timestamp',
      value: { seconds: Math.floor(millis / 1000), nanos: (millis % 1000) * 1e6 },
    };
  }
  if (Array.isArray(data)) return { kind: 'array', values: data.map(toValue) };
  if (typeof data === 'object' && 'seconds' in data && 'nanos' in data) {
    return { kind: 'timestamp', value: data as Timestamp };
  }
  return { kind: 'map', fields: fieldsOf(data as Record<string, unknown>) };
}

export function fieldsOf(data: Readonly<Record<string, unknown>>): Fields {
  return new Map(Object.entries(data).map(([k, v]) => [k, toValue(v)]));
}

export const nameOf = (documentPath: string): string => `${DATABASE}/documents/${documentPath}`;

export function doc(documentPath: string, data: Readonly<Record<string, unknown>>): Document {
  return { name: nameOf(documentPath), fields: fieldsOf(data), createTime: TIME, updateTime: TIME };
}

export const owner: Caller = { kind: 'owner' };
export const anonymous: Caller = { kind: 'unauthenticated' };
export function user(uid: string, claims: Readonly<Record<string, unknown>> = {}): Caller {
  return {
    kind: 'user',
    uid,
    token: { sub: uid, user_id: uid, firebase: { sign_in_provider: 'password' }, ...claims },
  };
}

export const contextOf = (caller: Caller): RequestContext => ({ caller, database: DATABASE });

export function authorizerFor(rules: string): Authorizer {
  const compiled = compileRules(rules);
  if (!compiled.ok) throw new Error(compiled.message);
  return createRulesAuthorizer(compiled.ruleset);
}

/** A minimal store: documents by path, with get/list/write helpers returning allow or deny. */
export class RulesHarness {
  readonly authorizer: Authorizer;
  private readonly documents = new Map<string, Document>();

  constructor(rules: string, documents: readonly Document[] = []) {
    this.authorizer = authorizerFor(rules);
    for (const document of documents) this.documents.set(document.name, document);
  }

  lookup = (name: string): Document | null => this.documents.get(name) ?? null;

  get(caller: Caller, documentPath: string): boolean {
    return allowed(() =>
      this.authorizer.authorizeGet(contextOf(caller), {
        time: TIME,
        lookup: this.lookup,
        name: nameOf(documentPath),
      }),
    );
  }

  list(
    caller: Caller,
    parentPath: string,
    query: Partial<StructuredQuery> & Pick<StructuredQuery, 'from'>,
  ): boolean {
    const parent = parentPath === '' ? `${DATABASE}/documents` : nameOf(parentPath);
    const full: StructuredQuery = { orderBy: [], offset: 0, ...query };
    return allowed(() =>
      this.authorizer.authorizeList(contextOf(caller), {
        time: TIME,
        lookup: this.lookup,
        parent,
        query: full,
      }),
    );
  }

  /** Applies `writes` (set = replace, merge = field merge, null = delete) as one batch. */
  write(caller: Caller, writes: readonly BatchWrite[]): boolean {
    return allowed(() => this.authorizer.authorizeWrites(contextOf(caller), this.batch(writes)));
  }

  denial(run: () => void): string {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  }

  batch(writes: readonly BatchWrite[]): WriteBatchView {
    const state = new Map(this.documents);
    const entries: WriteBatchView['writes'][number][] = [];
    for (const w of writes) {
      const name = nameOf(w.path);
      const before = state.get(name) ?? null;
      let after: Document | null = null;
      if (w.data !== null) {
        const base = w.merge && before !== null ? before.fields : new Map<string, Value>();
        after = {
          name,
          fields: new Map([...base, ...fieldsOf(w.data)]),
          createTime: TIME,
          updateTime: TIME,
        };
      }
      const write: Write =
        after === null
          ? { kind: 'delete', name }
          : { kind: 'update', name, fields: after.fields, transforms: [] };
      const method = after === null ? 'delete' : before === null ? 'create' : 'update';
      entries.push({ write, method, before, after });
      if (after === null) state.delete(name);
      else state.set(name, after);
    }
    return {
      time: TIME,
      writes: entries,
      before: (name) => this.documents.get(name) ?? null,
      after: (name) => state.get(name) ?? null,
    };
  }
}

export type BatchWrite = {
  readonly path: string;
  /** null deletes the document. */
  readonly data: Readonly<Record<string, unknown>> | null;
  readonly merge?: boolean;
};

function allowed(run: () => void): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'PERMISSION_DENIED')
      return false;
    throw error;
  }
}

// ---- storage ------------------------------------------------------------------------------

export const BUCKET = `${PROJECT}.appspot.com`;
export const MiB = 1024 * 1024;

/** An object's metadata as the Storage service reports it; `changes` override any field. */
export function storedObject(
  name: string,
  changes: Partial<StorageObjectResource> = {},
): StorageObjectResource {
  return {
    name,
    bucket: BUCKET,
    size: 1024,
    contentType: 'image/webp',
    md5Hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
    crc32c: 'AAAAAA==',
    etag: 'CKih16GjzvYCEAE=',
    generation: '1700000000123456',
    metageneration: '1',
    timeCreated: TIME,
    updated: TIME,
    metadata: {},
    ...changes,
  };
}

export type StorageOutcome = { readonly allowed: boolean; readonly message: string };

/** Storage rules over in-memory objects and Firestore documents: one call per request kind. */
export class StorageRulesHarness {
  readonly authorizer: StorageRulesAuthorizer;
  private readonly objects = new Map<string, StorageObjectResource>();
  private readonly documents = new Map<string, Document>();
  /** Every document name the rules asked for, in order. */
  readonly reads: string[] = [];

  constructor(
    rules: string,
    {
      objects = [],
      documents = [],
      ...options
    }: {
      readonly objects?: readonly StorageObjectResource[];
      readonly documents?: readonly Document[];
    } & Omit<StorageRulesAuthorizerOptions, 'firestore'> = {},
  ) {
    const compiled = compileRules(rules, 'storage.rules', 'firebase.storage');
    if (!compiled.ok) throw new Error(compiled.message);
    this.authorizer = createStorageRulesAuthorizer(compiled.ruleset, {
      ...options,
      firestore: {
        getDocument: (name) => {
          this.reads.push(name);
          return this.documents.get(name);
        },
      },
    });
    for (const object of objects) this.objects.set(object.name, object);
    for (const document of documents) this.documents.set(document.name, document);
  }

  /** Runs one request; `bucket` defaults to BUCKET and `time` to TIME. */
  async run(
    caller: Caller,
    method: StorageMethod,
    name: string,
    incoming: StorageObjectResource | null = null,
    bucket = BUCKET,
  ): Promise<StorageOutcome> {
    const request: StorageRulesRequest = {
      caller,
      method,
      bucket,
      path: name,
      time: TIME,
      resource: method === 'list' ? null : (this.objects.get(name) ?? null),
      requestResource: method === 'create' || method === 'update' ? incoming : null,
    };
    try {
      await this.authorizer.authorize(request);
      return { allowed: true, message: '' };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'PERMISSION_DENIED')
        return { allowed: false, message: error.message };
      throw error;
    }
  }

  async get(caller: Caller, name: string): Promise<boolean> {
    return (await this.run(caller, 'get', name)).allowed;
  }

  async list(caller: Caller, prefix: string): Promise<boolean> {
    return (await this.run(caller, 'list', prefix)).allowed;
  }

  /** A create, or an update when `name` is stored; `changes` shape the incoming object. */
  async write(
    caller: Caller,
    name: string,
    changes: Partial<StorageObjectResource> = {},
  ): Promise<boolean> {
    const method = this.objects.has(name) ? 'update' : 'create';
    const base = this.objects.get(name) ?? storedObject(name);
    return (await this.run(caller, method, name, { ...base, ...changes })).allowed;
  }

  async delete(caller: Caller, name: string): Promise<boolean> {
    return (await this.run(caller, 'delete', name)).allowed;
  }
}
