// The contract between the Storage service and the security rules engine. The service builds a
// StorageRulesRequest for every client request and asks a StorageAuthorizer; the rules engine
// (src/rules) implements it for `service firebase.storage`, reading the same project's
// Firestore documents through a FirestoreDocumentReader for `firestore.get()`/`exists()`.
// Nothing here knows about HTTP or about how rules are written.
import type { Document, Timestamp } from '../model/types.js';
import type { Caller } from '../service/types.js';

/** Storage's granular rules methods: `read` covers get and list, `write` the other three. */
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** An object's metadata as rules see it, in `resource` and `request.resource`. */
export type StorageObjectResource = {
  /** The full object name, e.g. `users/u1/showcases/s1/i1/960.webp`. */
  readonly name: string;
  readonly bucket: string;
  readonly size: number;
  readonly contentType: string | undefined;
  readonly md5Hash: string;
  readonly crc32c: string;
  readonly etag: string;
  readonly generation: string;
  readonly metageneration: string;
  readonly timeCreated: Timestamp;
  readonly updated: Timestamp;
  readonly cacheControl?: string;
  readonly contentDisposition?: string;
  readonly contentEncoding?: string;
  readonly contentLanguage?: string;
  /** Custom metadata (`metadata` in the API); download tokens are not part of it. */
  readonly metadata: Readonly<Record<string, string>>;
};

export type StorageRulesRequest = {
  readonly caller: Caller;
  readonly method: StorageMethod;
  readonly bucket: string;
  /** The object's name; for `list`, the listed prefix (may be empty for the bucket's root). */
  readonly path: string;
  readonly time: Timestamp;
  /** The stored object: null on create, on a missing object and for list. */
  readonly resource: StorageObjectResource | null;
  /** The object as it would be after a write: null for get, list and delete. */
  readonly requestResource: StorageObjectResource | null;
};

export interface StorageAuthorizer {
  /** Resolves when some `allow` holds; rejects with EmulatorError('PERMISSION_DENIED', …) when none does. */
  authorize(request: StorageRulesRequest): Promise<void>;
}

/** How storage rules read the same project's Firestore data, in-process. */
export interface FirestoreDocumentReader {
  /** `name` is a full document name: `projects/{p}/databases/(default)/documents/{path}`. */
  getDocument(name: string): Document | undefined;
}
