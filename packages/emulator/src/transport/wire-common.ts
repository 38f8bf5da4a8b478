// The codec's text formats and checks, for both of its faces: RFC 3339 timestamps, int64 and
// int32 text, timestamp range, decode depth, operator names, and assembling model queries and
// listen targets from decoded parts (field path strings are the model's: model/paths.ts). Pure
// functions; errors are INVALID_ARGUMENT.
import { EmulatorError } from '../errors.js';
import type {
  CollectionSelector,
  Cursor,
  FieldOperator,
  FieldPath,
  Filter,
  FindNearest,
  Order,
  StructuredQuery,
  Timestamp,
  UnaryOperator,
} from '../model/types.js';
import type { ListenTarget } from '../service/types.js';

function badArgument(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z, the range Firestore accepts.
const MIN_SECONDS = -62_135_596_800;
const MAX_SECONDS = 253_402_300_799;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

export function checkTimestamp(ts: Timestamp, where: string): Timestamp {
  if (
    !Number.isInteger(ts.seconds) ||
    !Number.isInteger(ts.nanos) ||
    ts.nanos < 0 ||
    ts.nanos > 999_999_999 ||
    ts.seconds < MIN_SECONDS ||
    ts.seconds > MAX_SECONDS
  ) {
    throw badArgument(`Invalid timestamp at '${where}': out of range.`);
  }
  return ts;
}

export function parseRfc3339(text: string, where: string): Timestamp {
  const m = RFC3339.exec(text);
  if (!m) throw badArgument(`Invalid value at '${where}' (google.protobuf.Timestamp), "${text}"`);
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to the 1900s.
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw badArgument(`Invalid value at '${where}' (google.protobuf.Timestamp), "${text}"`);
  }
  let seconds = Math.floor(date.getTime() / 1000);
  if (sign !== undefined) {
    const offset = (Number(oh) * 60 + Number(om)) * 60;
    seconds += sign === '+' ? -offset : offset;
  }
  const nanos = frac === undefined ? 0 : Number(frac.padEnd(9, '0'));
  return checkTimestamp({ seconds, nanos }, where);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** RFC 3339 UTC with 0, 3, 6 or 9 fraction digits, as proto3 JSON prints timestamps. */
export function formatRfc3339(ts: Timestamp): string {
  const date = new Date(ts.seconds * 1000);
  const year = date.getUTCFullYear();
  let text =
    `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  if (ts.nanos !== 0) {
    const nanos = pad(ts.nanos, 9);
    text +=
      '.' +
      (nanos.endsWith('000000')
        ? nanos.slice(0, 3)
        : nanos.endsWith('000')
          ? nanos.slice(0, 6)
          : nanos);
  }
  return text + 'Z';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Parses an int64 given as a JSON number or decimal string. */
export function parseInt64(raw: unknown, where: string): bigint {
  let value: bigint | undefined;
  if (typeof raw === 'string' && /^-?\d+$/.test(raw.trim())) value = BigInt(raw.trim());
  else if (typeof raw === 'number' && Number.isSafeInteger(raw)) value = BigInt(raw);
  if (value === undefined || value < INT64_MIN || value > INT64_MAX) {
    throw badArgument(`Invalid value at '${where}' (TYPE_INT64), ${JSON.stringify(raw)}`);
  }
  return value;
}

/** Parses an int32 given as a JSON number or decimal string. */
export function parseInt32(raw: unknown, where: string): number {
  let value: number | undefined;
  if (typeof raw === 'number' && Number.isInteger(raw)) value = raw;
  else if (typeof raw === 'string' && /^-?\d+$/.test(raw.trim())) value = Number(raw.trim());
  if (value === undefined || value < -(2 ** 31) || value > 2 ** 31 - 1) {
    throw badArgument(`Invalid value at '${where}' (TYPE_INT32), ${JSON.stringify(raw)}`);
  }
  return value;
}

// ---- Decoding once the wire shape is read ---------------------------------------------------

/** Deeper than any legal document (20 levels) but far from the stack limit. */
const MAX_DECODE_DEPTH = 100;

/** Refuses a value or filter nested beyond MAX_DECODE_DEPTH (recursion guard). */
export function checkDecodeDepth(depth: number, what: 'Value' | 'Filter', where: string): void {
  if (depth > MAX_DECODE_DEPTH) throw badArgument(`${what} at '${where}' is nested too deeply.`);
}

// The proto enums a request may carry, name → number: proto3 JSON accepts either.
export const FIELD_OPERATORS: Readonly<Record<FieldOperator, number>> = {
  LESS_THAN: 1,
  LESS_THAN_OR_EQUAL: 2,
  GREATER_THAN: 3,
  GREATER_THAN_OR_EQUAL: 4,
  EQUAL: 5,
  NOT_EQUAL: 6,
  ARRAY_CONTAINS: 7,
  IN: 8,
  ARRAY_CONTAINS_ANY: 9,
  NOT_IN: 10,
};
export const UNARY_OPERATORS: Readonly<Record<UnaryOperator, number>> = {
  IS_NAN: 2,
  IS_NULL: 3,
  IS_NOT_NAN: 4,
  IS_NOT_NULL: 5,
};
export const COMPOSITE_OPERATORS = { AND: 1, OR: 2 } as const;
export const DIRECTIONS = { DIRECTION_UNSPECIFIED: 0, ASCENDING: 1, DESCENDING: 2 } as const;
export const SERVER_VALUES = { REQUEST_TIME: 1 } as const;

export const DISTANCE_MEASURES = {
  DISTANCE_MEASURE_UNSPECIFIED: 0,
  EUCLIDEAN: 1,
  COSINE: 2,
  DOT_PRODUCT: 3,
} as const;

/** A query's clauses as a codec decoded them; `undefined` means the clause was absent. */
export type StructuredQueryParts = {
  readonly from: readonly CollectionSelector[];
  readonly where: Filter | undefined;
  readonly orderBy: readonly Order[];
  readonly startAt: Cursor | undefined;
  readonly endAt: Cursor | undefined;
  readonly offset: number;
  readonly limit: number | undefined;
  readonly select: readonly FieldPath[] | undefined;
  readonly findNearest: FindNearest | undefined;
};

/** Assembles the model query, leaving absent clauses out rather than `undefined`. */
export function structuredQueryOf(parts: StructuredQueryParts): StructuredQuery {
  const { where, startAt, endAt, limit, select, findNearest } = parts;
  return {
    from: parts.from,
    ...(where === undefined ? {} : { where }),
    orderBy: parts.orderBy,
    ...(startAt === undefined ? {} : { startAt }),
    ...(endAt === undefined ? {} : { endAt }),
    offset: parts.offset,
    ...(limit === undefined ? {} : { limit }),
    ...(select === undefined ? {} : { select }),
    ...(findNearest === undefined ? {} : { findNearest }),
  };
}

/** A listen target's fields as a codec decoded them; `undefined` means absent. */
export type ListenTargetParts = {
  readonly targetId: number;
  readonly target: ListenTarget['target'];
  readonly resumeToken: Uint8Array | undefined;
  readonly readTime: Timestamp | undefined;
  readonly expectedCount: number | undefined;
  readonly once: boolean | undefined;
  readonly tag: string | undefined;
};

/** Assembles the service's ListenTarget, leaving absent options out rather than `undefined`. */
export function listenTargetOf(parts: ListenTargetParts): ListenTarget {
  const { resumeToken, readTime, expectedCount, once, tag } = parts;
  return {
    targetId: parts.targetId,
    target: parts.target,
    ...(resumeToken === undefined ? {} : { resumeToken }),
    ...(readTime === undefined ? {} : { readTime }),
    ...(expectedCount === undefined ? {} : { expectedCount }),
    ...(once === undefined ? {} : { once }),
    ...(tag === undefined ? {} : { tag }),
  };
}
