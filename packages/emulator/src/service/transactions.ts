// Transactions for clients that ask for ids (the admin SDK). Concurrency control is optimistic:
// a transaction records the versions it read (documents and query results) and its commit
// aborts when any of them changed, which the admin SDK answers by retrying. A read-only
// transaction begun with a read time reads the database as it was then (store/version-history).
import { randomBytes } from 'node:crypto';
import { EmulatorError } from '../errors.js';
import type { Document, Timestamp } from '../model/types.js';
import type { CompiledQuery } from '../query/query.js';
import { timestampToMicros } from '../store/clock.js';

const ID_BYTES = 16;
/** Production's maximum transaction lifetime is 270 s; idle ones expire sooner there too. */
export const TRANSACTION_IDLE_MS = 270_000;
export const MAX_OPEN_TRANSACTIONS = 10_000;

export type RecordedQuery = {
  readonly compiled: CompiledQuery;
  /** Result names → updateTime in µs at read time. */
  readonly results: ReadonlyMap<string, number>;
};

export type Transaction = {
  readonly key: string;
  readonly database: string;
  readonly readOnly: boolean;
  /** Set for a read-only transaction begun at a past time: its reads see that time. */
  readonly readTime?: Timestamp;
  /** Document name → updateTime in µs when read, or null when it was missing. */
  readonly reads: Map<string, number | null>;
  readonly queries: RecordedQuery[];
  lastUsed: number;
};

export function documentVersion(doc: Document | null): number | null {
  return doc === null ? null : timestampToMicros(doc.updateTime);
}

export class TransactionRegistry {
  private readonly open = new Map<string, Transaction>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  get size(): number {
    return this.open.size;
  }

  begin(
    database: string,
    readOnly: boolean,
    readTime?: Timestamp,
  ): { id: Uint8Array; transaction: Transaction } {
    this.expire();
    if (this.open.size >= MAX_OPEN_TRANSACTIONS) {
      // Drop the least recently used; its commit will be ABORTED and retried.
      const oldest = this.open.keys().next().value as string;
      this.open.delete(oldest);
    }
    const id = new Uint8Array(randomBytes(ID_BYTES));
    const key = Buffer.from(id).toString('base64');
    const transaction: Transaction = {
      key,
      database,
      readOnly,
      ...(readOnly && readTime !== undefined ? { readTime } : {}),
      reads: new Map(),
      queries: [],
      lastUsed: this.nowMs(),
    };
    this.open.set(key, transaction);
    return { id, transaction };
  }

  /** The open transaction for `id`: INVALID_ARGUMENT when malformed, ABORTED when unknown. */
  get(database: string, id: Uint8Array): Transaction {
    this.expire();
    if (id.length !== ID_BYTES) throw new EmulatorError('INVALID_ARGUMENT', 'Invalid transaction.');
    const key = Buffer.from(id).toString('base64');
    const transaction = this.open.get(key);
    if (transaction === undefined || transaction.database !== database) {
      throw new EmulatorError(
        'ABORTED',
        'The referenced transaction has expired or is no longer valid.',
      );
    }
    // Re-insert to keep the map in least-recently-used order.
    this.open.delete(key);
    this.open.set(key, transaction);
    transaction.lastUsed = this.nowMs();
    return transaction;
  }

  end(transaction: Transaction): void {
    this.open.delete(transaction.key);
  }

  private expire(): void {
    const cutoff = this.nowMs() - TRANSACTION_IDLE_MS;
    for (const [key, transaction] of this.open) {
      if (transaction.lastUsed >= cutoff) break;
      this.open.delete(key);
    }
  }
}
