// The Storage core: object store, upload sessions and byte budget behind the operation table,
// wired to a clock, id generators and a swappable StorageAuthorizer. The server builds it on
// the first Storage request; nothing here knows a wire.
import { randomBytes, randomUUID } from 'node:crypto';
import { createMonotonicClock } from '../store/clock.js';
import type { Clock } from '../store/clock.js';
import { ByteBudget } from './byte-budget.js';
import { ObjectStore } from './object-store.js';
import type { StorageAuthorizer } from './rules-port.js';
import { exportObjects, importObjects } from './storage-persistence.js';
import { createStorageService } from './storage-service.js';
import type { StorageService, StorageStats } from './types.js';
import { DEFAULT_UPLOAD_SESSION_LIMITS, UploadSessions } from './upload-sessions.js';
import type { UploadSessionLimits } from './upload-sessions.js';

/** 512 MiB: room for a gallery's worth of images, well inside a laptop's memory. */
export const DEFAULT_STORAGE_BUDGET_BYTES = 512 * 1024 * 1024;

export type StorageCoreOptions = {
  readonly clock?: Clock;
  /** Total bytes of objects and uploads in flight. */
  readonly budgetBytes?: number;
  /** Objects at once (default 100,000); the budget alone does not bound empty objects. */
  readonly maxObjects?: number;
  readonly sessionLimits?: Partial<UploadSessionLimits>;
  readonly newUploadId?: () => string;
  readonly newDownloadToken?: () => string;
  /** The authorizer until setAuthorizer is called. */
  readonly authorizer: StorageAuthorizer;
};

export type StorageCore = {
  readonly service: StorageService;
  setAuthorizer(authorizer: StorageAuthorizer): void;
  authorizer(): StorageAuthorizer;
  /** Drops abandoned upload sessions now (also done on every upload request). */
  expireUploads(): number;
  /** Drops every upload session in progress (shutdown), freeing its bytes. */
  dropUploads(): void;
  clear(): void;
  /** Writes every object under `dir` (created if needed). */
  exportData(dir: string): Promise<void>;
  /** Replaces every object with those exported under `dir`; a missing export is empty. */
  importData(dir: string): Promise<void>;
  stats(): StorageStats;
};

function uploadId(): string {
  return randomBytes(24).toString('base64url');
}

export function createStorageCore(options: StorageCoreOptions): StorageCore {
  const clock = options.clock ?? createMonotonicClock();
  const budget = new ByteBudget(options.budgetBytes ?? DEFAULT_STORAGE_BUDGET_BYTES);
  const objects = new ObjectStore(budget, options.maxObjects);
  const sessions = new UploadSessions(budget, {
    ...DEFAULT_UPLOAD_SESSION_LIMITS,
    ...options.sessionLimits,
  });
  let current = options.authorizer;
  const service = createStorageService({
    objects,
    sessions,
    clock,
    newUploadId: options.newUploadId ?? uploadId,
    newDownloadToken: options.newDownloadToken ?? randomUUID,
    authorizer: () => current,
  });
  return {
    service,
    setAuthorizer(next) {
      current = next;
    },
    authorizer: () => current,
    expireUploads: () => sessions.expire(clock.now()),
    dropUploads: () => sessions.clear(),
    clear: () => service.clear(),
    exportData: (dir) => exportObjects(objects, dir),
    async importData(dir) {
      const imported = await importObjects(dir);
      if (imported === undefined) return;
      let total = 0;
      for (const object of imported) total += object.data.length;
      if (imported.length > objects.maxObjects) {
        throw new Error(
          `the export holds ${imported.length} Storage objects, more than the limit of ${objects.maxObjects}`,
        );
      }
      if (total > budget.limit) {
        throw new Error(
          `the export holds ${total} bytes of Storage objects, more than the ${budget.limit}-byte budget`,
        );
      }
      service.clear();
      for (const object of imported) {
        clock.advancePast(object.updated);
        objects.put(object, budget.reserve(object.data.length));
      }
    },
    stats: () => service.stats(),
  };
}
