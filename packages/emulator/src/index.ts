// Public entry of the emulator package: boot a server in-process (tests, scripts), or build the
// core it serves (to inject a fake clock or store through `ServerOptions.core`), with the types
// of the operation table and the model. The wire codecs stay internal to src/transport.
export { createServer, StartupError } from './server.js';
export { DEFAULT_STORAGE_LIMITS } from './server.js';
export type {
  ConnectionLimits,
  EmulatorServer,
  ServerOptions,
  StorageLimits,
  StorageServerHandle,
  TransportStats,
} from './server.js';
export type { StorageCore, StorageCoreOptions } from './storage/index.js';
export type {
  StorageService,
  StorageStats,
  StoredObject,
  WritableMetadata,
} from './storage/types.js';
export type * from './storage/rules-port.js';
export type { StorageRulesController } from './admin/storage-rules-controller.js';
export { createEmulatorCore } from './service/index.js';
export type { EmulatorCore, EmulatorCoreOptions, EmulatorStats } from './service/index.js';
export type { CoreHandle } from './admin/core-handle.js';
export type {
  RulesController,
  RulesIssue,
  RulesLoadResult,
  RulesSource,
} from './admin/rules-controller.js';
export type { Logger } from './transport/logger.js';
export { consoleLogger, silentLogger } from './transport/logger.js';
export type { WebChannelEvent, WebChannelObserver } from './transport/webchannel/observer.js';
export type {
  WebChannelLimits,
  WebChannelStats,
} from './transport/webchannel/webchannel-handler.js';
export { EmulatorError, CODES } from './errors.js';
export type { Code } from './errors.js';
export type * from './service/types.js';
export type * from './model/types.js';
