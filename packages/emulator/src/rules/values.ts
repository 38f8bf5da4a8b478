// Values of the rules language and their conversions from Firestore values and token claims.
// The rules type system differs from the storage one (ints and floats compare equal, there are
// durations, sets, paths and map diffs), so it has its own small union instead of model Value.
import type { Document, Value } from '../model/types.js';
import { RulesEvalError } from './errors.js';

export type NullValue = { readonly type: 'null' };
export type BoolValue = { readonly type: 'bool'; readonly value: boolean };
export type IntValue = { readonly type: 'int'; readonly value: bigint };
export type FloatValue = { readonly type: 'float'; readonly value: number };
export type StringValue = { readonly type: 'string'; readonly value: string };
export type BytesValue = { readonly type: 'bytes'; readonly value: Uint8Array };
/** Nanoseconds, signed. */
export type DurationValue = { readonly type: 'duration'; readonly nanos: bigint };
/** Nanoseconds since the Unix epoch, UTC. */
export type TimestampValue = { readonly type: 'timestamp'; readonly nanos: bigint };
export type LatLngValue = { readonly type: 'latlng'; readonly lat: number; readonly lng: number };
export type ListValue = { readonly type: 'list'; readonly items: readonly RulesValue[] };
/** Elements are distinct (by rules equality). */
export type SetValue = { readonly type: 'set'; readonly items: readonly RulesValue[] };
export type MapValue = {
  readonly type: 'map';
  readonly entries: ReadonlyMap<string, RulesValue>;
  /**
   * Set on the stand-in for a document a query could return: only the keys the query pins
   * down are known, so reading any other key, or the map as a whole, is an error. The string
   * names the map in that error ("resource.data").
   */
  readonly partial?: string;
};
/** Path segments, unescaped. Absolute paths start at `databases`. */
export type PathValue = { readonly type: 'path'; readonly segments: readonly string[] };
export type MapDiffValue = {
  readonly type: 'map_diff';
  readonly left: MapValue;
  readonly right: MapValue;
};

export type RulesValue =
  | NullValue
  | BoolValue
  | IntValue
  | FloatValue
  | StringValue
  | BytesValue
  | DurationValue
  | TimestampValue
  | LatLngValue
  | ListValue
  | SetValue
  | MapValue
  | PathValue
  | MapDiffValue;

export const NULL: NullValue = { type: 'null' };
export const TRUE: BoolValue = { type: 'bool', value: true };
export const FALSE: BoolValue = { type: 'bool', value: false };

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export const bool = (value: boolean): BoolValue => (value ? TRUE : FALSE);
export const str = (value: string): StringValue => ({ type: 'string', value });
export const float = (value: number): FloatValue => ({ type: 'float', value });
export const list = (items: readonly RulesValue[]): ListValue => ({ type: 'list', items });
export const path = (segments: readonly string[]): PathValue => ({ type: 'path', segments });
export const map = (entries: ReadonlyMap<string, RulesValue>): MapValue => ({
  type: 'map',
  entries,
});

/** An int, or an error when the result leaves the signed 64-bit range (production overflows are errors). */
export function int(value: bigint): IntValue {
  if (value < INT64_MIN || value > INT64_MAX) throw new RulesEvalError('Integer overflow.');
  return { type: 'int', value };
}

export function mapOf(record: Readonly<Record<string, RulesValue>>): MapValue {
  return map(new Map(Object.entries(record)));
}

/** A set from possibly repeated items, keeping first occurrences. */
export function setOf(items: Iterable<RulesValue>): SetValue {
  const seen = new Set<string>();
  const distinct: RulesValue[] = [];
  for (const item of items) {
    const key = canonicalKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(item);
  }
  return { type: 'set', items: distinct };
}

/** The name production uses in messages and `is` checks. */
export function typeName(value: RulesValue): string {
  return value.type;
}

/** Errors on a partial map: nothing about the whole of it is known. */
export function assertComplete(value: RulesValue): void {
  if (value.type === 'map' && value.partial !== undefined) {
    throw new RulesEvalError(
      `${value.partial} is not fully known for a query; only fields fixed by equality filters can be read.`,
    );
  }
}

/**
 * A string that is equal for equal values (ints and floats with the same number share one),
 * used for set membership and de-duplication.
 */
