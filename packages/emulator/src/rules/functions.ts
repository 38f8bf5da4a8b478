// Global functions (`get`, `exists`, `int`, `string` …) and namespaced ones (`math.abs`,
// `duration.value`, `timestamp.date`, `latlng.value`, `hashing.sha256`). Arity is checked when
// the rules compile; argument types when they run.
import { createHash } from 'node:crypto';
import type { RulesService } from './ast.js';
import { RulesEvalError } from './errors.js';
import { formatFloat } from './strings.js';
import {
  DURATION_UNITS,
  NANOS_PER_SECOND,
  checkedDuration,
  checkedTimestamp,
  formatDuration,
  formatTimestamp,
  timestampFromDate,
} from './time.js';
import { bool, float, int, path, str, type PathValue, type RulesValue } from './values.js';

/** Where `get()` and friends read documents; the authorizer supplies it per request. */
export interface DocumentReader {
  /** The resource at an absolute document path (null when missing); `after` sees the batch applied. */
  read(target: PathValue, after: boolean): RulesValue;
}

export type Builtin = {
  readonly arity: readonly number[];
  readonly call: (args: readonly RulesValue[], reader: DocumentReader) => RulesValue;
};

function expect<K extends RulesValue['type']>(
  value: RulesValue,
  types: readonly K[],
  what: string,
): Extract<RulesValue, { type: K }> {
  if (!(types as readonly string[]).includes(value.type)) {
    throw new RulesEvalError(`${what} expects ${types.join(' or ')}, got ${value.type}.`);
  }
  return value as Extract<RulesValue, { type: K }>;
}

const asNumber = (value: RulesValue, what: string): number => {
  const n = expect(value, ['int', 'float'], what);
  return n.type === 'int' ? Number(n.value) : n.value;
};

function toInt(value: RulesValue): RulesValue {
  switch (value.type) {
    case 'int':
      return value;
    case 'float':
      if (!Number.isFinite(value.value))
        throw new RulesEvalError(`Cannot convert ${value.value} to int.`);
      return int(BigInt(Math.trunc(value.value)));
    case 'string':
      if (!/^[+-]?\d+$/.test(value.value))
        throw new RulesEvalError(`Cannot convert '${value.value}' to int.`);
      return int(BigInt(value.value));
    default:
      throw new RulesEvalError(`int() expects a number or string, got ${value.type}.`);
  }
}

function toFloat(value: RulesValue): RulesValue {
  switch (value.type) {
    case 'int':
      return float(Number(value.value));
    case 'float':
      return value;
    case 'string': {
      const text = value.value.trim();
      const parsed = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(Infinity|NaN)$/.test(text)
        ? Number(text)
        : NaN;
      if (Number.isNaN(parsed) && !/NaN$/.test(text)) {
        throw new RulesEvalError(`Cannot convert '${value.value}' to float.`);
      }
      return float(parsed);
    }
    default:
      throw new RulesEvalError(`float() expects a number or string, got ${value.type}.`);
  }
}

export function toRulesString(value: RulesValue): string {
  switch (value.type) {
    case 'null':
      return 'null';
    case 'bool':
      return String(value.value);
    case 'int':
      return String(value.value);
    case 'float':
      return formatFloat(value.value);
    case 'string':
      return value.value;
    case 'path':
      return '/' + value.segments.join('/');
    case 'timestamp':
      return formatTimestamp(value);
    case 'duration':
      return formatDuration(value);
    default:
      throw new RulesEvalError(`string() cannot convert a ${value.type}.`);
  }
}

/** `path('/databases/d/documents/a/b')` (the leading slash is optional). */
export function parsePath(text: string): PathValue {
  const trimmed = text.startsWith('/') ? text.slice(1) : text;
  const segments = trimmed === '' ? [] : trimmed.split('/');
  if (segments.some((s) => s === '')) throw new RulesEvalError(`Invalid path '${text}'.`);
  return path(segments);
}

function documentCall(name: string, after: boolean, asExists: boolean): Builtin {
  return {
    arity: [1],
    call: ([target], reader) => {
      const resource = reader.read(expect(target!, ['path'], name), after);
      return asExists ? bool(resource.type !== 'null') : resource;
    },
  };
}

export const GLOBAL_FUNCTIONS: Readonly<Record<string, Builtin>> = {
  get: documentCall('get()', false, false),
  exists: documentCall('exists()', false, true),
  getAfter: documentCall('getAfter()', true, false),
  existsAfter: documentCall('existsAfter()', true, true),
  int: { arity: [1], call: ([v]) => toInt(v!) },
  float: { arity: [1], call: ([v]) => toFloat(v!) },
  string: { arity: [1], call: ([v]) => str(toRulesString(v!)) },
  bool: {
    arity: [1],
    call: ([v]) => {
      if (v!.type === 'bool') return v!;
      if (v!.type === 'string' && (v!.value === 'true' || v!.value === 'false'))
        return bool(v!.value === 'true');
      throw new RulesEvalError(`Cannot convert ${v!.type} to bool.`);
    },
  },
  path: { arity: [1], call: ([v]) => parsePath(expect(v!, ['string'], 'path()').value) },
  /** Returns its argument unchanged; production logs it to firestore-debug.log. */
  debug: { arity: [1], call: ([v]) => v! },
};

function roundingFunction(round: (n: number) => number, what: string): Builtin {
  return {
    arity: [1],
    call: ([v]) => {
      if (v!.type === 'int') return v!;
      const n = asNumber(v!, what);
      if (!Number.isFinite(n)) throw new RulesEvalError(`${what} of ${n} is not an int.`);
      return int(BigInt(round(n)));
    },
  };
}

