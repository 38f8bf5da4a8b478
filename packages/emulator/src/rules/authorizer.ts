// The Authorizer the Firestore service calls before every client read and write. For each
// request it builds `request` and `resource` and the target path: the document's, or for a
// query every document the query could return. decide.ts then evaluates the `allow`
// statements; none true means PERMISSION_DENIED, with the reasons appended the way the
// official emulator does ("false for 'create' @ L5").
import { EmulatorError, PERMISSION_DENIED_MESSAGE } from '../errors.js';
import type { Timestamp } from '../model/types.js';
import type {
  Authorizer,
  Caller,
  ReadView,
  RequestContext,
  WriteBatchView,
} from '../service/types.js';
import type { AccessMethod } from './ast.js';
import type { Ruleset } from './compiler.js';
import {
  BATCH_REQUEST_ACCESS_LIMIT,
  SINGLE_REQUEST_ACCESS_LIMIT,
  StoreReader,
} from './document-access.js';
import { decide, denialMessage, type Decision } from './decide.js';
import { Scope } from './evaluator.js';
import { knownSegments, type TargetSegment } from './paths.js';
import { queryCases, queryProperties, queryResource, type QueryCase } from './query-proof.js';
import {
  NULL,
  absolutePathSegments,
  fromJson,
  mapOf,
  path,
  resourceOf,
  str,
  timestampFromParts,
  type MapValue,
  type RulesValue,
} from './values.js';
import type { StructuredQuery } from '../model/types.js';

export type RulesAuthorizerOptions = {
  /** The start-up banner line, e.g. "rules loaded from firestore.rules". */
  readonly describe?: string;
  /** Append why each allow failed to the denial message (default true), as the official emulator does. */
  readonly explain?: boolean;
};

export function createRulesAuthorizer(
  ruleset: Ruleset,
  options: RulesAuthorizerOptions = {},
): Authorizer {
  if (ruleset.service !== 'cloud.firestore')
    throw new Error(`Rules for ${ruleset.service} cannot authorize Cloud Firestore requests.`);
  return new RulesAuthorizer(ruleset, options);
}

/** `request.auth`: null signed out, else the uid and every claim of the token. */
export function authValue(caller: Caller): RulesValue {
  if (caller.kind !== 'user') return NULL;
  return mapOf({ uid: str(caller.uid), token: fromJson(caller.token) });
}

type RequestFields = {
  readonly caller: Caller;
  readonly method: AccessMethod;
  readonly path: readonly string[];
  readonly time: Timestamp;
  readonly resource?: RulesValue;
  readonly query?: MapValue;
};

/** The `request` variable. `resource` exists only for writes and `query` only for lists. */
function requestValue(fields: RequestFields): MapValue {
  return mapOf({
    auth: authValue(fields.caller),
    method: str(fields.method),
    path: path(fields.path),
    time: timestampFromParts(fields.time.seconds, fields.time.nanos),
    ...(fields.resource === undefined ? {} : { resource: fields.resource }),
    ...(fields.query === undefined ? {} : { query: fields.query }),
  });
}

class RulesAuthorizer implements Authorizer {
  constructor(
    private readonly ruleset: Ruleset,
    private readonly options: RulesAuthorizerOptions,
  ) {}

  describe(): string {
    return this.options.describe ?? `security rules from ${this.ruleset.source.fileName}`;
  }

  authorizeGet(ctx: RequestContext, read: ReadView & { readonly name: string }): void {
    if (ctx.caller.kind === 'owner') return;
    const segments = absolutePathSegments(read.name);
    const reader = new StoreReader({
      database: ctx.database,
      before: read.lookup,
      after: read.lookup,
      requestLimit: SINGLE_REQUEST_ACCESS_LIMIT,
    });
    const request = requestValue({
      caller: ctx.caller,
      method: 'get',
      path: segments,
      time: read.time,
    });
    const root = new Scope()
      .set('request', request)
      .set('resource', resourceOf(read.lookup(read.name)));
    this.enforce(this.decide('get', knownSegments(segments), root, reader));
  }

  authorizeList(
    ctx: RequestContext,
    read: ReadView & { readonly parent: string; readonly query: StructuredQuery },
  ): void {
    if (ctx.caller.kind === 'owner') return;
    const collection = read.query.from[0];
    if (collection === undefined)
      this.enforce({ allowed: false, reasons: ['The query names no collection.'] });
    const parent = absolutePathSegments(read.parent);
    const collectionPath = [...parent, collection!.collectionId];
    const reader = new StoreReader({
      database: ctx.database,
      before: read.lookup,
      after: read.lookup,
      requestLimit: SINGLE_REQUEST_ACCESS_LIMIT,
    });
    const request = requestValue({
      caller: ctx.caller,
      method: 'list',
      path: collectionPath,
      time: read.time,
      query: queryProperties(read.query),
    });
    for (const queryCase of queryCases(read.query)) {
      const target = this.queryTarget(parent, collection!, queryCase);
      const root = new Scope().set('request', request).set('resource', queryResource(queryCase));
      this.enforce(this.decide('list', target, root, reader));
    }
  }

  /** The paths a query can return: parent/collection/{id}, or parent/**\/collection/{id} for a group. */
  private queryTarget(
    parent: readonly string[],
    collection: StructuredQuery['from'][number],
    queryCase: QueryCase,
  ): TargetSegment[] {
    if (queryCase.name !== undefined) {
      const named = queryCase.name.split('/');
      const underParent = parent.every((s, i) => named[i] === s);
      const inCollection = named.at(-2) === collection.collectionId;
      const direct = named.length === parent.length + 2;
      if (underParent && inCollection && (direct || collection.allDescendants))
        return knownSegments(named);
    }
    return [
      ...knownSegments(parent),
      ...(collection.allDescendants ? [{ kind: 'anyPath' } as const] : []),
      { kind: 'known', value: collection.collectionId },
      { kind: 'unknownId' },
    ];
  }

  authorizeWrites(ctx: RequestContext, batch: WriteBatchView): void {
    if (ctx.caller.kind === 'owner') return;
    const writes = batch.writes.filter((w) => w.method !== 'verify');
    const reader = new StoreReader({
      database: ctx.database,
      before: batch.before,
      after: batch.after,
      requestLimit: writes.length > 1 ? BATCH_REQUEST_ACCESS_LIMIT : SINGLE_REQUEST_ACCESS_LIMIT,
    });
    for (const write of writes) {
      const method = write.method as AccessMethod;
      reader.startOperation();
      const segments = absolutePathSegments(write.write.name);
      const request = requestValue({
        caller: ctx.caller,
        method,
        path: segments,
        time: batch.time,
        resource: write.after === null ? NULL : resourceOf(write.after),
      });
      const root = new Scope().set('request', request).set('resource', resourceOf(write.before));
      this.enforce(this.decide(method, knownSegments(segments), root, reader));
    }
  }

  private enforce(decision: Decision): void {
    if (decision.allowed) return;
    throw new EmulatorError(
      'PERMISSION_DENIED',
      denialMessage(PERMISSION_DENIED_MESSAGE, decision.reasons, this.options.explain),
    );
  }

  private decide(
    method: AccessMethod,
    target: readonly TargetSegment[],
    root: Scope,
    reader: StoreReader,
  ): Decision {
    return decide(this.ruleset, method, target, root, reader);
  }
}
