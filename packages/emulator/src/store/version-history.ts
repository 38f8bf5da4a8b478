// Old versions of documents, kept so that a read at a past time (`readTime`) sees the database as
// it was then. Production keeps one hour of versions; this log keeps the same hour on the
// injected clock, under a cap on versions and bytes that prunes the oldest first.
//
// The log records, for every change, the version a document had just before it (null when it did
// not exist) and the time the change happened, in commit order. The state at time T is then the
// current state with, for each document changed after T, the version recorded by its first
// change after T. A read at T costs the changes made since T, not what is stored; reads at the
// current time never touch the log.
import { collectionIdOf, collectionPathOf, pathIsStrictPrefixOf } from '../model/paths.js';
import { documentSize } from '../model/document.js';
import type { Document } from '../model/types.js';
import { compareUtf8Strings } from '../model/values.js';
import { timestampToMicros } from './clock.js';
import type { Store } from './store.js';

export type VersionHistoryLimits = {
  /** How far back reads may go: production's one hour (without point-in-time recovery). */
  readonly retentionMs: number;
  /**
   * Old versions kept at most; beyond it the oldest go first. 0 keeps no history. A version of a
   * small document costs about 1.1 KiB of heap (`npm run bench -- --only history-memory`).
   */
  readonly maxVersions: number;
  /**
   * Bytes of old versions kept at most, counted as production counts document storage size
   * (name + fields + 32). The heap holds more than that, about 7× for small documents and
   * close to 1× for large string fields, so this bound is meant for large documents and
   * `maxVersions` for many small ones.
   */
  readonly maxBytes: number;
};

/** About 22 MiB of heap for 20,000 versions of small documents; 32 MiB of large ones. */
export const DEFAULT_VERSION_HISTORY_LIMITS: VersionHistoryLimits = {
  retentionMs: 60 * 60 * 1000,
  maxVersions: 20_000,
  maxBytes: 32 * 1024 * 1024,
};

/** A change as the log needs it: the document's name and its version just before. */
export type ReplacedVersion = { readonly name: string; readonly before: Document | null };

type Entry = {
  readonly name: string;
  readonly before: Document | null;
  /** When `before` stopped being current (µs). */
  readonly at: number;
  readonly bytes: number;
};

/** Why a read at some time cannot be served. */
export type UnreadableTime = 'too-old' | 'in-the-future';

const ENTRY_OVERHEAD_BYTES = 32;

export class VersionHistory {
  private entries: Entry[] = [];
  /** Index of the oldest kept entry; the array is compacted once half of it is pruned. */
  private head = 0;
  private keptBytes = 0;
  /** Reads before this time (µs) would need versions already pruned by the caps. */
  private exactFrom = Number.NEGATIVE_INFINITY;
  private readonly retentionMicros: number;

  constructor(private readonly limits: VersionHistoryLimits = DEFAULT_VERSION_HISTORY_LIMITS) {
    this.retentionMicros = limits.retentionMs * 1000;
  }

  /** Old versions kept. */
  get size(): number {
    return this.entries.length - this.head;
  }

  /** Bytes of old versions kept (storage size, see `maxBytes`). */
  get bytes(): number {
    return this.keptBytes;
  }

  /** Records the versions a commit (or a clear) at `atMicros` replaced, then prunes. */
  record(changes: readonly ReplacedVersion[], atMicros: number): void {
    for (const { name, before } of changes) {
      const bytes =
        ENTRY_OVERHEAD_BYTES + (before === null ? name.length : documentSize(name, before.fields));
      this.entries.push({ name, before, at: atMicros, bytes });
      this.keptBytes += bytes;
    }
    this.prune(atMicros);
  }

