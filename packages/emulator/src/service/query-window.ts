// The result window of a listened query with a limit or an offset. It tracks, in query order,
// the first `offset + limit + slack` matching documents. Untracked matches all sort after the
// last tracked one, so a commit is applied in O(changes · log window) and the store is
// scanned again only when deletions eat through the slack below the visible window. Each such
// rescan quadruples the slack (up to a bound), so a stream of deletions rescans rarely.
import type { Document } from '../model/types.js';
import type { CompiledQuery } from '../query/query.js';
import type { DocumentChange } from './query-runner.js';

/** Extra documents tracked past the visible window, so removals rarely need a rescan. */
export const MIN_WINDOW_SLACK = 64;
export const MAX_WINDOW_SLACK = 4096;
/** Above this many tracked documents a scan sorts everything instead of inserting. */
const INSERTION_SELECT_MAX = 8192;

export type WindowDelta = { readonly changed: Document[]; readonly removed: string[] };

export const EMPTY_DELTA: WindowDelta = { changed: [], removed: [] };

/** First index in sorted `docs` whose document sorts at or after `doc`. */
export function insertionIndex(
  docs: readonly Document[],
  doc: Document,
  compiled: CompiledQuery,
): number {
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compiled.compare(docs[mid] as Document, doc) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first `cap` matching candidates in query order, and how many matched in all. */
export function selectFirst(
  candidates: Iterable<Document>,
  compiled: CompiledQuery,
  cap: number,
): { documents: Document[]; total: number } {
  if (cap > INSERTION_SELECT_MAX) {
    const all: Document[] = [];
    for (const doc of candidates) if (compiled.matches(doc)) all.push(doc);
    all.sort(compiled.compare);
    return { documents: all.length > cap ? all.slice(0, cap) : all, total: all.length };
  }
  const top: Document[] = [];
  let total = 0;
  for (const doc of candidates) {
    if (!compiled.matches(doc)) continue;
    total++;
    if (top.length >= cap) {
      if (cap === 0 || compiled.compare(doc, top[top.length - 1] as Document) >= 0) continue;
      top.pop();
    }
    top.splice(insertionIndex(top, doc, compiled), 0, doc);
  }
  return { documents: top, total };
}

/** Documents whose version differs between two result sets, and names that left. */
export function diffResults(
  before: ReadonlyMap<string, Document>,
  after: ReadonlyMap<string, Document>,
): WindowDelta {
  const changed: Document[] = [];
  const removed: string[] = [];
  for (const [name, doc] of after) {
    const old = before.get(name);
    if (old === undefined || !sameVersion(old, doc)) changed.push(doc);
  }
  for (const name of before.keys()) if (!after.has(name)) removed.push(name);
  return { changed, removed };
}

export function sameVersion(a: Document, b: Document): boolean {
  return (
    a === b ||
    (a.updateTime.seconds === b.updateTime.seconds && a.updateTime.nanos === b.updateTime.nanos)
  );
}

export class QueryWindow {
  private tracked: Document[] = [];
  private readonly trackedByName = new Map<string, Document>();
  /** True when `tracked` holds every matching document. */
  private complete = true;
  private visibleDocs = new Map<string, Document>();
  private readonly offset: number;
  private readonly end: number;
  private slack: number;
  private rescans = 0;

  constructor(
    private readonly compiled: CompiledQuery,
    /** The candidates of a full scan (the query's collection or group). */
    private readonly scan: () => Iterable<Document>,
  ) {
    const { offset, limit } = compiled.query;
    this.offset = offset;
    this.end = limit === undefined ? Number.POSITIVE_INFINITY : offset + limit;
    this.slack = Math.min(Math.max(limit ?? 0, MIN_WINDOW_SLACK), MAX_WINDOW_SLACK);
  }

  /** Most documents tracked; a window without a limit tracks every match. */
  private get cap(): number {
    return this.end + this.slack;
  }

  /** How often deletions forced a rescan of the store; for tests and stats. */
  get rescanCount(): number {
    return this.rescans;
  }

  /** The documents the client sees. */
  get visible(): ReadonlyMap<string, Document> {
    return this.visibleDocs;
  }

  /** How many documents are tracked (visible plus slack); for tests and stats. */
  get trackedCount(): number {
    return this.tracked.length;
  }

  /** Fills the window from a full scan. */
  load(): void {
    const { documents, total } = selectFirst(this.scan(), this.compiled, this.cap);
    this.tracked = documents;
    this.complete = total <= documents.length;
    this.trackedByName.clear();
    for (const doc of documents) this.trackedByName.set(doc.name, doc);
    this.visibleDocs = this.computeVisible();
  }

  private computeVisible(): Map<string, Document> {
    const visible = new Map<string, Document>();
    const end = Math.min(this.end, this.tracked.length);
    for (let i = this.offset; i < end; i++) {
      const doc = this.tracked[i] as Document;
      visible.set(doc.name, doc);
    }
    return visible;
  }

  private indexOf(doc: Document): number {
    const index = insertionIndex(this.tracked, doc, this.compiled);
    if (this.tracked[index]?.name === doc.name) return index;
    return this.tracked.findIndex((d) => d.name === doc.name);
  }

  /** Applies one commit's changes; returns what the client must be told. */
  apply(changes: readonly DocumentChange[]): WindowDelta {
    const { compiled } = this;
    const before = this.visibleDocs;
    // Untracked matches all sort after the last tracked document, so a changed document may
    // only be tracked if it sorts before that boundary.
    const boundary = this.complete ? undefined : this.tracked[this.tracked.length - 1];
    let touched = false;
    for (const { name, after } of changes) {
      const had = this.trackedByName.get(name);
      const matches =
        after !== null &&
        compiled.matches(after) &&
        (boundary === undefined || compiled.compare(after, boundary) <= 0);
      if (had === undefined && !matches) continue;
      touched = true;
      if (had !== undefined) {
        this.tracked.splice(this.indexOf(had), 1);
        this.trackedByName.delete(name);
      }
      if (matches) {
        this.tracked.splice(insertionIndex(this.tracked, after, compiled), 0, after);
        this.trackedByName.set(name, after);
      }
    }
    if (!touched) return EMPTY_DELTA;
    if (this.tracked.length > this.cap) {
      for (const evicted of this.tracked.splice(this.cap)) this.trackedByName.delete(evicted.name);
      this.complete = false;
    } else if (!this.complete && this.tracked.length < this.end) {
      // Deletions ate the slack: documents past the old boundary are unknown, so rescan.
      this.rescans++;
      this.slack = Math.min(this.slack * 4, MAX_WINDOW_SLACK);
      this.load();
    }
    this.visibleDocs = this.computeVisible();
    return diffResults(before, this.visibleDocs);
  }
}
