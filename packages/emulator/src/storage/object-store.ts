// Objects in memory, by bucket and name. Every byte of object data is held by a reservation on
// the budget, released when the object is replaced or deleted.
import { EmulatorError } from '../errors.js';
import type { ByteBudget } from './byte-budget.js';
import type { ByteReservation, StoredObject } from './types.js';

type Entry = { readonly object: StoredObject; readonly reservation: ByteReservation };

/** One bucket's objects, and their names in list order, rebuilt after the set of names changes. */
type Bucket = { readonly entries: Map<string, Entry>; sorted: string[] | undefined };

/**
 * Objects at once. The budget counts bytes, not the ~2 KiB of heap each object's bookkeeping
 * costs, so without a cap a stream of empty objects could still grow the process without bound.
 */
export const DEFAULT_MAX_OBJECTS = 100_000;

export class ObjectStore {
  private readonly buckets = new Map<string, Bucket>();
  private count = 0;

  constructor(
    readonly budget: ByteBudget,
    readonly maxObjects = DEFAULT_MAX_OBJECTS,
  ) {}

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.entries.get(name)?.object;
  }

  /**
   * Stores `object`, whose data `reservation` already holds (trimmed to the data's size here);
   * the object it replaces gives its bytes back.
   */
  put(object: StoredObject, reservation: ByteReservation): void {
    const replaces = this.buckets.get(object.bucket)?.entries.has(object.name) ?? false;
    if (!replaces && this.count >= this.maxObjects) {
      throw new EmulatorError(
        'RESOURCE_EXHAUSTED',
        `Quota exceeded: the emulator holds its limit of ${this.maxObjects} objects; delete some first.`,
      );
    }
    let bucket = this.buckets.get(object.bucket);
    if (bucket === undefined) {
      bucket = { entries: new Map(), sorted: undefined };
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
    bucket.entries.get(object.name)?.reservation.release();
    bucket.entries.set(object.name, { object, reservation: exact });
    if (!replaces) {
      this.count++;
      bucket.sorted = undefined;
    }
  }

  /** Replaces the metadata of a stored object, keeping its bytes and reservation. */
  replace(object: StoredObject): void {
    const entries = this.buckets.get(object.bucket)?.entries;
    const entry = entries?.get(object.name);
    if (entries === undefined || entry === undefined) return;
    entries.set(object.name, { object, reservation: entry.reservation });
  }

  delete(bucket: string, name: string): boolean {
    const objects = this.buckets.get(bucket);
    const entry = objects?.entries.get(name);
    if (objects === undefined || entry === undefined) return false;
    entry.reservation.release();
    objects.entries.delete(name);
    objects.sorted = undefined;
    this.count--;
    if (objects.entries.size === 0) this.buckets.delete(bucket);
    return true;
  }

  /**
   * The bucket's objects whose names start with `prefix` and sort after `after`, in list order:
   * a binary search into the sorted names, so a page costs what it returns (plus one sort after
   * the set of names changed).
   */
  *listFrom(bucket: string, prefix: string, after: string | undefined): Iterable<StoredObject> {
    const objects = this.buckets.get(bucket);
    if (objects === undefined) return;
    const sorted = (objects.sorted ??= [...objects.entries.keys()].sort(nameCompare));
    const from = after !== undefined && nameCompare(after, prefix) > 0 ? after : prefix;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (nameCompare(sorted[mid]!, from) < 0) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < sorted.length; i++) {
      const name = sorted[i]!;
      if (!name.startsWith(prefix)) return;
      if (name === after) continue;
      const entry = objects.entries.get(name);
      if (entry !== undefined) yield entry.object;
    }
  }

  *all(): Iterable<StoredObject> {
    for (const objects of this.buckets.values()) {
      for (const { object } of objects.entries.values()) yield object;
    }
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    for (const objects of this.buckets.values()) {
      for (const { reservation } of objects.entries.values()) reservation.release();
    }
    this.buckets.clear();
    this.count = 0;
  }
}

/**
 * GCS lists in the byte order of the UTF-8 names, which is code point order. UTF-16 code units
 * sort the same except surrogates (code points above U+FFFF) against U+E000–U+FFFF; shifting
 * both ranges fixes that without encoding the names.
 */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x += x < 0xe000 ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y < 0xe000 ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}
