// Timestamps and durations: nanosecond bigints, UTC calendar fields, and production's ranges
// (timestamps 0001-01-01 to 9999-12-31, durations within ±10,000 years). Leaving a range is an
// evaluation error, never a wrap-around.
import { RulesEvalError } from './errors.js';
import { int, type DurationValue, type IntValue, type TimestampValue } from './values.js';

export const NANOS_PER_SECOND = 1_000_000_000n;
const NANOS_PER_MILLI = 1_000_000n;
const MIN_TIMESTAMP_SECONDS = -62_135_596_800n; // 0001-01-01T00:00:00Z
const MAX_TIMESTAMP_SECONDS = 253_402_300_799n; // 9999-12-31T23:59:59Z
const MAX_DURATION_SECONDS = 315_576_000_000n;

export const DURATION_UNITS: Readonly<Record<string, bigint>> = {
  w: 7n * 24n * 3600n * NANOS_PER_SECOND,
  d: 24n * 3600n * NANOS_PER_SECOND,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: NANOS_PER_MILLI,
  ns: 1n,
};

/** Floor division for bigints (calendar fields of times before 1970 need it). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function checkedTimestamp(nanos: bigint): TimestampValue {
  const seconds = floorDiv(nanos, NANOS_PER_SECOND);
  if (seconds < MIN_TIMESTAMP_SECONDS || seconds > MAX_TIMESTAMP_SECONDS) {
    throw new RulesEvalError('Timestamp out of range.');
  }
  return { type: 'timestamp', nanos };
}

export function checkedDuration(nanos: bigint): DurationValue {
  const limit = MAX_DURATION_SECONDS * NANOS_PER_SECOND;
  if (nanos > limit || nanos < -limit) throw new RulesEvalError('Duration out of range.');
  return { type: 'duration', nanos };
}

export function addDuration(t: TimestampValue, nanos: bigint): TimestampValue {
  return checkedTimestamp(t.nanos + nanos);
}

export function subtractTimestamps(a: TimestampValue, b: TimestampValue): DurationValue {
  return checkedDuration(a.nanos - b.nanos);
}

function utcDate(t: TimestampValue): Date {
  return new Date(Number(floorDiv(t.nanos, NANOS_PER_MILLI)));
}

/** Nanoseconds into the current UTC day. */
function nanosOfDay(t: TimestampValue): bigint {
  const day = 86_400n * NANOS_PER_SECOND;
  return t.nanos - floorDiv(t.nanos, day) * day;
}

/** Calendar fields of a timestamp, in UTC, as production's timestamp methods return them. */
export const TIMESTAMP_FIELDS: Readonly<Record<string, (t: TimestampValue) => IntValue>> = {
  year: (t) => int(BigInt(utcDate(t).getUTCFullYear())),
  month: (t) => int(BigInt(utcDate(t).getUTCMonth() + 1)),
  day: (t) => int(BigInt(utcDate(t).getUTCDate())),
  hours: (t) => int(BigInt(utcDate(t).getUTCHours())),
  minutes: (t) => int(BigInt(utcDate(t).getUTCMinutes())),
  seconds: (t) => int(BigInt(utcDate(t).getUTCSeconds())),
  nanos: (t) => int(t.nanos - floorDiv(t.nanos, NANOS_PER_SECOND) * NANOS_PER_SECOND),
  /** 1 = Monday … 7 = Sunday (ISO-8601). */
  dayOfWeek: (t) => int(BigInt(((utcDate(t).getUTCDay() + 6) % 7) + 1)),
  dayOfYear: (t) => {
    const date = utcDate(t);
    const startOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
    const startOfDay = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
    return int(BigInt((startOfDay - startOfYear) / 86_400_000 + 1));
  },
  toMillis: (t) => int(floorDiv(t.nanos, NANOS_PER_MILLI)),
};

/** Midnight UTC of the timestamp's day. */
export function timestampDate(t: TimestampValue): TimestampValue {
  return checkedTimestamp(t.nanos - nanosOfDay(t));
}

/** The time of day as a duration since midnight UTC. */
export function timestampTime(t: TimestampValue): DurationValue {
  return checkedDuration(nanosOfDay(t));
}

export function timestampFromDate(year: bigint, month: bigint, day: bigint): TimestampValue {
  if (month < 1n || month > 12n || day < 1n || day > 31n || year < 1n || year > 9999n) {
    throw new RulesEvalError('Invalid date.');
  }
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (date.getUTCDate() !== Number(day)) throw new RulesEvalError('Invalid date.');
  return checkedTimestamp(BigInt(date.getTime()) * NANOS_PER_MILLI);
}

/** RFC 3339 with nanoseconds trimmed to the shortest of 0, 3, 6 or 9 digits. */
export function formatTimestamp(t: TimestampValue): string {
  const date = utcDate(t);
  const iso = date.toISOString().replace(/\.\d{3}Z$/, '');
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const base = year + iso.slice(iso.indexOf('-'));
  const nanos = Number(t.nanos - floorDiv(t.nanos, NANOS_PER_SECOND) * NANOS_PER_SECOND);
  if (nanos === 0) return `${base}Z`;
  let digits = String(nanos).padStart(9, '0');
  while (digits.endsWith('000')) digits = digits.slice(0, -3);
  return `${base}.${digits}Z`;
}

export function formatDuration(d: DurationValue): string {
  const sign = d.nanos < 0n ? '-' : '';
  const abs = d.nanos < 0n ? -d.nanos : d.nanos;
  const seconds = abs / NANOS_PER_SECOND;
  const nanos = abs % NANOS_PER_SECOND;
  if (nanos === 0n) return `${sign}${seconds}s`;
  return `${sign}${seconds}.${String(nanos).padStart(9, '0').replace(/0+$/, '')}s`;
}
