// What the transports and control endpoints need from the emulator core (src/service). Declared
// structurally so the server can be booted with any core, including a test double.
import type { Authorizer, FirestoreService } from '../service/types.js';

export interface CoreHandle {
  readonly service: FirestoreService;
  setAuthorizer(authorizer: Authorizer): void;
  authorizer(): Authorizer;
  clearDocuments(database: string): unknown;
  exportData(dir: string): Promise<unknown>;
  importData(dir: string): Promise<unknown>;
}
