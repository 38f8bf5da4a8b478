// How stored documents keep their fields. A JS Map of five fields costs about 370 bytes (its hash
// table), more than the values in it; each Value is a 40-byte object around what it holds; and
// documents of one collection repeat the same field names. CompactFields keeps the names in an
// array shared by every map with the same names in the same order (interned by a InternTable,
// one per store), and each value as a slot: leaves bare (a string, bigint, number, boolean, null
// or Timestamp object; an array of leaves as a plain array), maps and anything else as Values;
// short strings are shared through the same table.
// A top-level integer in the safe range is kept as a number (a bigint is a 24-byte object; most
// numbers cost nothing beyond their slot) and marked in a bit mask, so that it still reads back
// as an integer and a double as a double. Reading a field turns its slot back into a Value (a
// short-lived object; nulls and booleans are shared constants). Lookups scan, which is fast for
// the small maps documents are made of; larger ones stay Maps. The values, their order and what
// every ReadonlyMap method answers are those of the Map it was made from.
import type { Fields, Timestamp, Value } from './types.js';
import { FALSE_VALUE, NULL_VALUE, TRUE_VALUE } from './values.js';

/** A leaf without its Value wrapper. */
type Leaf = string | bigint | number | boolean | null | Timestamp;
/** How CompactFields holds one value. */
type Slot = Leaf | readonly Leaf[] | Value;

function leafValue(leaf: Leaf): Value {
  switch (typeof leaf) {
    case 'string':
      return { kind: 'string', value: leaf };
    case 'bigint':
      return { kind: 'integer', value: leaf };
    case 'number':
      return { kind: 'double', value: leaf };
    case 'boolean':
      return leaf ? TRUE_VALUE : FALSE_VALUE;
    default:
      return leaf === null ? NULL_VALUE : { kind: 'timestamp', value: leaf };
  }
}

function slotValue(slot: Slot): Value {
  if (Array.isArray(slot)) return { kind: 'array', values: slot.map(leafValue) };
  if (slot !== null && typeof slot === 'object' && 'kind' in slot) return slot;
  return leafValue(slot as Leaf);
}

/** The leaf `value` holds bare, or undefined for kinds that keep their Value. */
function leafOf(value: Value, table: InternTable): Leaf | undefined {
  switch (value.kind) {
    case 'string':
      return table.string(value.value);
    case 'boolean':
    case 'timestamp':
    case 'integer':
    case 'double':
      return value.value;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** Maps with more fields stay Maps: a scan would cost more than the hash table saves. */
export const MAX_COMPACT_FIELDS = 16;

/** A read-only field map over an interned name array and a value array. */
export class CompactFields implements ReadonlyMap<string, Value> {
  /**
   * @param integers bit i set: slot i is an integer kept as a number (the maps are at most
   *   MAX_COMPACT_FIELDS long, so every slot has a bit).
   */
  constructor(
    private readonly names: readonly string[],
    private readonly slots: readonly Slot[],
    private readonly integers = 0,
  ) {}

  get size(): number {
    return this.names.length;
  }

  private valueAt(i: number): Value {
    const slot = this.slots[i] as Slot;
    return (this.integers & (1 << i)) === 0
      ? slotValue(slot)
      : { kind: 'integer', value: BigInt(slot as number) };
  }

  get(name: string): Value | undefined {
    const i = this.names.indexOf(name);
    return i === -1 ? undefined : this.valueAt(i);
  }

  has(name: string): boolean {
    return this.names.includes(name);
  }

  forEach(
    callback: (value: Value, name: string, map: ReadonlyMap<string, Value>) => void,
    thisArg?: unknown,
  ): void {
    for (let i = 0; i < this.names.length; i++) {
      callback.call(thisArg, this.valueAt(i), this.names[i] as string, this);
    }
  }

  *entries(): MapIterator<[string, Value]> {
    for (let i = 0; i < this.names.length; i++) {
      yield [this.names[i] as string, this.valueAt(i)];
    }
  }

  *keys(): MapIterator<string> {
    yield* this.names;
  }

  *values(): MapIterator<Value> {
    for (let i = 0; i < this.slots.length; i++) yield this.valueAt(i);
  }

  [Symbol.iterator](): MapIterator<[string, Value]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'CompactFields';
  }
}

/** Strings longer than this are kept as they come: long texts seldom repeat. */
export const MAX_SHARED_STRING_LENGTH = 64;

/**
 * Shared name arrays, one per distinct list of field names, and shared short string values
 * (documents of a collection repeat tags, states and kinds as they repeat field names; a string
 * costs at least 24 bytes). Bounded: past `limit` distinct lists (maps keyed by ids, say), or
 * distinct strings, new ones are used as they are instead of being remembered.
 */
export class InternTable {
  private readonly lists = new Map<string, readonly string[]>();
  private readonly strings = new Map<string, string>();

  constructor(private readonly limit = 10_000) {}

  /** Distinct name lists remembered. */
  get size(): number {
    return this.lists.size;
  }

  /** Distinct strings remembered. */
  get stringCount(): number {
    return this.strings.size;
  }

  string(text: string): string {
    if (text.length > MAX_SHARED_STRING_LENGTH) return text;
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    if (this.strings.size < this.limit) this.strings.set(text, text);
    return text;
  }

  intern(names: readonly string[]): readonly string[] {
    const key = JSON.stringify(names);
    const known = this.lists.get(key);
    if (known !== undefined) return known;
    if (this.lists.size < this.limit) this.lists.set(key, names);
    return names;
  }
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Integers a number holds exactly. */
function isSafeInteger(value: bigint): boolean {
  return value >= MIN_SAFE && value <= MAX_SAFE;
}

/** A Value with its maps compacted and its nulls and booleans shared. */
function compactValue(value: Value, table: InternTable): Value {
  switch (value.kind) {
    case 'array':
      return { kind: 'array', values: value.values.map((item) => compactValue(item, table)) };
    case 'map':
      return { kind: 'map', fields: compactFields(value.fields, table) };
    case 'null':
      return NULL_VALUE;
    case 'boolean':
      return value.value ? TRUE_VALUE : FALSE_VALUE;
    default:
      return value;
  }
}

function slotOf(value: Value, table: InternTable): Slot {
  const leaf = leafOf(value, table);
  if (leaf !== undefined) return leaf;
  if (value.kind === 'array') {
    const leaves = value.values.map((item) => leafOf(item, table));
    if (!leaves.includes(undefined)) return leaves as Leaf[];
  }
  return compactValue(value, table);
}

/** The same fields, stored compactly at every depth. */
export function compactFields(fields: Fields, table: InternTable): Fields {
  if (fields.size > MAX_COMPACT_FIELDS) {
    const map = new Map<string, Value>();
    for (const [name, value] of fields) map.set(name, compactValue(value, table));
    return map;
  }
  // Sized up front: arrays grown by push() keep spare capacity, which is what this saves.
  const names = new Array<string>(fields.size);
  const slots = new Array<Slot>(fields.size);
  let integers = 0;
  let i = 0;
  for (const [name, value] of fields) {
    names[i] = name;
    if (value.kind === 'integer' && isSafeInteger(value.value)) {
      slots[i] = Number(value.value);
      integers |= 1 << i;
    } else {
      slots[i] = slotOf(value, table);
    }
    i++;
  }
  return new CompactFields(table.intern(names), slots, integers);
}
