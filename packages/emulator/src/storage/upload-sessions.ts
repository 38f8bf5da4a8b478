// Resumable upload sessions. Each holds the chunks received so far against the byte budget;
// a chunk must start exactly where the last one ended (a wrong or repeated offset is refused
// and changes nothing). A session nobody touches for `idleMs` on the injected clock expires and
// gives its bytes back; a finalized one is kept (without bytes) for the same time so that a
// client asking for its status learns it is final. At most `maxSessions` exist at once.
import { EmulatorError } from '../errors.js';
import type { Timestamp } from '../model/types.js';
import type { Caller } from '../service/types.js';
import { timestampToMicros } from '../store/clock.js';
import type { ByteBudget } from './byte-budget.js';
import { ObjectHasher, type ObjectHashes } from './checksums.js';
import type { ByteReservation, StoredObject, WritableMetadata } from './types.js';

export type UploadSessionLimits = {
  /** Sessions in progress or recently finalized at once. */
  readonly maxSessions: number;
  /** A session untouched this long is dropped with its bytes. */
  readonly idleMs: number;
};

export const DEFAULT_UPLOAD_SESSION_LIMITS: UploadSessionLimits = {
  maxSessions: 1_000,
  // Production keeps resumable sessions for a week; an emulator run is shorter-lived, and an
  // abandoned session holds memory.
  idleMs: 60 * 60 * 1000,
};

/** How much of a session's bytes one turn of the event loop hashes. */
const HASH_SLICE_BYTES = 512 * 1024;

export type UploadSession = {
  readonly id: string;
  readonly bucket: string;
  readonly name: string;
  readonly metadata: WritableMetadata;
  readonly declaredSize: number | undefined;
  readonly caller: Caller;
  readonly chunks: Buffer[];
  /** MD5 and CRC32C of the bytes received so far but `unhashed`. */
  readonly hasher: ObjectHasher;
  /**
   * The tail of the received bytes not yet fed to `hasher`: hashed right after the chunk's answer
   * has gone out, while the client sends the next one, and at the latest by `collect`.
   */
  readonly unhashed: Buffer[];
  hashing: boolean;
  readonly reservation: ByteReservation;
  received: number;
  lastActiveMicros: number;
  /** While a finalize waits for the rules: no more bytes are taken. */
  finalizing: boolean;
  /** Set when finalized; the chunks are gone then. */
  object: StoredObject | undefined;
};

