// The listen engine. Query targets share one view per distinct query (many clients often
// listen to the same one), and views are indexed by collection path, collection id (groups)
// and, for document targets, by name, so a commit touches only views that could match the
// documents it changed. Each view keeps its result set; limit/offset views keep a sorted window
// with slack (query-window.ts). A commit therefore costs work proportional to the changed
// documents and the targets they touch, not to the documents stored. The store is scanned when
// a view is created, and again only when deletions exhaust a window's slack.
import { EmulatorError } from '../errors.js';
import {
  collectionIdOf,
  collectionPathOf,
  parseDocumentName,
  parseParentName,
} from '../model/paths.js';
import type { Document, StructuredQuery, Timestamp } from '../model/types.js';
import { compileQuery, type CompiledQuery } from '../query/query.js';
import { timestampToMicros, type Clock } from '../store/clock.js';
import type { Store } from '../store/store.js';
import { bloomFilterOf } from './bloom-filter.js';
import { queryCandidates, runQueryOnStore, type DocumentChange } from './query-runner.js';
import { QueryWindow, sameVersion, type WindowDelta } from './query-window.js';
import type {
  Authorizer,
  ListenRequest,
  ListenResponse,
  ListenStream,
  ListenTarget,
  RequestContext,
  StreamSink,
} from './types.js';

/** Most targets one listen stream may hold; more are rejected with RESOURCE_EXHAUSTED. */
export const MAX_TARGETS_PER_SESSION = 1000;

/** Resume tokens are opaque to clients; ours carry the read time in µs. */
export function resumeTokenFor(time: Timestamp): Uint8Array {
  const token = Buffer.alloc(8);
  token.writeBigUInt64BE(BigInt(timestampToMicros(time)));
  return new Uint8Array(token);
}

/**
 * The time (µs) a resuming client's results are from: its read time, or the one in a token of
 * ours. Undefined when neither can be trusted (a foreign token, or a time not reached yet).
 */
function resumedFrom(spec: ListenTarget, nowMicros: number): number | undefined {
  let micros: number | undefined;
  if (spec.readTime !== undefined) micros = timestampToMicros(spec.readTime);
  else if (spec.resumeToken?.length === 8) {
    micros = Number(Buffer.from(spec.resumeToken).readBigUInt64BE(0));
  }
  return micros !== undefined && micros <= nowMicros ? micros : undefined;
}

/** A key equal for queries that return the same documents in the same order. */
export function canonicalQueryKey(parent: string, query: StructuredQuery): string {
  return `${parent}|${JSON.stringify(query, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
    if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
    if (value instanceof Map) return [...value.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    return value;
  })}`;
}

/** The shared, always-current result set of one distinct query. */
type QueryView = {
  readonly key: string;
  readonly compiled: CompiledQuery;
  /** Set for queries with a limit or an offset. */
  readonly window: QueryWindow | null;
  /** Results of views without a window. */
  readonly results: Map<string, Document>;
  readonly targets: Set<QueryTarget>;
};

type QueryTarget = {
  readonly kind: 'query';
  readonly session: Session;
  readonly targetId: number;
  readonly view: QueryView;
};

type DocumentsTarget = {
  readonly kind: 'documents';
  readonly session: Session;
  readonly targetId: number;
  readonly names: readonly string[];
  readonly results: Map<string, Document>;
};

type Target = QueryTarget | DocumentsTarget;

function viewResults(view: QueryView): ReadonlyMap<string, Document> {
  return view.window === null ? view.results : view.window.visible;
}

function addToIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (set === undefined) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}

function removeFromIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/** Applies changes to a plain result set (no window). */
function applyToResults(
  results: Map<string, Document>,
  changes: readonly DocumentChange[],
  matches: (doc: Document) => boolean,
): WindowDelta {
  const changed: Document[] = [];
  const removed: string[] = [];
  for (const { name, after } of changes) {
    const had = results.get(name);
    if (after !== null && matches(after)) {
      if (had === undefined || !sameVersion(had, after)) {
        results.set(name, after);
        changed.push(after);
      }
    } else if (had !== undefined) {
      results.delete(name);
      removed.push(name);
    }
  }
  return { changed, removed };
}

/** One Listen stream. `closed` is the stream's only "already closed" state (see ClientStream). */
class Session implements ListenStream {
  readonly targets = new Map<number, Target>();
  closed = false;

  constructor(
    private readonly engine: ListenEngine,
    readonly ctx: RequestContext,
    private readonly sink: StreamSink<ListenResponse>,
  ) {}

