// Firestore's proto3 JSON value encoding, shared by the REST/WebChannel codec and this emulator's
// export files: int64 as a decimal string, NaN/±Infinity/-0 as strings, bytes in base64, and
// empty `values`/`fields` omitted. Pure; decoding stays with each reader (strict for requests,
// lenient for export files this emulator wrote).
import type { Fields, Timestamp, Value } from './types.js';

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

/** The two spellings that differ between REST responses and export files. */
export type JsonValueStyle = {
  /** REST trims the fraction to 0, 3, 6 or 9 digits; export files always keep nine. */
  readonly timestamp: (time: Timestamp) => string;
  /** REST sends `"NULL_VALUE"`; export files store JSON `null`. */
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

export function toJsonValue(value: Value, style: JsonValueStyle): JsonValue {
  switch (value.kind) {
    case 'null':
      return { nullValue: style.nullValue };
    case 'boolean':
      return { booleanValue: value.value };
    case 'integer':
      return { integerValue: value.value.toString() };
    case 'double':
      return { doubleValue: toJsonDouble(value.value) };
    case 'timestamp':
      return { timestampValue: style.timestamp(value.value) };
    case 'string':
      return { stringValue: value.value };
    case 'bytes':
      return { bytesValue: Buffer.from(value.value).toString('base64') };
    case 'reference':
      return { referenceValue: value.value };
    case 'geoPoint':
      return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
    case 'array':
      return {
        arrayValue:
          value.values.length === 0
            ? {}
            : { values: value.values.map((item) => toJsonValue(item, style)) },
      };
    case 'map':
      return {
        mapValue: value.fields.size === 0 ? {} : { fields: toJsonFields(value.fields, style) },
      };
  }
}

export function toJsonFields(fields: Fields, style: JsonValueStyle): Record<string, JsonValue> {
  // A null-prototype object so that a field named `__proto__` stays an ordinary key.
  const out = Object.create(null) as Record<string, JsonValue>;
  for (const [key, value] of fields) out[key] = toJsonValue(value, style);
  return out;
}
