// The listen engine. Targets are indexed by collection path, collection id (groups) and document
// name, so a commit touches only targets that could match the documents it changed. Each target
// keeps its current result set; limit targets keep their sorted window, so a commit costs work
// proportional to the changed documents and the windows they touch. The only store scan after
// the initial one is a window backfill: when documents leave a full limit window and more
// matching documents may exist, or for targets with an offset.
import { EmulatorError } from '../errors.js';
import {
  collectionIdOf,
  collectionPathOf,
  parseDocumentName,
  parseParentName,
} from '../model/paths.js';
import type { Document, Timestamp } from '../model/types.js';
import { compileQuery, type CompiledQuery } from '../query/query.js';
import { timestampToMicros, type Clock } from '../store/clock.js';
import type { Store } from '../store/store.js';
import { runQueryOnStore, type DocumentChange } from './query-runner.js';
import type {
  Authorizer,
  ListenResponse,
  ListenSession,
  ListenSink,
  ListenTarget,
  RequestContext,
} from './types.js';

/** Most targets one listen stream may hold; more are rejected with RESOURCE_EXHAUSTED. */
export const MAX_TARGETS_PER_SESSION = 1000;

/** Resume tokens are opaque to clients; ours carry the read time (we always RESET anyway). */
export function resumeTokenFor(time: Timestamp): Uint8Array {
  const token = Buffer.alloc(8);
  token.writeBigUInt64BE(BigInt(timestampToMicros(time)));
  return new Uint8Array(token);
}

type TargetState = {
  readonly session: Session;
  readonly targetId: number;
  /** Null for document targets. */
  readonly compiled: CompiledQuery | null;
  readonly names: readonly string[];
  /** Set for limit queries without offset: `results` is then a window kept in `window`. */
  readonly limit: number | undefined;
  /** Offset queries are re-run on every relevant commit. */
  readonly rerun: boolean;
  results: Map<string, Document>;
  /** Sorted window of a limit target. */
  window: Document[];
  /** True when the window holds every matching document (no backfill needed). */
  complete: boolean;
};

type Delta = { changed: Document[]; removed: string[] };

function sameVersion(a: Document, b: Document): boolean {
  return (
    a === b ||
    (a.updateTime.seconds === b.updateTime.seconds && a.updateTime.nanos === b.updateTime.nanos)
  );
}

function diffResults(
  before: ReadonlyMap<string, Document>,
  after: ReadonlyMap<string, Document>,
): Delta {
  const changed: Document[] = [];
  const removed: string[] = [];
  for (const [name, doc] of after) {
    const old = before.get(name);
    if (old === undefined || !sameVersion(old, doc)) changed.push(doc);
  }
  for (const name of before.keys()) if (!after.has(name)) removed.push(name);
  return { changed, removed };
}

function addToIndex<K>(index: Map<K, Set<TargetState>>, key: K, target: TargetState): void {
  let set = index.get(key);
  if (set === undefined) {
    set = new Set();
    index.set(key, set);
  }
  set.add(target);
}

function removeFromIndex<K>(index: Map<K, Set<TargetState>>, key: K, target: TargetState): void {
  const set = index.get(key);
  if (set === undefined) return;
  set.delete(target);
  if (set.size === 0) index.delete(key);
}

class Session implements ListenSession {
  readonly targets = new Map<number, TargetState>();
  closed = false;

  constructor(
    private readonly engine: ListenEngine,
    readonly ctx: RequestContext,
    private readonly sink: ListenSink,
  ) {}

  addTarget(target: ListenTarget): void {
    if (!this.closed) this.engine.addTarget(this, target);
  }

  removeTarget(targetId: number): void {
    if (this.closed) return;
    const target = this.targets.get(targetId);
    if (target !== undefined) this.engine.unregister(target);
    this.send({ kind: 'targetChange', changeType: 'REMOVE', targetIds: [targetId] });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const target of [...this.targets.values()]) this.engine.unregister(target);
    this.engine.sessions.delete(this);
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

  fail(error: Error): void {
    if (this.closed) return;
    this.close();
    try {
      this.sink.fail(error);
    } catch {
      // The transport is gone already.
    }
  }
}

