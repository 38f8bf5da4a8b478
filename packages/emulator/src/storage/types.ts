// The Storage service's model: stored objects, the metadata a client may write, upload sessions
// and the operation table's requests and answers. Transports decode into these and encode from
// them; nothing here knows a wire format.
import type { Timestamp } from '../model/types.js';
import type { Caller } from '../service/types.js';

/** An object as stored: its bytes and production's metadata. */
export type StoredObject = {
  readonly bucket: string;
  readonly name: string;
  readonly data: Buffer;
  /** Microseconds since the epoch of the write, as a decimal string (as production). */
  readonly generation: string;
  readonly metageneration: string;
  readonly timeCreated: Timestamp;
  readonly updated: Timestamp;
  readonly md5Hash: string;
  readonly crc32c: string;
  readonly etag: string;
  readonly contentType: string | undefined;
  readonly cacheControl: string | undefined;
  readonly contentDisposition: string | undefined;
  readonly contentEncoding: string | undefined;
  readonly contentLanguage: string | undefined;
  /** Custom metadata, without the download tokens. */
  readonly metadata: Readonly<Record<string, string>>;
  /** `firebaseStorageDownloadTokens`, split at commas. */
  readonly downloadTokens: readonly string[];
};

/** The metadata fields a client may set; `null` clears a field on update. */
export type WritableMetadata = {
  readonly contentType?: string | null;
  readonly cacheControl?: string | null;
  readonly contentDisposition?: string | null;
  readonly contentEncoding?: string | null;
  readonly contentLanguage?: string | null;
  /** On upload: what the client computed; a mismatch refuses the upload. */
  readonly md5Hash?: string | null;
  readonly crc32c?: string | null;
  /** Custom metadata; `firebaseStorageDownloadTokens` sets the download tokens. */
  readonly metadata?: Readonly<Record<string, string | null>> | null;
};

/** Who asks, about which bucket. Every operation takes one. */
export type StorageContext = {
  readonly caller: Caller;
  readonly bucket: string;
};

/** Bytes held against the store's budget while a request body or an upload is in flight. */
export interface ByteReservation {
  readonly bytes: number;
  /** Holds `bytes` more; throws RESOURCE_EXHAUSTED (nothing more held) when the budget is spent. */
  grow(bytes: number): void;
  /** Gives everything back; idempotent. */
  release(): void;
}

export type ObjectUpload = {
  readonly name: string;
  readonly metadata: WritableMetadata;
  readonly data: Buffer;
  /** Bytes already counted against the budget for `data`; released or kept by the upload. */
  readonly reservation: ByteReservation;
};

export type ResumableStart = {
  readonly name: string;
  readonly metadata: WritableMetadata;
  /** `X-Goog-Upload-Header-Content-Length`, when the client declared it. */
  readonly declaredSize: number | undefined;
};

export type UploadStatus = {
  readonly uploadId: string;
  readonly state: 'active' | 'final';
  readonly received: number;
  /** Set once finalized. */
  readonly object: StoredObject | undefined;
};

export type ResumableChunk = {
  readonly uploadId: string;
  /** Where the client says this chunk starts; must equal the bytes received so far. */
  readonly offset: number;
  readonly data: Buffer;
  readonly reservation: ByteReservation;
  readonly finalize: boolean;
};

export type ListRequest = {
  readonly prefix: string;
  readonly delimiter: string;
  readonly pageToken: string | undefined;
  readonly maxResults: number | undefined;
};

export type ListResult = {
  readonly prefixes: readonly string[];
  readonly items: readonly StoredObject[];
  readonly nextPageToken: string | undefined;
};

export type StorageStats = {
  readonly objects: number;
  readonly usedBytes: number;
  readonly budgetBytes: number;
  readonly uploadSessions: number;
};

export interface StorageService {
  uploadObject(ctx: StorageContext, upload: ObjectUpload): Promise<StoredObject>;
  startResumableUpload(ctx: StorageContext, start: ResumableStart): UploadStatus;
  uploadChunk(ctx: StorageContext, chunk: ResumableChunk): Promise<UploadStatus>;
  queryUpload(ctx: StorageContext, uploadId: string): UploadStatus;
  cancelUpload(ctx: StorageContext, uploadId: string): void;
  getMetadata(ctx: StorageContext, name: string): Promise<StoredObject>;
  updateMetadata(
    ctx: StorageContext,
    name: string,
    metadata: WritableMetadata,
  ): Promise<StoredObject>;
  deleteObject(ctx: StorageContext, name: string): Promise<void>;
  /** `token`: a download token; a valid one skips the rules, as production does. */
  download(ctx: StorageContext, name: string, token: string | undefined): Promise<StoredObject>;
  list(ctx: StorageContext, request: ListRequest): Promise<ListResult>;
  /** Holds request-body bytes against the budget while they arrive. */
  reserve(): ByteReservation;
  /** Drops every object and upload session (the reset endpoint, rules-unit-testing). */
  clear(): void;
  stats(): StorageStats;
}
