// Objects in memory, by bucket and name. Every byte of object data is held by a reservation on
// the budget, released when the object is replaced or deleted.
import type { ByteBudget } from './byte-budget.js';
import type { ByteReservation, StoredObject } from './types.js';

type Entry = { readonly object: StoredObject; readonly reservation: ByteReservation };

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, Entry>>();

  constructor(readonly budget: ByteBudget) {}

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name)?.object;
  }

  /**
   * Stores `object`, whose data `reservation` already holds (trimmed to the data's size here);
   * the object it replaces gives its bytes back.
   */
  put(object: StoredObject, reservation: ByteReservation): void {
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
    let n = 0;
    for (const objects of this.buckets.values()) n += objects.size;
    return n;
  }

  clear(): void {
    for (const objects of this.buckets.values()) {
      for (const { reservation } of objects.values()) reservation.release();
    }
    this.buckets.clear();
  }
}

/** GCS lists in the byte order of the UTF-8 names. */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