  receive(request: ListenRequest): void {
    if (request.kind === 'add') this.addTarget(request.target);
    else if (request.kind === 'remove') this.removeTarget(request.targetId);
  }

  addTarget(target: ListenTarget): void {
    if (!this.closed) this.engine.addTarget(this, target);
  }

  removeTarget(targetId: number): void {
    if (this.closed) return;
    const target = this.targets.get(targetId);
    // An unknown id was already removed by us (a REMOVE with a cause, or a `once` target); the
    // client forgot it then, and a second REMOVE would trip the SDK's ack counting.
    if (target === undefined) return;
    this.engine.unregister(target);
    this.send({ kind: 'targetChange', changeType: 'REMOVE', targetIds: [targetId] });
  }

  finish(): void {
    this.close();
  }

  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    for (const target of [...this.targets.values()]) this.engine.unregister(target);
    this.engine.sessions.delete(this);
    try {
      this.sink.end(error);
    } catch {
      // The transport is gone already.
    }
  }

  send(response: ListenResponse): void {
    if (this.closed) return;
    try {
      this.sink.send(response);
    } catch {
      // A sink that cannot take more (overflow, dead socket) ends its own session only.
      this.close();
    }
  }
}

type Entry = { doc: Document | null; targetIds: number[]; removedTargetIds: number[] };

