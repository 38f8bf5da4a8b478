// What the transports and control endpoints need from the emulator core (src/service). Declared
// structurally so the server can be booted with any core, including a test double.
import type { Document } from '../model/types.js';
import type { Authorizer, AuthorizerScope, FirestoreService } from '../service/types.js';

export interface CoreHandle {
  readonly service: FirestoreService;
  /** Without a scope: the default for every project that has no authorizer of its own. */
  setAuthorizer(authorizer: Authorizer, scope?: AuthorizerScope): void;
  /** The authorizer in force for `database` (`projects/{p}/databases/{d}`), or the default. */
  authorizer(database?: string): Authorizer;
  clearDocuments(database: string): unknown;
  /** A document by full name, read in-process (Storage rules' `firestore.get()`); no rules. */
  readDocument(name: string): Document | undefined;
  exportData(dir: string): Promise<unknown>;
  importData(dir: string): Promise<unknown>;
}
