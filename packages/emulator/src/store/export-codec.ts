// The export file encoding: Firestore's REST (proto3 JSON) value encoding (model/json-value.ts),
// so exported data is readable and familiar. Timestamps are RFC 3339 with nanoseconds.
import { toJsonFields as toJsonFieldsIn } from '../model/json-value.js';
import type { JsonValue, JsonValueStyle } from '../model/json-value.js';
import type { Document, Fields, Timestamp, Value } from '../model/types.js';

export type JsonDocument = {
  name: string;
  fields: Record<string, JsonValue>;
  createTime: string;
  updateTime: string;
};

export function formatTimestamp(time: Timestamp): string {
  const iso = new Date(time.seconds * 1000).toISOString(); // 2024-01-02T03:04:05.000Z
  return `${iso.slice(0, 19)}.${String(time.nanos).padStart(9, '0')}Z`;
}

const TIMESTAMP_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string): Timestamp {
  const match = TIMESTAMP_PATTERN.exec(text);
  if (!match) throw new Error(`Invalid timestamp "${text}".`);
  const millis = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(millis)) throw new Error(`Invalid timestamp "${text}".`);
  return { seconds: Math.floor(millis / 1000), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

function decodeDouble(d: number | string): number {
  return typeof d === 'number' ? d : Number(d);
}

/** Export files spell null as JSON `null` and keep all nine fraction digits of a timestamp. */
const EXPORT_JSON: JsonValueStyle = { timestamp: formatTimestamp, nullValue: null };

export function toJsonFields(fields: Fields): Record<string, JsonValue> {
  return toJsonFieldsIn(fields, EXPORT_JSON);
}

export function fromJsonValue(json: JsonValue): Value {
  if ('nullValue' in json) return { kind: 'null' };
  if ('booleanValue' in json) return { kind: 'boolean', value: Boolean(json.booleanValue) };
  if ('integerValue' in json) return { kind: 'integer', value: BigInt(json.integerValue) };
  if ('doubleValue' in json) return { kind: 'double', value: decodeDouble(json.doubleValue) };
  if ('timestampValue' in json)
    return { kind: 'timestamp', value: parseTimestamp(json.timestampValue) };
  if ('stringValue' in json) return { kind: 'string', value: String(json.stringValue) };
  if ('bytesValue' in json)
    return { kind: 'bytes', value: new Uint8Array(Buffer.from(json.bytesValue, 'base64')) };
  if ('referenceValue' in json) return { kind: 'reference', value: String(json.referenceValue) };
  if ('geoPointValue' in json) {
    return {
      kind: 'geoPoint',
      latitude: json.geoPointValue.latitude,
      longitude: json.geoPointValue.longitude,
    };
  }
  if ('arrayValue' in json)
    return { kind: 'array', values: (json.arrayValue.values ?? []).map(fromJsonValue) };
  if ('mapValue' in json)
    return { kind: 'map', fields: fromJsonFields(json.mapValue.fields ?? {}) };
  throw new Error(`Unknown value encoding: ${JSON.stringify(json).slice(0, 80)}`);
}

export function fromJsonFields(fields: Record<string, JsonValue>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const key of Object.keys(fields)) out.set(key, fromJsonValue(fields[key] as JsonValue));
  return out;
}

export function toJsonDocument(doc: Document): JsonDocument {
  return {
    name: doc.name,
    fields: toJsonFields(doc.fields),
    createTime: formatTimestamp(doc.createTime),
    updateTime: formatTimestamp(doc.updateTime),
  };
}

export function fromJsonDocument(json: JsonDocument): Document {
  return {
    name: json.name,
    fields: fromJsonFields(json.fields ?? {}),
    createTime: parseTimestamp(json.createTime),
    updateTime: parseTimestamp(json.updateTime),
  };
}
