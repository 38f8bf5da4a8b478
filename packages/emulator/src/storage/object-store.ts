// Objects in memory, by bucket and name. Every byte of object data is held by a reservation on
// the budget, released when the object is replaced or deleted.
import { EmulatorError } from '../errors.js';
import type { ByteBudget } from './byte-budget.js';
import type { ByteReservation, StoredObject } from './types.js';

type Entry = { readonly object: StoredObject; readonly reservation: ByteReservation };

/**
 * Objects at once. The budget counts bytes, not the ~1 KiB of bookkeeping each object costs, so
 * without a cap a stream of empty objects could still grow the process without bound.
 */
export const DEFAULT_MAX_OBJECTS = 200_000;

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, Entry>>();
  private count = 0;

  constructor(
    readonly budget: ByteBudget,
    readonly maxObjects = DEFAULT_MAX_OBJECTS,
  ) {}

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name)?.object;
  }

  /**
   * Stores `object`, whose data `reservation` already holds (trimmed to the data's size here);
   * the object it replaces gives its bytes back.
   */
  put(object: StoredObject, reservation: ByteReservation): void {
    const replaces = this.buckets.get(object.bucket)?.has(object.name) ?? false;
    if (!replaces && this.count >= this.maxObjects) {
      throw new EmulatorError(
        'RESOURCE_EXHAUSTED',
        `Quota exceeded: the emulator holds its limit of ${this.maxObjects} objects; delete some first.`,
      );
    }
    let bucket = this.buckets.get(object.bucket);
    if (bucket === undefined) {
      bucket = new Map();
      this.buckets.set(object.bucket, bucket);
    }
    const exact = this.budget.reserve(0);
    // Swap the request's reservation for one of exactly the object's size: a multipart body
    // held more (its JSON part and boundaries) than the object keeps.
    reservation.release();
    try {
      exact.grow(object.data.length);
    } catch (error) {
      exact.release();
      throw error;
    }
    bucket.get(object.name)?.reservation.release();
    bucket.set(object.name, { object, reservation: exact });
    if (!replaces) this.count++;
  }

  /** Replaces the metadata of a stored object, keeping its bytes and reservation. */
  replace(object: StoredObject): void {
    const entry = this.buckets.get(object.bucket)?.get(object.name);
    if (entry === undefined) return;
    this.buckets.get(object.bucket)!.set(object.name, { object, reservation: entry.reservation });
  }

  delete(bucket: string, name: string): boolean {
    const objects = this.buckets.get(bucket);
    const entry = objects?.get(name);
    if (objects === undefined || entry === undefined) return false;
    entry.reservation.release();
    objects.delete(name);
    this.count--;
    if (objects.size === 0) this.buckets.delete(bucket);
    return true;
  }

  /** The bucket's objects whose names start with `prefix`, sorted by name. */
  listSorted(bucket: string, prefix: string): StoredObject[] {
    const objects = this.buckets.get(bucket);
    if (objects === undefined) return [];
    const out: StoredObject[] = [];
    for (const { object } of objects.values()) {
      if (object.name.startsWith(prefix)) out.push(object);
    }
    return out.sort((a, b) => nameCompare(a.name, b.name));
  }

  *all(): Iterable<StoredObject> {
    for (const objects of this.buckets.values()) {
      for (const { object } of objects.values()) yield object;
    }
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    for (const objects of this.buckets.values()) {
      for (const { reservation } of objects.values()) reservation.release();
    }
    this.buckets.clear();
    this.count = 0;
  }
}

/** GCS lists in the byte order of the UTF-8 names. */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
