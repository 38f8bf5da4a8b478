// Reference ordering of Firestore values, written from the documented semantics
// (firebase.google.com/docs/firestore/manage-data/data-types) and independent of src/model.
// It favours obviousness over speed: every comparison is spelled out per type.
import type { Value } from '../../src/model/types.js';

/** Position of a value's type in Firestore's cross-type order. Integers and doubles share one. */
export function referenceTypeRank(value: Value): number {
  switch (value.kind) {
    case 'null':
      return 0;
    case 'boolean':
      return 1;
    case 'integer':
    case 'double':
      return 2;
    case 'timestamp':
      return 3;
    case 'string':
      return 4;
    case 'bytes':
      return 5;
    case 'reference':
      return 6;
    case 'geoPoint':
      return 7;
    case 'array':
      return 8;
    case 'map':
      return referenceIsVector(value) ? 9 : 10;
  }
}

/** A vector is a map whose `__type__` field is the string `__vector__`. */
export function referenceIsVector(value: Value): boolean {
  if (value.kind !== 'map') return false;
  const type = value.fields.get('__type__');
  return type !== undefined && type.kind === 'string' && type.value === '__vector__';
}

function sign(n: number): -1 | 0 | 1 {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareBigInts(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Exact comparison of an int64 with a double (no rounding of the integer to a double). */
function compareIntegerWithDouble(integer: bigint, double: number): -1 | 0 | 1 {
  if (Number.isNaN(double)) return 1;
  if (double === Infinity) return -1;
  if (double === -Infinity) return 1;
  if (Number.isInteger(double)) return compareBigInts(integer, BigInt(double));
  // A finite non-integral double lies strictly between floor(d) and floor(d) + 1.
  const floor = BigInt(Math.floor(double));
  return integer <= floor ? -1 : 1;
}

function compareDoubles(a: number, b: number): -1 | 0 | 1 {
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  // -0 and 0 are the same number here.
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: Value, b: Value): -1 | 0 | 1 {
  if (a.kind === 'integer' && b.kind === 'integer') return compareBigInts(a.value, b.value);
  if (a.kind === 'double' && b.kind === 'double') return compareDoubles(a.value, b.value);
  if (a.kind === 'integer' && b.kind === 'double')
    return compareIntegerWithDouble(a.value, b.value);
  if (a.kind === 'double' && b.kind === 'integer') {
    return (-compareIntegerWithDouble(b.value, a.value) || 0) as -1 | 0 | 1;
  }
  throw new Error(`not numbers: ${a.kind}, ${b.kind}`);
}

/** UTF-8 byte order equals Unicode code point order, which is not JavaScript's UTF-16 order. */
export function referenceCompareStrings(a: string, b: string): -1 | 0 | 1 {
  const left = Array.from(a, (ch) => ch.codePointAt(0) ?? 0);
  const right = Array.from(b, (ch) => ch.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return sign(left[i]! - right[i]!);
  }
  return sign(left.length - right.length);
}

function compareBytes(a: Uint8Array, b: Uint8Array): -1 | 0 | 1 {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return sign(a[i]! - b[i]!);
  }
  return sign(a.length - b.length);
}

/** Resource names compare segment by segment, then by segment count. */
export function referenceComparePaths(a: string, b: string): -1 | 0 | 1 {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const c = referenceCompareStrings(left[i]!, right[i]!);
    if (c !== 0) return c;
  }
  return sign(left.length - right.length);
}

function compareArrays(a: readonly Value[], b: readonly Value[]): -1 | 0 | 1 {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = referenceCompare(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function sortedEntries(fields: ReadonlyMap<string, Value>): [string, Value][] {
  return [...fields.entries()].sort(([x], [y]) => referenceCompareStrings(x, y));
}

function compareMaps(a: ReadonlyMap<string, Value>, b: ReadonlyMap<string, Value>): -1 | 0 | 1 {
  const left = sortedEntries(a);
  const right = sortedEntries(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const keyOrder = referenceCompareStrings(left[i]![0], right[i]![0]);
    if (keyOrder !== 0) return keyOrder;
    const valueOrder = referenceCompare(left[i]![1], right[i]![1]);
    if (valueOrder !== 0) return valueOrder;
  }
  return sign(left.length - right.length);
}

function vectorElements(value: Value): readonly Value[] {
  const elements = value.kind === 'map' ? value.fields.get('value') : undefined;
  return elements !== undefined && elements.kind === 'array' ? elements.values : [];
}

/** Vectors order by dimension first, then element by element. */
function compareVectors(a: Value, b: Value): -1 | 0 | 1 {
  const left = vectorElements(a);
  const right = vectorElements(b);
  return sign(left.length - right.length) || compareArrays(left, right);
}

/** Firestore's total order over values: by type first, then within the type. */
export function referenceCompare(a: Value, b: Value): -1 | 0 | 1 {
  const rankOrder = sign(referenceTypeRank(a) - referenceTypeRank(b));
  if (rankOrder !== 0) return rankOrder;
  switch (a.kind) {
    case 'null':
      return 0;
    case 'boolean':
      return sign(Number(a.value) - Number((b as typeof a).value));
    case 'integer':
    case 'double':
      return compareNumbers(a, b);
    case 'timestamp': {
      const other = (b as typeof a).value;
      return sign(a.value.seconds - other.seconds) || sign(a.value.nanos - other.nanos);
    }
    case 'string':
      return referenceCompareStrings(a.value, (b as typeof a).value);
    case 'bytes':
      return compareBytes(a.value, (b as typeof a).value);
    case 'reference':
      return referenceComparePaths(a.value, (b as typeof a).value);
    case 'geoPoint': {
      const other = b as typeof a;
      return (
        compareDoubles(a.latitude, other.latitude) || compareDoubles(a.longitude, other.longitude)
      );
    }
    case 'array':
      return compareArrays(a.values, (b as typeof a).values);
    case 'map':
      return referenceIsVector(a)
        ? compareVectors(a, b)
        : compareMaps(a.fields, (b as typeof a).fields);
  }
}

/** Equality as queries use it: numerically equal numbers are equal (1 == 1.0, -0 == 0). */
export function referenceQueryEquals(a: Value, b: Value): boolean {
  return referenceCompare(a, b) === 0;
}

/**
 * Strict identity of stored values: the same type (integer and double differ) and the same
 * representation (-0 differs from 0; NaN equals NaN). Used to check that an engine does not
 * confuse values a document round trip must keep apart.
 */
export function referenceIdentical(a: Value, b: Value): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'double': {
      const other = (b as typeof a).value;
      return Object.is(a.value, other);
    }
    case 'geoPoint': {
      const other = b as typeof a;
      return Object.is(a.latitude, other.latitude) && Object.is(a.longitude, other.longitude);
    }
    case 'array': {
      const other = (b as typeof a).values;
      return (
        a.values.length === other.length &&
        a.values.every((v, i) => referenceIdentical(v, other[i]!))
      );
    }
    case 'map': {
      const other = (b as typeof a).fields;
      if (a.fields.size !== other.size) return false;
      for (const [key, v] of a.fields) {
        const w = other.get(key);
        if (w === undefined || !referenceIdentical(v, w)) return false;
      }
      return true;
    }
    default:
      return referenceCompare(a, b) === 0;
  }
}