function notFound(uploadId: string): EmulatorError {
  return new EmulatorError(
    'NOT_FOUND',
    `No active upload session with id ${JSON.stringify(uploadId)} (it may have expired, been cancelled or never existed).`,
  );
}

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  constructor(
    private readonly budget: ByteBudget,
    private readonly limits: UploadSessionLimits,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Drops every session idle for longer than the limit, freeing its bytes; returns how many. */
  expire(now: Timestamp): number {
    const cutoff = timestampToMicros(now) - this.limits.idleMs * 1000;
    let dropped = 0;
    for (const session of this.sessions.values()) {
      if (session.lastActiveMicros <= cutoff) {
        session.reservation.release();
        session.unhashed.length = 0;
        this.sessions.delete(session.id);
        dropped++;
      }
    }
    return dropped;
  }

  start(
    fields: Pick<UploadSession, 'id' | 'bucket' | 'name' | 'metadata' | 'declaredSize' | 'caller'>,
    now: Timestamp,
  ): UploadSession {
    this.expire(now);
    if (this.sessions.size >= this.limits.maxSessions) {
      throw new EmulatorError(
        'RESOURCE_EXHAUSTED',
        `Too many resumable uploads at once (limit ${this.limits.maxSessions}); finish or cancel some first.`,
      );
    }
    if (fields.declaredSize !== undefined && fields.declaredSize > this.budget.freeBytes) {
      throw this.budgetError(fields.declaredSize);
    }
    const session: UploadSession = {
      ...fields,
      chunks: [],
      hasher: new ObjectHasher(),
      unhashed: [],
      hashing: false,
      reservation: this.budget.reserve(0),
      received: 0,
      lastActiveMicros: timestampToMicros(now),
      finalizing: false,
      object: undefined,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  private budgetError(bytes: number): EmulatorError {
    try {
      this.budget.reserve(bytes).release();
    } catch (error) {
      return error as EmulatorError;
    }
    return new EmulatorError('RESOURCE_EXHAUSTED', 'Quota exceeded.');
  }

  /** The session of `id` in `bucket`, touched; NOT_FOUND once expired, cancelled or unknown. */
  get(bucket: string, id: string, now: Timestamp): UploadSession {
    this.expire(now);
    const session = this.sessions.get(id);
    if (session === undefined || session.bucket !== bucket) throw notFound(id);
    session.lastActiveMicros = timestampToMicros(now);
    return session;
  }

  /**
   * Appends a chunk whose bytes `reservation` holds (the session takes them over). Refuses,
   * changing nothing, a chunk that does not start at the bytes received so far or that would
   * pass the declared size.
   */
  append(session: UploadSession, offset: number, data: Buffer, reservation: ByteReservation): void {
    if (session.object !== undefined || session.finalizing) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Upload ${session.id} is ${session.finalizing ? 'being' : 'already'} finalized; no more bytes are accepted.`,
      );
    }
    if (offset !== session.received) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Upload offset ${offset} does not match the ${session.received} bytes received so far; ` +
          'query the upload status and resume from there.',
      );
    }
    if (
      session.declaredSize !== undefined &&
      session.received + data.length > session.declaredSize
    ) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Upload ${session.id} declared ${session.declaredSize} bytes; ${session.received + data.length} would be received.`,
      );
    }
    if (data.length === 0) return;
    // Move the bytes from the request's reservation to the session's, never holding them twice.
    const bytes = data.length;
    reservation.release();
    session.reservation.grow(bytes);
    session.chunks.push(data);
    session.unhashed.push(data);
    session.received += bytes;
    this.hashSoon(session);
  }

  /**
   * Hashes `session`'s unhashed bytes after the current request's answer is on its way, a slice
   * per turn of the event loop so that arriving bytes are read in between. The SDKs wait for each
   * chunk's answer before sending the next, so this is time the server would spend idle.
   */
  private hashSoon(session: UploadSession): void {
    if (session.hashing) return;
    session.hashing = true;
    setImmediate(() => {
      session.hashing = false;
      const next = session.unhashed[0];
      if (next === undefined) return;
      if (next.length <= HASH_SLICE_BYTES) {
        session.unhashed.shift();
        session.hasher.update(next);
      } else {
        session.hasher.update(next.subarray(0, HASH_SLICE_BYTES));
        session.unhashed[0] = next.subarray(HASH_SLICE_BYTES);
      }
      if (session.unhashed.length > 0) this.hashSoon(session);
    });
  }

  /** The session's bytes as one buffer of exactly their size, and their hashes. */
  collect(session: UploadSession): { data: Buffer; hashes: ObjectHashes } {
    for (const bytes of session.unhashed) session.hasher.update(bytes);
    session.unhashed.length = 0;
    const { chunks } = session;
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, session.received);
    return { data, hashes: session.hasher.digest() };
  }

  /** Marks `session` final with `object`; its bytes now belong to the stored object. */
  finish(session: UploadSession, object: StoredObject): void {
    session.chunks.length = 0;
    session.unhashed.length = 0;
    session.object = object;
  }

  cancel(bucket: string, id: string, now: Timestamp): void {
    this.drop(this.get(bucket, id, now));
  }

  /** Ends `session` (if still present), giving its bytes back. */
  drop(session: UploadSession): void {
    session.reservation.release();
    session.unhashed.length = 0;
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
  }

  clear(): void {
    for (const session of this.sessions.values()) {
      session.reservation.release();
      session.unhashed.length = 0;
    }
    this.sessions.clear();
  }
}