export class ListenEngine {
  readonly sessions = new Set<Session>();
  private readonly byCollection = new Map<string, Set<TargetState>>();
  private readonly byGroup = new Map<string, Set<TargetState>>();
  private readonly byDocument = new Map<string, Set<TargetState>>();
  private readonly kindless = new Set<TargetState>();
  private targetCount = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly authorizer: () => Authorizer,
  ) {}

  get activeTargets(): number {
    return this.targetCount;
  }

  open(ctx: RequestContext, sink: ListenSink): ListenSession {
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

  private prepare(session: Session, spec: ListenTarget): TargetState {
    const { ctx } = session;
    const base = {
      session,
      targetId: spec.targetId,
      results: new Map(),
      window: [],
      complete: true,
    };
    if (spec.target.kind === 'documents') {
      if (spec.target.names.length === 0) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          'A documents target must name at least one document.',
        );
      }
      for (const name of spec.target.names) parseDocumentName(name, ctx.database);
      return {
        ...base,
        compiled: null,
        names: [...new Set(spec.target.names)],
        limit: undefined,
        rerun: false,
      };
    }
    parseParentName(spec.target.parent, ctx.database);
    const compiled = compileQuery(spec.target.parent, spec.target.query);
    const { offset, limit } = compiled.query;
    return {
      ...base,
      compiled,
      names: [],
      limit: offset === 0 ? limit : undefined,
      rerun: offset > 0,
    };
  }

  private authorize(target: TargetState): void {
    const { ctx } = target.session;
    if (ctx.caller.kind === 'owner') return;
    const view = { time: this.clock.now(), lookup: (name: string) => this.store.get(name) };
    const authorizer = this.authorizer();
    if (target.compiled === null) {
      for (const name of target.names) authorizer.authorizeGet(ctx, { ...view, name });
    } else {
      authorizer.authorizeList(ctx, {
        ...view,
        parent: target.compiled.parent,
        query: target.compiled.query,
      });
    }
  }

  addTarget(session: Session, spec: ListenTarget): void {
    const { targetId } = spec;
    if (session.targets.has(targetId)) {
      session.fail(
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
    let target: TargetState;
    try {
      target = this.prepare(session, spec);
      this.authorize(target);
    } catch (error) {
      this.reject(session, targetId, error);
      return;
    }
    session.send({ kind: 'targetChange', changeType: 'ADD', targetIds: [targetId] });
    const resuming =
      (spec.resumeToken !== undefined && spec.resumeToken.length > 0) ||
      spec.readTime !== undefined;
    if (resuming) {
      // The client keeps its old results; RESET drops them so deletes made meanwhile show.
      session.send({ kind: 'targetChange', changeType: 'RESET', targetIds: [targetId] });
    }
    this.load(target);
    for (const doc of target.results.values()) {
      session.send({
        kind: 'documentChange',
        document: doc,
        targetIds: [targetId],
        removedTargetIds: [],
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
    if (spec.once === true) {
      session.send({ kind: 'targetChange', changeType: 'REMOVE', targetIds: [targetId] });
      return;
    }
    this.register(target);
  }

  /** Fills a target's results from the store. */
  private load(target: TargetState): void {
    if (target.compiled === null) {
      target.results = new Map();
      for (const name of target.names) {
        const doc = this.store.get(name);
        if (doc !== null) target.results.set(name, doc);
      }
      return;
    }
    if (target.limit === undefined) {
      const { documents } = runQueryOnStore(this.store, target.compiled);
      target.results = new Map(documents.map((d) => [d.name, d]));
      return;
    }
    // Run without the limit once to learn whether the window holds everything that matches.
    const unlimited = { ...target.compiled, query: { ...target.compiled.query, limit: undefined } };
    const { documents } = runQueryOnStore(this.store, unlimited);
    target.window = documents.slice(0, target.limit);
    target.complete = documents.length <= target.limit;
    target.results = new Map(target.window.map((d) => [d.name, d]));
  }

  private register(target: TargetState): void {
    target.session.targets.set(target.targetId, target);
    this.targetCount++;
    const { compiled } = target;
    if (compiled === null) {
      for (const name of target.names) addToIndex(this.byDocument, name, target);
    } else if (!compiled.allDescendants) {
      addToIndex(this.byCollection, `${compiled.parent}/${compiled.collectionId}`, target);
    } else if (compiled.collectionId === '') {
      this.kindless.add(target);
    } else {
      addToIndex(this.byGroup, compiled.collectionId, target);
    }
  }

  unregister(target: TargetState): void {
    if (target.session.targets.get(target.targetId) !== target) return;
    target.session.targets.delete(target.targetId);
    this.targetCount--;
    const { compiled } = target;
    if (compiled === null) {
      for (const name of target.names) removeFromIndex(this.byDocument, name, target);
    } else if (!compiled.allDescendants) {
      removeFromIndex(this.byCollection, `${compiled.parent}/${compiled.collectionId}`, target);
    } else if (compiled.collectionId === '') {
      this.kindless.delete(target);
    } else {
      removeFromIndex(this.byGroup, compiled.collectionId, target);
    }
  }

  /** Tells every affected listener about one commit's changes, then the commit's read time. */
  onCommit(changes: readonly DocumentChange[], commitTime: Timestamp): void {
    if (this.targetCount === 0 || changes.length === 0) return;
    const affected = new Map<TargetState, DocumentChange[]>();
    const collect = (targets: Iterable<TargetState> | undefined, change: DocumentChange): void => {
      if (targets === undefined) return;
      for (const target of targets) {
        let list = affected.get(target);
        if (list === undefined) {
          list = [];
          affected.set(target, list);
        }
        list.push(change);
      }
    };
    for (const change of changes) {
      collect(this.byCollection.get(collectionPathOf(change.name)), change);
      collect(this.byGroup.get(collectionIdOf(change.name)), change);
      collect(this.byDocument.get(change.name), change);
      if (this.kindless.size > 0) collect(this.kindless, change);
    }
    if (affected.size === 0) return;

    type Entry = { doc: Document | null; targetIds: number[]; removedTargetIds: number[] };
    const bySession = new Map<Session, Map<string, Entry>>();
    const entryFor = (session: Session, name: string): Entry => {
      let entries = bySession.get(session);
      if (entries === undefined) {
        entries = new Map();
        bySession.set(session, entries);
      }
      let entry = entries.get(name);
      if (entry === undefined) {
        entry = { doc: null, targetIds: [], removedTargetIds: [] };
        entries.set(name, entry);
      }
      return entry;
    };

    for (const [target, list] of affected) {
      if (target.session.closed || target.session.targets.get(target.targetId) !== target) continue;
      if (target.compiled === null && !this.stillAuthorized(target)) continue;
      const delta = this.applyChanges(target, list);
      for (const doc of delta.changed) {
        const entry = entryFor(target.session, doc.name);
        entry.doc = doc;
        entry.targetIds.push(target.targetId);
      }
      for (const name of delta.removed)
        entryFor(target.session, name).removedTargetIds.push(target.targetId);
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
  private stillAuthorized(target: TargetState): boolean {
    try {
      this.authorize(target);
      return true;
    } catch (error) {
      this.unregister(target);
      this.reject(target.session, target.targetId, error);
      return false;
    }
  }

  private applyChanges(target: TargetState, changes: readonly DocumentChange[]): Delta {
    const { compiled } = target;
    if (compiled === null || target.limit === undefined) {
      if (compiled !== null && target.rerun) {
        const before = target.results;
        this.load(target);
        return diffResults(before, target.results);
      }
      const changed: Document[] = [];
      const removed: string[] = [];
      for (const { name, after } of changes) {
        const had = target.results.get(name);
        if (after !== null && (compiled === null || compiled.matches(after))) {
          if (had === undefined || !sameVersion(had, after)) {
            target.results.set(name, after);
            changed.push(after);
          }
        } else if (had !== undefined) {
          target.results.delete(name);
          removed.push(name);
        }
      }
      return { changed, removed };
    }
    return this.applyWindowChanges(target, compiled, target.limit, changes);
  }

  private applyWindowChanges(
    target: TargetState,
    compiled: CompiledQuery,
    limit: number,
    changes: readonly DocumentChange[],
  ): Delta {
    const window = target.window;
    // Untracked matches of an incomplete window all sort after its last document, so a changed
    // document may only enter the window if it sorts before that boundary.
    const boundary = target.complete ? undefined : window[window.length - 1];
    let before: Map<string, Document> | null = null;
    for (const { name, after } of changes) {
      const had = target.results.get(name);
      const matches =
        after !== null &&
        compiled.matches(after) &&
        (boundary === undefined || compiled.compare(after, boundary) <= 0);
      if (had === undefined && !matches) continue;
      before ??= new Map(target.results);
      if (had !== undefined) {
        window.splice(this.indexIn(window, had, compiled), 1);
        target.results.delete(name);
      }
      if (matches) {
        window.splice(this.insertionIndex(window, after, compiled), 0, after);
        target.results.set(name, after);
      }
    }
    if (before === null) return { changed: [], removed: [] };
    if (window.length > limit) {
      // Documents pushed out of the window: the ones past the limit.
      for (const evicted of window.splice(limit)) target.results.delete(evicted.name);
      target.complete = false;
    } else if (window.length < limit && !target.complete) {
      // Backfill: documents beyond the old window are not tracked, so re-run the query.
      this.load(target);
    }
    return diffResults(before, target.results);
  }

  private indexIn(window: readonly Document[], doc: Document, compiled: CompiledQuery): number {
    const index = this.insertionIndex(window, doc, compiled);
    if (window[index]?.name === doc.name) return index;
    return window.findIndex((d) => d.name === doc.name);
  }

  /** First index whose document sorts at or after `doc`. */
  private insertionIndex(
    window: readonly Document[],
    doc: Document,
    compiled: CompiledQuery,
  ): number {
    let lo = 0;
    let hi = window.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compiled.compare(window[mid] as Document, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sends deletes for every document of `database` the listeners hold (after a clear). */
  onClear(removed: readonly Document[], time: Timestamp): void {
    this.onCommit(
      removed.map((doc) => ({ name: doc.name, before: doc, after: null })),
      time,
    );
  }
}