  /** Drops versions older than the retention window, then the oldest beyond the caps. */
  prune(nowMicros: number): void {
    const cutoff = nowMicros - this.retentionMicros;
    while (this.head < this.entries.length) {
      const oldest = this.entries[this.head] as Entry;
      const overCap = this.size > this.limits.maxVersions || this.keptBytes > this.limits.maxBytes;
      if (oldest.at >= cutoff && !overCap) break;
      if (overCap) this.exactFrom = Math.max(this.exactFrom, oldest.at);
      this.keptBytes -= oldest.bytes;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** Whether a read at `timeMicros` can be served exactly when the time is `nowMicros`. */
  unreadable(timeMicros: number, nowMicros: number): UnreadableTime | undefined {
    if (timeMicros > nowMicros) return 'in-the-future';
    if (timeMicros < nowMicros - this.retentionMicros || timeMicros < this.exactFrom) {
      return 'too-old';
    }
    return undefined;
  }

  /** The versions at `timeMicros` of the documents changed since: name → version or null. */
  versionsAt(timeMicros: number): Map<string, Document | null> {
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.entries[mid] as Entry).at > timeMicros) high = mid;
      else low = mid + 1;
    }
    const versions = new Map<string, Document | null>();
    for (let i = low; i < this.entries.length; i++) {
      const { name, before } = this.entries[i] as Entry;
      if (!versions.has(name)) versions.set(name, before);
    }
    return versions;
  }

  /** A read-only store showing `current` as it was at `timeMicros`. */
  viewAt(current: Store, timeMicros: number): Store {
    return new StoreAtTime(current, this.versionsAt(timeMicros), timeMicros);
  }
}

/**
 * The store as it was at a past time: documents changed since are replaced by their version
 * then (or hidden when they did not exist), and documents created after it are hidden too (a
 * safety net for data loaded with its own times, such as an import).
 */
class StoreAtTime implements Store {
  constructor(
    private readonly current: Store,
    private readonly versions: ReadonlyMap<string, Document | null>,
    private readonly timeMicros: number,
  ) {}

  private visible(doc: Document): boolean {
    return !this.versions.has(doc.name) && timestampToMicros(doc.createTime) <= this.timeMicros;
  }

  private *currentAndOld(
    currentDocuments: Iterable<Document>,
    oldMatches: (doc: Document) => boolean,
  ): Iterable<Document> {
    for (const doc of currentDocuments) if (this.visible(doc)) yield doc;
    for (const doc of this.versions.values()) if (doc !== null && oldMatches(doc)) yield doc;
  }

  get size(): number {
    let count = 0;
    for (const database of this.databases()) count += [...this.databaseDocuments(database)].length;
    return count;
  }

  get(name: string): Document | null {
    if (this.versions.has(name)) return this.versions.get(name) ?? null;
    const doc = this.current.get(name);
    return doc !== null && this.visible(doc) ? doc : null;
  }

  put(): Document {
    throw new Error('a store at a past time is read-only');
  }

  delete(): Document | null {
    throw new Error('a store at a past time is read-only');
  }

  clearDatabase(): Document[] {
    throw new Error('a store at a past time is read-only');
  }

  collectionDocuments(collectionPath: string): Iterable<Document> {
    return this.currentAndOld(
      this.current.collectionDocuments(collectionPath),
      (doc) => collectionPathOf(doc.name) === collectionPath,
    );
  }

  collectionGroupDocuments(parent: string, collectionId: string): Iterable<Document> {
    return this.currentAndOld(
      this.current.collectionGroupDocuments(parent, collectionId),
      (doc) =>
        collectionIdOf(doc.name) === collectionId &&
        pathIsStrictPrefixOf(parent, collectionPathOf(doc.name)),
    );
  }

  descendantDocuments(parent: string): Iterable<Document> {
    return this.currentAndOld(this.current.descendantDocuments(parent), (doc) =>
      pathIsStrictPrefixOf(parent, doc.name),
    );
  }

  listCollectionIds(parent: string): string[] {
    const ids = new Set<string>();
    const prefix = `${parent}/`;
    for (const doc of this.descendantDocuments(parent)) {
      const rest = doc.name.slice(prefix.length);
      ids.add(rest.slice(0, rest.indexOf('/')));
    }
    return [...ids].sort(compareUtf8Strings);
  }

  missingDocumentNames(collectionPath: string): string[] {
    const names = new Set<string>();
    const prefix = `${collectionPath}/`;
    for (const doc of this.descendantDocuments(collectionPath)) {
      const rest = doc.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) continue;
      const name = prefix + rest.slice(0, slash);
      if (this.get(name) === null) names.add(name);
    }
    return [...names];
  }

  databases(): string[] {
    return this.current.databases();
  }

  databaseDocuments(database: string): Iterable<Document> {
    return this.currentAndOld(this.current.databaseDocuments(database), (doc) =>
      doc.name.startsWith(`${database}/`),
    );
  }
}
