// Wire-format helpers shared by the JSON (REST, WebChannel) and protobuf (gRPC) codecs: RFC 3339
// timestamps and int64 text (field path strings are the model's: model/paths.ts). Pure
// functions; errors are INVALID_ARGUMENT.
import { EmulatorError } from '../errors.js';
import type { Timestamp } from '../model/types.js';

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
