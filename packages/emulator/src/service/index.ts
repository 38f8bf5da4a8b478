// The emulator core: store, clock, listen engine and the Firestore operation table, wired
// together. Transports and the server build on createEmulatorCore; nothing here knows a wire.
import { parseDocumentName } from '../model/paths.js';
import type { Document } from '../model/types.js';
import { createMonotonicClock, timestampToMicros, type Clock } from '../store/clock.js';
import { MemoryStore } from '../store/memory-store.js';
import { exportStore, readExport } from '../store/persistence.js';
import type { Store } from '../store/store.js';
import {
  DEFAULT_VERSION_HISTORY_LIMITS,
  VersionHistory,
  type VersionHistoryLimits,
} from '../store/version-history.js';
import { allowAllAuthorizer } from './allow-all-authorizer.js';
import { autoId } from './auto-id.js';
import { createFirestoreService } from './firestore-service.js';
import { ListenEngine } from './listen.js';
import type { DocumentChange } from './query-runner.js';
import { TransactionRegistry } from './transactions.js';
import type { Authorizer, AuthorizerScope, FirestoreService } from './types.js';

export type EmulatorCoreOptions = {
  /** Defaults to a monotonic wall clock in microseconds. */
  readonly clock?: Clock;
  /** Defaults to an empty in-memory store. */
  readonly store?: Store;
  /** Bounds on the old versions kept for reads at a past time (one hour, 20,000, 32 MiB). */
  readonly versionHistory?: Partial<VersionHistoryLimits>;
};

export type EmulatorStats = {
  readonly documents: number;
  readonly databases: number;
  readonly listenSessions: number;
  readonly listenTargets: number;
  /** Distinct listened queries; targets with equal queries share one. */
  readonly listenQueries: number;
  readonly openTransactions: number;
  readonly writeSessions: number;
  /** Old versions kept for reads at a past time, and their storage size in bytes. */
  readonly oldVersions: number;
  readonly oldVersionBytes: number;
};

export type EmulatorCore = {
  readonly service: FirestoreService;
  /** Sets the authorizer of `scope`, or the default one for every project without a scope. */
  setAuthorizer(authorizer: Authorizer, scope?: AuthorizerScope): void;
  /** The authorizer in force for `database` (`projects/{p}/databases/{d}`), or the default. */
  authorizer(database?: string): Authorizer;
  /** Deletes every document of `database` (`projects/p/databases/d`); listeners see deletes. */
  clearDocuments(database: string): void;
  /** The stored document of a full name, without rules (Storage rules read through this). */
  readDocument(name: string): Document | undefined;
  /** Writes all data to `dir` (created if needed). */
  exportData(dir: string): Promise<void>;
  /** Replaces all data with the export in `dir`; listeners see the changes. */
  importData(dir: string): Promise<void>;
  stats(): EmulatorStats;
};

export function createEmulatorCore(options: EmulatorCoreOptions = {}): EmulatorCore {
  const store = options.store ?? new MemoryStore();
  const clock = options.clock ?? createMonotonicClock();
  let defaultAuthorizer: Authorizer = allowAllAuthorizer;
  // Keyed `projects/{p}` or `projects/{p}/databases/{d}`.
  const scoped = new Map<string, Authorizer>();
  const authorizerFor = (database?: string): Authorizer => {
    if (database === undefined || scoped.size === 0) return defaultAuthorizer;
    const project = database.slice(0, database.indexOf('/databases/'));
    return scoped.get(database) ?? scoped.get(project) ?? defaultAuthorizer;
  };
  const history = new VersionHistory({
    ...DEFAULT_VERSION_HISTORY_LIMITS,
    ...options.versionHistory,
  });
  const listen = new ListenEngine(store, clock, authorizerFor);
  const transactions = new TransactionRegistry();
  const writeSessions = { open: 0 };
  const service = createFirestoreService({
    store,
    history,
    clock,
    listen,
    transactions,
    authorizer: authorizerFor,
    writeSessions,
    newDocumentId: autoId,
  });

  const clearDocuments = (database: string): void => {
    const removed = store.clearDatabase(database);
    if (removed.length === 0) return;
    const time = clock.now();
    history.record(
      removed.map((doc) => ({ name: doc.name, before: doc })),
      timestampToMicros(time),
    );
    listen.onClear(removed, time);
  };

  return {
    service,
    setAuthorizer(next, scope) {
      if (scope === undefined) defaultAuthorizer = next;
      else if (scope.databaseId === undefined) scoped.set(`projects/${scope.projectId}`, next);
      else scoped.set(`projects/${scope.projectId}/databases/${scope.databaseId}`, next);
    },
    authorizer: authorizerFor,
    clearDocuments,
    readDocument(name) {
      try {
        parseDocumentName(name);
      } catch {
        return undefined;
      }
      return store.get(name) ?? undefined;
    },
    async exportData(dir) {
      await exportStore(store, dir, clock.now());
    },
    async importData(dir) {
      const data = await readExport(dir);
      for (const { documents } of data.databases) {
        for (const doc of documents) parseDocumentName(doc.name);
      }
      if (data.maxTime !== null) clock.advancePast(data.maxTime);
      for (const database of store.databases()) clearDocuments(database);
      const changes: DocumentChange[] = [];
      for (const { documents } of data.databases) {
        for (const doc of documents) {
          changes.push({ name: doc.name, before: null, after: store.put(doc) });
        }
      }
      const time = clock.now();
      history.record(changes, timestampToMicros(time));
      listen.onCommit(changes, time);
    },
    stats() {
      return {
        documents: store.size,
        databases: store.databases().length,
        listenSessions: listen.sessions.size,
        listenTargets: listen.activeTargets,
        listenQueries: listen.activeViews,
        openTransactions: transactions.size,
        writeSessions: writeSessions.open,
        oldVersions: history.size,
        oldVersionBytes: history.bytes,
      };
    },
  };
}
