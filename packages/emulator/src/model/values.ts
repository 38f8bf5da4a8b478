// Value ordering and equality with Firestore's semantics. The type order, numeric comparison
// across integers and doubles, and UTF-8 string order follow the backend (and the SDK's
// model/values.ts), so query results and listener windows sort exactly as production does.
import { numericIdOf } from './paths.js';
import type { Fields, Timestamp, Value } from './types.js';

/** Type order ranks: null < bool < number < timestamp < string < bytes < reference < geopoint
 * < array < vector < map. */
export const TYPE_ORDER = {
  null: 0,
  boolean: 1,
  number: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geoPoint: 7,
  array: 8,
  vector: 9,
  map: 10,
} as const;

export const NULL_VALUE: Value = { kind: 'null' };
export const TRUE_VALUE: Value = { kind: 'boolean', value: true };
export const FALSE_VALUE: Value = { kind: 'boolean', value: false };

export function isVectorValue(value: Value): boolean {
  if (value.kind !== 'map') return false;
  const type = value.fields.get('__type__');
  return type !== undefined && type.kind === 'string' && type.value === '__vector__';
}

/** The rank of a value in the cross-type order. */
export function valueTypeOrder(value: Value): number {
  switch (value.kind) {
    case 'null':
      return TYPE_ORDER.null;
    case 'boolean':
      return TYPE_ORDER.boolean;
    case 'integer':
    case 'double':
      return TYPE_ORDER.number;
    case 'timestamp':
      return TYPE_ORDER.timestamp;
    case 'string':
      return TYPE_ORDER.string;
    case 'bytes':
      return TYPE_ORDER.bytes;
    case 'reference':
      return TYPE_ORDER.reference;
    case 'geoPoint':
      return TYPE_ORDER.geoPoint;
    case 'array':
      return TYPE_ORDER.array;
    case 'map':
      return isVectorValue(value) ? TYPE_ORDER.vector : TYPE_ORDER.map;
  }
}

export function isNumber(value: Value): value is Extract<Value, { kind: 'integer' | 'double' }> {
  return value.kind === 'integer' || value.kind === 'double';
}

export function isNaNValue(value: Value): boolean {
  return value.kind === 'double' && Number.isNaN(value.value);
}

function sign(n: number): -1 | 0 | 1 {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareBigInts(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Doubles in Firestore order: NaN first and equal to itself; -0 equals 0. */
export function compareDoubles(a: number, b: number): -1 | 0 | 1 {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Exact comparison of an int64 with a double, without rounding the integer. */
function compareIntegerToDouble(i: bigint, d: number): -1 | 0 | 1 {
  if (Number.isNaN(d)) return 1;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const floor = Math.floor(d);
  const floorBig = BigInt(floor);
  if (floor === d) return compareBigInts(i, floorBig);
  // d lies strictly between floor and floor + 1.
  return i <= floorBig ? -1 : 1;
}

export function compareNumbers(
  a: Extract<Value, { kind: 'integer' | 'double' }>,
  b: Extract<Value, { kind: 'integer' | 'double' }>,
): -1 | 0 | 1 {
  if (a.kind === 'integer') {
    return b.kind === 'integer'
      ? compareBigInts(a.value, b.value)
      : compareIntegerToDouble(a.value, b.value);
  }
  if (b.kind === 'integer') return (-compareIntegerToDouble(b.value, a.value) || 0) as -1 | 0 | 1;
  return compareDoubles(a.value, b.value);
}

export function compareTimestamps(a: Timestamp, b: Timestamp): -1 | 0 | 1 {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return sign(a.nanos - b.nanos);
}

// UTF-16 code units sort like code points except that surrogates (code points above the BMP)
// must sort after U+E000..U+FFFF. Shifting those two ranges makes unit order equal UTF-8 order.
function utf8OrderUnit(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Strings in UTF-8 byte order (= code point order), as Firestore sorts them. */
export function compareUtf8Strings(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) return utf8OrderUnit(ca) < utf8OrderUnit(cb) ? -1 : 1;
  }
  return sign(a.length - b.length);
}

export function compareBytes(a: Uint8Array, b: Uint8Array): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return sign(a.length - b.length);
}

/**
 * References (and document names) compare segment by segment: numeric ids (`__id<int64>__`)
 * first, numerically, then every other id in UTF-8 order. Segments never contain '/', so names
 * without numeric ids compare in one pass with '/' ranked below every other character.
 */
export function compareResourceNames(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a.includes('__id') || b.includes('__id')) return compareSegmentwise(a, b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const ra = ca === 47 ? -1 : utf8OrderUnit(ca);
    const rb = cb === 47 ? -1 : utf8OrderUnit(cb);
    return ra < rb ? -1 : 1;
  }
  return sign(a.length - b.length);
}

function compareSegmentwise(a: string, b: string): -1 | 0 | 1 {
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(sa[i] as string, sb[i] as string);
    if (c !== 0) return c;
  }
  return sign(sa.length - sb.length);
}

function compareSegments(a: string, b: string): -1 | 0 | 1 {
  const na = numericIdOf(a);
  const nb = numericIdOf(b);
  if (na === undefined && nb === undefined) return compareUtf8Strings(a, b);
  if (na === undefined) return 1;
  if (nb === undefined) return -1;
  return na < nb ? -1 : na > nb ? 1 : 0;
}

