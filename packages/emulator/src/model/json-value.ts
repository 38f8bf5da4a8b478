// Firestore's Value encoding, written once for every place a value leaves the emulator: proto3 JSON
// (REST, WebChannel), protobuf message objects (gRPC), and this emulator's export files. The shapes
// are the same everywhere (`{integerValue}`, `{mapValue: {fields}}`, empty `values`/`fields`
// omitted); only the leaves differ, so each caller passes a leaf style. Pure; decoding stays with
// each reader (strict for requests, lenient for export files this emulator wrote).
import type { Fields, Timestamp, Value } from './types.js';

/** A Value as proto3 JSON spells it (the REST and export-file leaf styles). */
export type JsonValue =
  | { nullValue: 'NULL_VALUE' | null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values?: JsonValue[] } }
  | { mapValue: { fields?: Record<string, JsonValue> } };

/** A Value in any leaf style: one field named after its kind. */
export type EncodedValue = { readonly [kind: string]: unknown };

/** How the leaves that differ between encodings are written. */
export type ValueLeaves = {
  readonly timestamp: (time: Timestamp) => unknown;
  readonly bytes: (bytes: Uint8Array) => unknown;
  readonly double: (value: number) => unknown;
  /** REST and gRPC send `"NULL_VALUE"`; export files store JSON `null`. */
  readonly nullValue: 'NULL_VALUE' | null;
};

/** Leaves that are JSON text: base64 bytes, doubles with their special values as strings. */
export type JsonValueStyle = {
  /** REST trims the fraction to 0, 3, 6 or 9 digits; export files always keep nine. */
  readonly timestamp: (time: Timestamp) => string;
  readonly nullValue: 'NULL_VALUE' | null;
};

/** A double as proto3 JSON writes it: the special values as strings. */
export function toJsonDouble(d: number): number | string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  if (Object.is(d, -0)) return '-0';
  return d;
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function encodeValue(value: Value, leaves: ValueLeaves): EncodedValue {
  switch (value.kind) {
    case 'null':
      return { nullValue: leaves.nullValue };
    case 'boolean':
      return { booleanValue: value.value };
    case 'integer':
      return { integerValue: value.value.toString() };
    case 'double':
      return { doubleValue: leaves.double(value.value) };
    case 'timestamp':
      return { timestampValue: leaves.timestamp(value.value) };
    case 'string':
      return { stringValue: value.value };
    case 'bytes':
      return { bytesValue: leaves.bytes(value.value) };
    case 'reference':
      return { referenceValue: value.value };
    case 'geoPoint':
      return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
    case 'array':
      return {
        arrayValue:
          value.values.length === 0
            ? {}
            : { values: value.values.map((item) => encodeValue(item, leaves)) },
      };
    case 'map':
      return {
        mapValue: value.fields.size === 0 ? {} : { fields: encodeFields(value.fields, leaves) },
      };
  }
}

export function encodeFields(fields: Fields, leaves: ValueLeaves): Record<string, EncodedValue> {
  // A null-prototype object so that a field named `__proto__` stays an ordinary key.
  const out = Object.create(null) as Record<string, EncodedValue>;
  for (const [key, value] of fields) out[key] = encodeValue(value, leaves);
  return out;
}

function jsonLeaves(style: JsonValueStyle): ValueLeaves {
  return { ...style, bytes: toBase64, double: toJsonDouble };
}

export function toJsonFields(fields: Fields, style: JsonValueStyle): Record<string, JsonValue> {
  return encodeFields(fields, jsonLeaves(style)) as Record<string, JsonValue>;
}
