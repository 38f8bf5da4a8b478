// Short builders from plain JavaScript to model values and documents, for tests and fixtures:
// `doc('coll/a', { x: 1 })`. Integers become integer values, other numbers doubles; use
// `double(1)` for an integral double and the other helpers for the remaining types.
import { parseFieldPath } from './paths.js';
import type { Document, FieldPath, Fields, Timestamp, Value } from './types.js';

export const TEST_DATABASE = 'projects/test-project/databases/(default)';

const built = new WeakSet<object>();

function mark(value: Value): Value {
  built.add(value);
  return value;
}

export function double(value: number): Value {
  return mark({ kind: 'double', value });
}

export function int(value: bigint | number): Value {
  return mark({ kind: 'integer', value: BigInt(value) });
}

export function timestamp(seconds: number, nanos = 0): Value {
  return mark({ kind: 'timestamp', value: { seconds, nanos } });
}

export function bytes(...octets: number[]): Value {
  return mark({ kind: 'bytes', value: new Uint8Array(octets) });
}

/** A reference to `path` (relative to the test database's documents) or a full name. */
export function ref(path: string): Value {
  return mark({ kind: 'reference', value: path.startsWith('projects/') ? path : nameOf(path) });
}

export function geo(latitude: number, longitude: number): Value {
  return mark({ kind: 'geoPoint', latitude, longitude });
}

export function vector(values: readonly number[]): Value {
  return mark({
    kind: 'map',
    fields: new Map<string, Value>([
      ['__type__', { kind: 'string', value: '__vector__' }],
      ['value', { kind: 'array', values: values.map((v) => ({ kind: 'double', value: v })) }],
    ]),
  });
}

/** Converts plain JavaScript data to a Value. */
export function wrap(input: unknown): Value {
  if (input !== null && typeof input === 'object' && built.has(input)) return input as Value;
  if (input === null || input === undefined) return { kind: 'null' };
  switch (typeof input) {
    case 'boolean':
      return { kind: 'boolean', value: input };
    case 'bigint':
      return { kind: 'integer', value: input };
    case 'number':
      return Number.isInteger(input) && !Object.is(input, -0)
        ? { kind: 'integer', value: BigInt(input) }
        : { kind: 'double', value: input };
    case 'string':
      return { kind: 'string', value: input };
    default:
      break;
  }
  if (input instanceof Date) {
    const ms = input.getTime();
    return {
      kind: 'timestamp',
      value: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 },
    };
  }
  if (input instanceof Uint8Array) return { kind: 'bytes', value: input };
  if (Array.isArray(input)) return { kind: 'array', values: input.map(wrap) };
  return { kind: 'map', fields: wrapFields(input as Record<string, unknown>) };
}

export function wrapFields(input: Record<string, unknown>): Fields {
  return new Map(Object.entries(input).map(([k, v]) => [k, wrap(v)]));
}

/** `coll/a` → the full resource name in the test database. */
export function nameOf(path: string, database = TEST_DATABASE): string {
  return path === '' ? `${database}/documents` : `${database}/documents/${path}`;
}

export function field(path: string): FieldPath {
  return parseFieldPath(path);
}

export function doc(
  path: string,
  fields: Record<string, unknown> = {},
  times: { createTime?: Timestamp; updateTime?: Timestamp } = {},
): Document {
  const updateTime = times.updateTime ?? { seconds: 1_000, nanos: 0 };
  return {
    name: nameOf(path),
    fields: wrapFields(fields),
    createTime: times.createTime ?? updateTime,
    updateTime,
  };
}