function compareArrays(a: readonly Value[], b: readonly Value[]): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = valueCompare(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

/** Map keys in Firestore order (UTF-8). */
export function sortedKeys(fields: Fields): string[] {
  return [...fields.keys()].sort(compareUtf8Strings);
}

function compareMaps(a: Fields, b: Fields): -1 | 0 | 1 {
  const ka = sortedKeys(a);
  const kb = sortedKeys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const keyA = ka[i] as string;
    const keyB = kb[i] as string;
    const ck = compareUtf8Strings(keyA, keyB);
    if (ck !== 0) return ck;
    const cv = valueCompare(a.get(keyA) as Value, b.get(keyB) as Value);
    if (cv !== 0) return cv;
  }
  return sign(ka.length - kb.length);
}

function vectorElements(value: Value): readonly Value[] {
  if (value.kind !== 'map') return [];
  const inner = value.fields.get('value');
  return inner !== undefined && inner.kind === 'array' ? inner.values : [];
}

/** Total order over values (-1, 0, 1), as Firestore orders query results. */
export function valueCompare(a: Value, b: Value): -1 | 0 | 1 {
  const ta = valueTypeOrder(a);
  const tb = valueTypeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (a.kind) {
    case 'null':
      return 0;
    case 'boolean':
      return sign(Number(a.value) - Number((b as typeof a).value));
    case 'integer':
    case 'double':
      return compareNumbers(a, b as typeof a);
    case 'timestamp':
      return compareTimestamps(a.value, (b as typeof a).value);
    case 'string':
      return compareUtf8Strings(a.value, (b as typeof a).value);
    case 'bytes':
      return compareBytes(a.value, (b as typeof a).value);
    case 'reference':
      return compareResourceNames(a.value, (b as typeof a).value);
    case 'geoPoint': {
      const g = b as typeof a;
      return compareDoubles(a.latitude, g.latitude) || compareDoubles(a.longitude, g.longitude);
    }
    case 'array':
      return compareArrays(a.values, (b as typeof a).values);
    case 'map': {
      if (ta === TYPE_ORDER.vector) {
        // Vectors order by dimension first, then element-wise.
        const va = vectorElements(a);
        const vb = vectorElements(b);
        if (va.length !== vb.length) return va.length < vb.length ? -1 : 1;
        return compareArrays(va, vb);
      }
      return compareMaps(a.fields, (b as typeof a).fields);
    }
  }
}

/**
 * Firestore equality: numbers compare numerically (3 equals 3.0, -0 equals 0) and NaN equals
 * NaN, as in array-union/remove and `in` matching.
 */
export function valueEquals(a: Value, b: Value): boolean {
  return valueCompare(a, b) === 0;
}

/**
 * Exact identity, type-sensitive: 1 and 1.0 differ, -0 and 0 differ. Decides whether a write
 * changed a document (a no-op write keeps the old updateTime, as production does).
 */
export function valueIdentical(a: Value, b: Value): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'null':
      return true;
    case 'boolean':
    case 'integer':
    case 'string':
    case 'reference':
      return a.value === (b as typeof a).value;
    case 'double':
      return Object.is(a.value, (b as typeof a).value);
    case 'timestamp':
      return compareTimestamps(a.value, (b as typeof a).value) === 0;
    case 'bytes':
      return compareBytes(a.value, (b as typeof a).value) === 0;
    case 'geoPoint': {
      const g = b as typeof a;
      return Object.is(a.latitude, g.latitude) && Object.is(a.longitude, g.longitude);
    }
    case 'array': {
      const other = (b as typeof a).values;
      return (
        a.values.length === other.length &&
        a.values.every((v, i) => valueIdentical(v, other[i] as Value))
      );
    }
    case 'map':
      return fieldsIdentical(a.fields, (b as typeof a).fields);
  }
}

export function fieldsIdentical(a: Fields, b: Fields): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !valueIdentical(value, other)) return false;
  }
  return true;
}

/**
 * A canonical string per equivalence class of valueEquals (3 and 3.0 give the same id), for
 * hashing values into sets.
 */
export function valueCanonicalId(value: Value): string {
  switch (value.kind) {
    case 'null':
      return 'n';
    case 'boolean':
      return value.value ? 'bt' : 'bf';
    case 'integer':
      return `#${value.value}`;
    case 'double': {
      const d = value.value;
      if (Number.isNaN(d)) return '#NaN';
      if (Number.isInteger(d)) return `#${BigInt(d)}`;
      return `#${d}`;
    }
    case 'timestamp':
      return `t${value.value.seconds}.${value.value.nanos}`;
    case 'string':
      return `s${JSON.stringify(value.value)}`;
    case 'bytes':
      return `x${Buffer.from(value.value).toString('hex')}`;
    case 'reference':
      return `r${JSON.stringify(value.value)}`;
    case 'geoPoint':
      return `g${value.latitude === 0 ? 0 : value.latitude},${value.longitude === 0 ? 0 : value.longitude}`;
    case 'array':
      return `[${value.values.map(valueCanonicalId).join(',')}]`;
    case 'map':
      return `{${sortedKeys(value.fields)
        .map((k) => `${JSON.stringify(k)}:${valueCanonicalId(value.fields.get(k) as Value)}`)
        .join(',')}}`;
  }
}

// ---- Builders (used by codecs and tests) ---------------------------------------------------

export function integerValue(value: bigint | number): Value {
  return { kind: 'integer', value: BigInt(value) };
}

export function doubleValue(value: number): Value {
  return { kind: 'double', value };
}

export function stringValue(value: string): Value {
  return { kind: 'string', value };
}

export function timestampValue(value: Timestamp): Value {
  return { kind: 'timestamp', value };
}

export function mapValue(fields: Fields): Value {
  return { kind: 'map', fields };
}

export function arrayValue(values: readonly Value[]): Value {
  return { kind: 'array', values };
}