export class ListenEngine {
  readonly sessions = new Set<Session>();
  private readonly views = new Map<string, QueryView>();
  private readonly byCollection = new Map<string, Set<QueryView>>();
  private readonly byGroup = new Map<string, Set<QueryView>>();
  private readonly kindless = new Set<QueryView>();
  private readonly byDocument = new Map<string, Set<DocumentsTarget>>();
  private targetCount = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** The authorizer in force for a database (`projects/{p}/databases/{d}`). */
    private readonly authorizer: (database: string) => Authorizer,
  ) {}

  get activeTargets(): number {
    return this.targetCount;
  }

  /** Distinct listened queries (targets with equal queries share one). */
  get activeViews(): number {
    return this.views.size;
  }

  open(ctx: RequestContext, sink: StreamSink<ListenResponse>): ListenStream {
    const session = new Session(this, ctx, sink);
    this.sessions.add(session);
    return session;
  }

  private reject(session: Session, targetId: number, error: unknown): void {
    const cause =
      error instanceof EmulatorError
        ? { code: error.numericCode, message: error.message }
        : { code: 13, message: error instanceof Error ? error.message : 'Internal error.' };
    session.send({ kind: 'targetChange', changeType: 'REMOVE', targetIds: [targetId], cause });
  }

  private authorize(
    ctx: RequestContext,
    spec:
      | { kind: 'documents'; names: readonly string[] }
      | { kind: 'query'; parent: string; query: StructuredQuery },
  ): void {
    if (ctx.caller.kind === 'owner') return;
    const view = { time: this.clock.now(), lookup: (name: string) => this.store.get(name) };
    const authorizer = this.authorizer(ctx.database);
    if (spec.kind === 'documents') {
      for (const name of spec.names) authorizer.authorizeGet(ctx, { ...view, name });
    } else {
      authorizer.authorizeList(ctx, { ...view, parent: spec.parent, query: spec.query });
    }
  }

  /** Validates and authorizes a target; returns how to build it. */
  private prepare(
    session: Session,
    spec: ListenTarget,
  ):
    | { kind: 'documents'; names: string[] }
    | { kind: 'query'; key: string; compiled: CompiledQuery } {
    const { ctx } = session;
    if (spec.target.kind === 'documents') {
      if (spec.target.names.length === 0) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          'A documents target must name at least one document.',
        );
      }
      for (const name of spec.target.names) parseDocumentName(name, ctx.database);
      const names = [...new Set(spec.target.names)];
      this.authorize(ctx, { kind: 'documents', names });
      return { kind: 'documents', names };
    }
    const { parent, query } = spec.target;
    parseParentName(parent, ctx.database);
    if (query.findNearest !== undefined) {
      // Production serves vector search to one-shot queries only.
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        'Listen does not support vector search (findNearest).',
      );
    }
    const compiled = compileQuery(parent, query);
    this.authorize(ctx, { kind: 'query', parent, query });
    return { kind: 'query', key: canonicalQueryKey(parent, query), compiled };
  }

  addTarget(session: Session, spec: ListenTarget): void {
    const { targetId } = spec;
    if (session.targets.has(targetId)) {
      session.close(
        new EmulatorError(
          'INVALID_ARGUMENT',
          `Target ID ${targetId} is already in use on this stream.`,
        ),
      );
      return;
    }
    if (session.targets.size >= MAX_TARGETS_PER_SESSION) {
      this.reject(
        session,
        targetId,
        new EmulatorError(
          'RESOURCE_EXHAUSTED',
          `A listen stream may hold at most ${MAX_TARGETS_PER_SESSION} targets.`,
        ),
      );
      return;
    }
    let prepared: ReturnType<ListenEngine['prepare']>;
    try {
      prepared = this.prepare(session, spec);
    } catch (error) {
      this.reject(session, targetId, error);
      return;
    }
    let target: Target;
    let initial: ReadonlyMap<string, Document>;
    if (prepared.kind === 'documents') {
      const results = new Map<string, Document>();
      for (const name of prepared.names) {
        const doc = this.store.get(name);
        if (doc !== null) results.set(name, doc);
      }
      target = { kind: 'documents', session, targetId, names: prepared.names, results };
      initial = results;
    } else {
      const view = this.views.get(prepared.key) ?? this.createView(prepared.key, prepared.compiled);
      target = { kind: 'query', session, targetId, view };
      initial = viewResults(view);
    }

    session.send({ kind: 'targetChange', changeType: 'ADD', targetIds: [targetId] });
    const resuming =
      (spec.resumeToken !== undefined && spec.resumeToken.length > 0) ||
      spec.readTime !== undefined;
    // A resumed query gets, as from production, only what changed since its time, then an
    // existence filter whose bloom filter lets the SDK drop what it holds that is gone or no
    // longer matches, without re-running the query. Otherwise the client's old results are
    // dropped (RESET) and all are sent again.
    const since =
      resuming && target.kind === 'query'
        ? resumedFrom(spec, timestampToMicros(this.clock.now()))
        : undefined;
    if (resuming && since === undefined) {
      session.send({ kind: 'targetChange', changeType: 'RESET', targetIds: [targetId] });
    }
    for (const doc of initial.values()) {
      if (since !== undefined && timestampToMicros(doc.updateTime) <= since) continue;
      session.send({
        kind: 'documentChange',
        document: doc,
        targetIds: [targetId],
        removedTargetIds: [],
      });
    }
    if (since !== undefined) {
      session.send({
        kind: 'filter',
        targetId,
        count: initial.size,
        unchangedNames: bloomFilterOf([...initial.keys()]),
      });
    }
    const readTime = this.clock.now();
    const resumeToken = resumeTokenFor(readTime);
    session.send({
      kind: 'targetChange',
      changeType: 'CURRENT',
      targetIds: [targetId],
      resumeToken,
    });
    session.send({
      kind: 'targetChange',
      changeType: 'NO_CHANGE',
      targetIds: [],
      readTime,
      resumeToken,
    });
    this.register(target);
    if (spec.once === true) {
      this.unregister(target);
      session.send({ kind: 'targetChange', changeType: 'REMOVE', targetIds: [targetId] });
    }
  }

  private createView(key: string, compiled: CompiledQuery): QueryView {
    const { offset, limit } = compiled.query;
    const windowed = offset > 0 || limit !== undefined;
    const view: QueryView = {
      key,
      compiled,
      window: windowed
        ? new QueryWindow(compiled, () => queryCandidates(this.store, compiled))
        : null,
      results: new Map(),
      targets: new Set(),
    };
    if (view.window !== null) {
      view.window.load();
    } else {
      for (const doc of runQueryOnStore(this.store, compiled).documents) {
        view.results.set(doc.name, doc);
      }
    }
    this.views.set(key, view);
    if (!compiled.allDescendants) {
      addToIndex(this.byCollection, `${compiled.parent}/${compiled.collectionId}`, view);
    } else if (compiled.collectionId === '') {
      this.kindless.add(view);
    } else {
      addToIndex(this.byGroup, compiled.collectionId, view);
    }
    return view;
  }

  private dropView(view: QueryView): void {
    const { compiled } = view;
    this.views.delete(view.key);
    if (!compiled.allDescendants) {
      removeFromIndex(this.byCollection, `${compiled.parent}/${compiled.collectionId}`, view);
    } else if (compiled.collectionId === '') {
      this.kindless.delete(view);
    } else {
      removeFromIndex(this.byGroup, compiled.collectionId, view);
    }
  }

  private register(target: Target): void {
    target.session.targets.set(target.targetId, target);
    this.targetCount++;
    if (target.kind === 'query') {
      target.view.targets.add(target);
    } else {
      for (const name of target.names) addToIndex(this.byDocument, name, target);
    }
  }

  unregister(target: Target): void {
    if (target.session.targets.get(target.targetId) !== target) return;
    target.session.targets.delete(target.targetId);
    this.targetCount--;
    if (target.kind === 'query') {
      target.view.targets.delete(target);
      if (target.view.targets.size === 0) this.dropView(target.view);
    } else {
      for (const name of target.names) removeFromIndex(this.byDocument, name, target);
    }
  }

  /** Tells every affected listener about one commit's changes, then the commit's read time. */
  onCommit(changes: readonly DocumentChange[], commitTime: Timestamp): void {
    if (this.targetCount === 0 || changes.length === 0) return;
    const affectedViews = new Map<QueryView, DocumentChange[]>();
    const affectedTargets = new Map<DocumentsTarget, DocumentChange[]>();
    const collect = <T>(
      into: Map<T, DocumentChange[]>,
      items: Iterable<T> | undefined,
      change: DocumentChange,
    ): void => {
      if (items === undefined) return;
      for (const item of items) {
        const list = into.get(item);
        if (list === undefined) into.set(item, [change]);
        else list.push(change);
      }
    };
    for (const change of changes) {
      collect(affectedViews, this.byCollection.get(collectionPathOf(change.name)), change);
      collect(affectedViews, this.byGroup.get(collectionIdOf(change.name)), change);
      if (this.kindless.size > 0) collect(affectedViews, this.kindless, change);
      collect(affectedTargets, this.byDocument.get(change.name), change);
    }
    if (affectedViews.size === 0 && affectedTargets.size === 0) return;

    const bySession = new Map<Session, Map<string, Entry>>();
    const record = (target: Target, delta: WindowDelta): void => {
      if (delta.changed.length === 0 && delta.removed.length === 0) return;
      let entries = bySession.get(target.session);
      if (entries === undefined) {
        entries = new Map();
        bySession.set(target.session, entries);
      }
      const entryFor = (name: string): Entry => {
        let entry = (entries as Map<string, Entry>).get(name);
        if (entry === undefined) {
          entry = { doc: null, targetIds: [], removedTargetIds: [] };
          (entries as Map<string, Entry>).set(name, entry);
        }
        return entry;
      };
      for (const doc of delta.changed) {
        const entry = entryFor(doc.name);
        entry.doc = doc;
        entry.targetIds.push(target.targetId);
      }
      for (const name of delta.removed) entryFor(name).removedTargetIds.push(target.targetId);
    };

    for (const [view, list] of affectedViews) {
      const delta =
        view.window !== null
          ? view.window.apply(list)
          : applyToResults(view.results, list, view.compiled.matches);
      for (const target of view.targets) record(target, delta);
    }
    for (const [target, list] of affectedTargets) {
      if (target.session.targets.get(target.targetId) !== target) continue;
      if (!this.stillAuthorized(target)) continue;
      record(
        target,
        applyToResults(target.results, list, () => true),
      );
    }

    const resumeToken = resumeTokenFor(commitTime);
    for (const [session, entries] of bySession) {
      for (const [name, entry] of entries) {
        if (entry.doc !== null) {
          session.send({
            kind: 'documentChange',
            document: entry.doc,
            targetIds: entry.targetIds,
            removedTargetIds: entry.removedTargetIds,
          });
        } else if (this.store.get(name) === null) {
          session.send({
            kind: 'documentDelete',
            name,
            removedTargetIds: entry.removedTargetIds,
            readTime: commitTime,
          });
        } else {
          session.send({
            kind: 'documentRemove',
            name,
            removedTargetIds: entry.removedTargetIds,
            readTime: commitTime,
          });
        }
      }
      session.send({
        kind: 'targetChange',
        changeType: 'NO_CHANGE',
        targetIds: [],
        readTime: commitTime,
        resumeToken,
      });
    }
  }

  /** Document targets are re-checked when their document changes (rules may read it). */
  private stillAuthorized(target: DocumentsTarget): boolean {
    try {
      this.authorize(target.session.ctx, { kind: 'documents', names: target.names });
      return true;
    } catch (error) {
      this.unregister(target);
      this.reject(target.session, target.targetId, error);
      return false;
    }
  }

  /** Sends deletes for documents removed by a clear. */
  onClear(removed: readonly Document[], time: Timestamp): void {
    this.onCommit(
      removed.map((doc) => ({ name: doc.name, before: doc, after: null })),
      time,
    );
  }
}