export function canonicalKey(value: RulesValue): string {
  switch (value.type) {
    case 'null':
      return 'n';
    case 'bool':
      return value.value ? 'T' : 'F';
    case 'int':
      return `#${value.value}`;
    case 'float':
      if (Number.isInteger(value.value) && Math.abs(value.value) < 2 ** 63) {
        return `#${BigInt(value.value)}`;
      }
      // NaN is unequal to itself; give each NaN a fresh key so it never de-duplicates.
      return Number.isNaN(value.value) ? `NaN${Math.random()}` : `#${value.value}`;
    case 'string':
      return `s${JSON.stringify(value.value)}`;
    case 'bytes':
      return `b${Buffer.from(value.value).toString('hex')}`;
    case 'duration':
      return `d${value.nanos}`;
    case 'timestamp':
      return `t${value.nanos}`;
    case 'latlng':
      return `g${value.lat},${value.lng}`;
    case 'path':
      return `p${JSON.stringify(value.segments)}`;
    case 'list':
      return `[${value.items.map(canonicalKey).join(',')}]`;
    case 'set':
      return `{${value.items.map(canonicalKey).sort().join(',')}}`;
    case 'map': {
      assertComplete(value);
      const keys = [...value.entries.keys()].sort();
      return `(${keys.map((k) => `${JSON.stringify(k)}:${canonicalKey(value.entries.get(k)!)}`).join(',')})`;
    }
    case 'map_diff':
      return `D${canonicalKey(value.left)}${canonicalKey(value.right)}`;
  }
}

// ---- conversions ---------------------------------------------------------------------------

/** A Firestore value as rules see it: references become paths, geo points latlngs. */
export function fromModelValue(value: Value): RulesValue {
  switch (value.kind) {
    case 'null':
      return NULL;
    case 'boolean':
      return bool(value.value);
    case 'integer':
      return { type: 'int', value: value.value };
    case 'double':
      return float(value.value);
    case 'timestamp':
      return timestampFromParts(value.value.seconds, value.value.nanos);
    case 'string':
      return str(value.value);
    case 'bytes':
      return { type: 'bytes', value: value.value };
    case 'reference':
      return path(absolutePathSegments(value.value));
    case 'geoPoint':
      return { type: 'latlng', lat: value.latitude, lng: value.longitude };
    case 'array':
      return list(value.values.map(fromModelValue));
    case 'map':
      return map(new Map([...value.fields].map(([k, v]) => [k, fromModelValue(v)])));
  }
}

export function timestampFromParts(seconds: number, nanos: number): TimestampValue {
  return { type: 'timestamp', nanos: BigInt(seconds) * 1_000_000_000n + BigInt(nanos) };
}

/**
 * `projects/p/databases/d/documents/a/b` → ['databases', 'd', 'documents', 'a', 'b'], the
 * form rules paths take (`/databases/$(database)/documents/a/b`).
 */
export function absolutePathSegments(resourceName: string): string[] {
  const segments = resourceName.split('/');
  return segments[0] === 'projects' ? segments.slice(2) : segments;
}

/** Token claims nest no deeper than this; deeper values (hostile tokens) read as null. */
const MAX_CLAIM_DEPTH = 32;

/** A JSON token claim: whole numbers are ints, objects maps. */
export function fromJson(value: unknown, depth = 0): RulesValue {
  if (value === null || value === undefined || depth > MAX_CLAIM_DEPTH) return NULL;
  switch (typeof value) {
    case 'boolean':
      return bool(value);
    case 'number':
      return Number.isSafeInteger(value) ? { type: 'int', value: BigInt(value) } : float(value);
    case 'string':
      return str(value);
    case 'object':
      if (Array.isArray(value)) return list(value.map((item) => fromJson(item, depth + 1)));
      return map(new Map(Object.entries(value).map(([k, v]) => [k, fromJson(v, depth + 1)])));
    default:
      return NULL;
  }
}

/** The `resource` object of a stored document: `{data, id, __name__}`. */
export function resourceOf(document: Document | null): RulesValue {
  if (document === null) return NULL;
  const segments = absolutePathSegments(document.name);
  return mapOf({
    data: map(new Map([...document.fields].map(([k, v]) => [k, fromModelValue(v)]))),
    id: str(segments.at(-1)!),
    __name__: path(segments),
  });
}
