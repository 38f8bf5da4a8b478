// The storage port. The service reads and writes documents only through this interface; the
// in-memory implementation indexes documents by collection so a query scans its own collection
// and a commit touches only what it writes.
import type { Document } from '../model/types.js';

export interface Store {
  /** Number of stored documents across all databases. */
  readonly size: number;
  get(name: string): Document | null;
  /**
   * Inserts or replaces a document; returns it as stored (its fields may be held in another
   * form), which is the copy callers should hand on so that no second copy stays alive.
   */
  put(doc: Document): Document;
  /** Removes a document; returns what was removed. */
  delete(name: string): Document | null;
  /** Documents directly in `collectionPath` (`…/documents/a/b/c`), in no particular order. */
  collectionDocuments(collectionPath: string): Iterable<Document>;
  /** Documents in every collection named `collectionId` below `parent` (any depth). */
  collectionGroupDocuments(parent: string, collectionId: string): Iterable<Document>;
  /** Every document below `parent` (`…/documents` or a document name). */
  descendantDocuments(parent: string): Iterable<Document>;
  /** Ids of collections directly under `parent` that hold documents at any depth, sorted. */
  listCollectionIds(parent: string): string[];
  /**
   * Names of documents in `collectionPath` that do not exist but have subcollections with
   * documents (`showMissing` in listDocuments).
   */
  missingDocumentNames(collectionPath: string): string[];
  /** Database names (`projects/p/databases/d`) holding at least one document. */
  databases(): string[];
  /** Every document of one database. */
  databaseDocuments(database: string): Iterable<Document>;
  /** Removes every document of `database`; returns what was removed. */
  clearDatabase(database: string): Document[];
}
