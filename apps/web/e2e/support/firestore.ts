/**
 * The Firestore emulator seen from a test, as the owner (bypasses rules): clear it, read what the
 * server really holds (not a client cache), and arrange documents.
 */
import type { DocumentWrite, PlainValue, StoredDocument } from '@showcase/dev-stack';
import { client } from './env';

export type { PlainValue, StoredDocument };

/** Deletes every document (open listeners see the deletes). Use only in tests that need it. */
export function clearFirestore(): Promise<void> {
  return client().clearFirestore();
}

/** One document as the server holds it, or undefined. */
export function getDocument(path: string): Promise<StoredDocument | undefined> {
  return client().getDocument(path);
}

/** Every document of a collection (path like `showcases` or `showcases/x/likes`), as the server holds them. */
export function listDocuments(collectionPath: string): Promise<StoredDocument[]> {
  return client().listDocuments(collectionPath);
}

/** Writes whole documents as the owner (rules bypassed), in one atomic commit. */
export function setDocuments(documents: DocumentWrite[]): Promise<void> {
  return client().commit(documents, Math.max(documents.length, 1));
}
