// The Authorizer the service calls before every client read and write. For each request it
// finds the `match` blocks whose pattern covers the document (or, for a query, every document
// the query could return), binds their wildcards, and evaluates the `allow` statements for the
// request's method until one is true. None true means PERMISSION_DENIED, with the reasons
// appended the way the official emulator does ("false for 'create' @ L5").
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
import { RulesEvalError, RulesLimitError } from './errors.js';
import { Evaluator, Scope } from './evaluator.js';
import { knownSegments, matchPattern, type TargetSegment } from './paths.js';
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

type Decision =
  { readonly allowed: true } | { readonly allowed: false; readonly reasons: readonly string[] };

export function createRulesAuthorizer(
  ruleset: Ruleset,
  options: RulesAuthorizerOptions = {},
): Authorizer {
  return new RulesAuthorizer(ruleset, options);
}

function authValue(caller: Caller): RulesValue {
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
    const explain = this.options.explain ?? true;
    const message = explain
      ? `${PERMISSION_DENIED_MESSAGE}\n${decision.reasons.join(', ')}`
      : PERMISSION_DENIED_MESSAGE;
    throw new EmulatorError('PERMISSION_DENIED', message);
  }

  /** True as soon as one applicable `allow` holds; otherwise the reason each one failed. */
  private decide(
    method: AccessMethod,
    target: readonly TargetSegment[],
    root: Scope,
    reader: StoreReader,
  ): Decision {
    const reasons: string[] = [];
    for (const match of this.ruleset.matches) {
      const allows = match.allows.filter((allow) => allow.methods.has(method));
      if (allows.length === 0) continue;
      const bindings = matchPattern(match.pattern, target, this.ruleset.version);
      if (bindings === null) continue;
      const levels: Scope[] = [root];
      for (let level = 1; level <= match.depth; level++) {
        const scope = new Scope(levels[level - 1]);
        for (const [name, binding] of bindings.get(level) ?? []) {
          if (binding.kind === 'value') scope.set(name, binding.value);
          else scope.setUnknown(name, binding.description);
        }
        levels.push(scope);
      }
      for (const allow of allows) {
        if (allow.condition === undefined) return { allowed: true };
        try {
          const evaluator = new Evaluator(levels, reader);
          if (evaluator.condition(allow.condition, match.depth, match.functions))
            return { allowed: true };
          reasons.push(`false for '${method}' @ L${allow.line}`);
        } catch (error) {
          // Deeply nested functions can exhaust the stack: deny rather than fail the request.
          if (error instanceof RangeError) {
            return {
              allowed: false,
              reasons: [`evaluation error for '${method}' @ L${allow.line}, ${error.message}`],
            };
          }
          if (!(error instanceof RulesEvalError)) throw error;
          const at = this.ruleset.source.locate(error.span?.start ?? allow.span.start);
          const reason = `evaluation error at L${at.line}:${at.column} for '${method}' @ L${allow.line}, ${error.message}`;
          if (error instanceof RulesLimitError) return { allowed: false, reasons: [reason] };
          reasons.push(reason);
        }
      }
    }
    return {
      allowed: false,
      reasons: reasons.length > 0 ? reasons : ['No matching allow statements'],
    };
  }
}
