// Strict reading of Firestore messages: known fields only (lowerCamel or the proto's
// snake_case, as Google's front end accepts), `null` meaning "unset", and INVALID_ARGUMENT errors
// that name the offending field path in the request. Used for proto3 JSON and for gRPC
// message objects alike (see codec.ts), and by the control endpoints.
import { EmulatorError } from '../errors.js';

export type JsonObject = Readonly<Record<string, unknown>>;

function badArgument(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8, refusing invalid sequences (production does not store U+FFFD in their place). */
export function decodeUtf8Strictly(bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw badArgument('Invalid JSON payload received. The request is not valid UTF-8.');
  }
}

/** A UTF-16 surrogate without its partner: what an escaped "\ud800" parses to. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A \u escape of a surrogate in JSON text: the only way JSON.parse yields a lone one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** The first string or key in a parsed JSON value holding a lone surrogate (iterative: the
 * value may be nested far deeper than the stack allows). */
function findLoneSurrogate(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return value;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return key;
        pending.push(child);
      }
    }
  }
  return undefined;
}

/**
 * JSON.parse with production's refusals: INVALID_ARGUMENT for text that is not JSON and for a
 * string or key holding an unpaired surrogate, which JSON escapes allow but a proto string
 * (UTF-8) cannot hold.
 */
export function parseJsonText(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw badArgument(`Invalid JSON payload received. ${detail}`);
  }
  if (SURROGATE_ESCAPE.test(text)) {
    const found = findLoneSurrogate(parsed);
    if (found !== undefined) {
      throw badArgument(
        `Invalid JSON payload received. A string holds an unpaired surrogate: ${JSON.stringify(found.slice(0, 40))}.`,
      );
    }
  }
  return parsed;
}

function camelize(key: string): string {
  if (!key.includes('_')) return key;
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function describe(raw: unknown): string {
  if (raw === null) return 'null';
  if (Array.isArray(raw)) return 'an array';
  return typeof raw === 'object' ? 'an object' : JSON.stringify(raw);
}

/**
 * Reads a message object, accepting only `known` fields (given in lowerCamel). Returns the
 * fields keyed in lowerCamel with `null` values dropped.
 */
export function readMessage(raw: unknown, where: string, known: readonly string[]): JsonObject {
  const out: Record<string, unknown> = {};
  const message = readObject(raw, where);
  // Keys, not entries: every value of every request passes here, and a pair per field is
  // garbage that a bulk load promotes.
  for (const key of Object.keys(message)) {
    const value = message[key];
    const name = camelize(key);
    if (!known.includes(name)) {
      throw badArgument(
        `Invalid JSON payload received. Unknown name "${key}" at '${where || '(root)'}': Cannot find field.`,
      );
    }
    if (Object.prototype.hasOwnProperty.call(out, name)) {
      throw badArgument(
        `Invalid JSON payload received. Field "${key}" at '${where || '(root)'}' is set twice.`,
      );
    }
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Checks that `raw` is a JSON object (not null, not an array); its fields are not checked. */
export function readObject(raw: unknown, where: string): JsonObject {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badArgument(
      `Invalid JSON payload received. Expected an object at '${where || '(root)'}', got ${describe(raw)}.`,
    );
  }
  return raw as JsonObject;
}

export function join(where: string, field: string): string {
  return where === '' ? field : `${where}.${field}`;
}

export function readString(raw: unknown, where: string): string {
  if (typeof raw !== 'string') {
    throw badArgument(`Invalid value at '${where}' (TYPE_STRING), ${describe(raw)}`);
  }
  return raw;
}

export function readBoolean(raw: unknown, where: string): boolean {
  if (typeof raw !== 'boolean') {
    throw badArgument(`Invalid value at '${where}' (TYPE_BOOL), ${describe(raw)}`);
  }
  return raw;
}

/** A JSON double: a number or "NaN", "Infinity", "-Infinity" or a numeric string. */
export function readDouble(raw: unknown, where: string): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') {
    if (raw === 'NaN') return NaN;
    if (raw === 'Infinity') return Infinity;
    if (raw === '-Infinity') return -Infinity;
    if (raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  }
  throw badArgument(`Invalid value at '${where}' (TYPE_DOUBLE), ${describe(raw)}`);
}

export function readArray(raw: unknown, where: string): readonly unknown[] {
  if (!Array.isArray(raw)) {
    throw badArgument(`Invalid value at '${where}': expected a list, got ${describe(raw)}.`);
  }
  return raw;
}

/** Base64 (standard or URL-safe, padding optional) as proto3 JSON encodes bytes. */
export function readBase64(raw: unknown, where: string): Uint8Array {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) {
    throw badArgument(`Invalid value at '${where}' (TYPE_BYTES), ${describe(raw)}`);
  }
  const buffer = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function readEnum<T extends string>(raw: unknown, where: string, values: readonly T[]): T {
  if (typeof raw === 'string' && (values as readonly string[]).includes(raw)) return raw as T;
  throw badArgument(
    `Invalid value at '${where}' (enum), ${describe(raw)}; expected one of ${values.join(', ')}.`,
  );
}

/** Exactly one of `names` must be set on `message`; returns which. */
export function oneOf<T extends string>(
  message: JsonObject,
  where: string,
  names: readonly T[],
  required = true,
): T | undefined {
  // Counted first, listed only for the error: this runs for every value of every request.
  let first: T | undefined;
  let count = 0;
  for (const name of names) {
    if (message[name] === undefined) continue;
    first ??= name;
    count++;
  }
  if (count > 1) {
    const set = names.filter((n) => message[n] !== undefined);
    throw badArgument(
      `Invalid JSON payload received. Only one of ${names.join(', ')} may be set at '${where || '(root)'}', got ${set.join(' and ')}.`,
    );
  }
  if (count === 0 && required) {
    throw badArgument(
      `Invalid argument at '${where || '(root)'}': one of ${names.join(', ')} must be set.`,
    );
  }
  return first;
}