function crc32(bytes: Uint8Array, polynomial: number): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ polynomial : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function hashInput(value: RulesValue, what: string): Uint8Array {
  const input = expect(value, ['string', 'bytes'], what);
  return input.type === 'string' ? Buffer.from(input.value, 'utf8') : input.value;
}

function checksum(polynomial: number, what: string): Builtin {
  return {
    arity: [1],
    call: ([v]) => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(crc32(hashInput(v!, what), polynomial));
      return { type: 'bytes', value: new Uint8Array(out) };
    },
  };
}

function digest(algorithm: 'md5' | 'sha256', what: string): Builtin {
  return {
    arity: [1],
    call: ([v]) => ({
      type: 'bytes',
      value: new Uint8Array(createHash(algorithm).update(hashInput(v!, what)).digest()),
    }),
  };
}

const asBigInt = (value: RulesValue, what: string): bigint => expect(value, ['int'], what).value;

export const NAMESPACE_FUNCTIONS: Readonly<Record<string, Readonly<Record<string, Builtin>>>> = {
  math: {
    abs: {
      arity: [1],
      call: ([v]) =>
        v!.type === 'int'
          ? int(v!.value < 0n ? -v!.value : v!.value)
          : float(Math.abs(asNumber(v!, 'math.abs()'))),
    },
    ceil: roundingFunction(Math.ceil, 'math.ceil()'),
    floor: roundingFunction(Math.floor, 'math.floor()'),
    /** Halves round away from zero. */
    round: roundingFunction((n) => Math.sign(n) * Math.round(Math.abs(n)), 'math.round()'),
    sqrt: { arity: [1], call: ([v]) => float(Math.sqrt(asNumber(v!, 'math.sqrt()'))) },
    pow: {
      arity: [2],
      call: ([base, exponent]) =>
        float(Math.pow(asNumber(base!, 'math.pow()'), asNumber(exponent!, 'math.pow()'))),
    },
    isInfinite: {
      arity: [1],
      call: ([v]) => {
        const n = asNumber(v!, 'math.isInfinite()');
        return bool(n === Infinity || n === -Infinity);
      },
    },
    isNaN: { arity: [1], call: ([v]) => bool(Number.isNaN(asNumber(v!, 'math.isNaN()'))) },
  },
  duration: {
    abs: {
      arity: [1],
      call: ([v]) => {
        const d = expect(v!, ['duration'], 'duration.abs()');
        return checkedDuration(d.nanos < 0n ? -d.nanos : d.nanos);
      },
    },
    time: {
      arity: [4],
      call: ([h, m, s, ns]) =>
        checkedDuration(
          (asBigInt(h!, 'duration.time()') * 3600n +
            asBigInt(m!, 'duration.time()') * 60n +
            asBigInt(s!, 'duration.time()')) *
            NANOS_PER_SECOND +
            asBigInt(ns!, 'duration.time()'),
        ),
    },
    value: {
      arity: [2],
      call: ([magnitude, unit]) => {
        const name = expect(unit!, ['string'], 'duration.value()').value;
        const scale = DURATION_UNITS[name];
        if (scale === undefined || !Object.hasOwn(DURATION_UNITS, name)) {
          throw new RulesEvalError(
            `Unknown duration unit '${name}'; expected w, d, h, m, s, ms or ns.`,
          );
        }
        return checkedDuration(asBigInt(magnitude!, 'duration.value()') * scale);
      },
    },
  },
  timestamp: {
    date: {
      arity: [3],
      call: ([y, m, d]) =>
        timestampFromDate(
          asBigInt(y!, 'timestamp.date()'),
          asBigInt(m!, 'timestamp.date()'),
          asBigInt(d!, 'timestamp.date()'),
        ),
    },
    value: {
      arity: [1],
      call: ([millis]) => checkedTimestamp(asBigInt(millis!, 'timestamp.value()') * 1_000_000n),
    },
  },
  latlng: {
    value: {
      arity: [2],
      call: ([lat, lng]) => {
        const latitude = asNumber(lat!, 'latlng.value()');
        const longitude = asNumber(lng!, 'latlng.value()');
        if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
          throw new RulesEvalError(
            'latlng.value() expects latitude in [-90, 90] and longitude in [-180, 180].',
          );
        }
        return { type: 'latlng', lat: latitude, lng: longitude };
      },
    },
  },
  /** Storage rules reading the same project's Firestore documents (cross-service rules). */
  firestore: {
    get: documentCall('firestore.get()', false, false),
    exists: documentCall('firestore.exists()', false, true),
  },
  hashing: {
    crc32: checksum(0xedb88320, 'hashing.crc32()'),
    crc32c: checksum(0x82f63b78, 'hashing.crc32c()'),
    md5: digest('md5', 'hashing.md5()'),
    sha256: digest('sha256', 'hashing.sha256()'),
  },
};

/** Functions that exist in one service only: Firestore reads its own documents with get(),
 *  Storage reads Firestore's with firestore.get(). */
const FIRESTORE_ONLY_GLOBALS = new Set(['get', 'exists', 'getAfter', 'existsAfter']);
const STORAGE_ONLY_NAMESPACES = new Set(['firestore']);

/**
 * A built-in function by name. With `service`, only those that service offers (the compiler
 * asks this way); without it, any (the evaluator runs only what compiled).
 */
export function lookupBuiltin(
  namespace: string | undefined,
  name: string,
  service?: RulesService,
): Builtin | undefined {
  if (service === 'firebase.storage' && namespace === undefined && FIRESTORE_ONLY_GLOBALS.has(name))
    return undefined;
  if (
    service === 'cloud.firestore' &&
    namespace !== undefined &&
    STORAGE_ONLY_NAMESPACES.has(namespace)
  )
    return undefined;
  const table = namespace === undefined ? GLOBAL_FUNCTIONS : NAMESPACE_FUNCTIONS[namespace];
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}
