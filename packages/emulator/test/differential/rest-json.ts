// A small proto3 JSON codec for Firestore REST, written for the tests from the public API's
// documented encoding and independent of src/transport, so that the suites exercise the
// server's codec instead of sharing its assumptions.
import type {
  Cursor,
  Document,
  FieldPath,
  Filter,
  StructuredQuery,
  Timestamp,
  Value,
} from '../../src/model/types.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function toRestTimestamp(ts: Timestamp): string {
  const date = new Date(ts.seconds * 1000).toISOString().slice(0, 19);
  return `${date}.${String(ts.nanos).padStart(9, '0')}Z`;
}

function fromRestTimestamp(text: string): Timestamp {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/u.exec(text);
  if (match === null) throw new Error(`bad timestamp ${text}`);
  const seconds = Date.parse(`${match[1]}Z`) / 1000;
  return { seconds, nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

function toRestDouble(n: number): Json {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (Object.is(n, -0)) return '-0';
  return n;
}

function fromRestDouble(json: Json): number {
  if (typeof json === 'number') return json;
  if (json === 'NaN' || json === 'Infinity' || json === '-Infinity' || json === '-0')
    return Number(json);
  throw new Error(`bad double ${JSON.stringify(json)}`);
}

export function toRestValue(value: Value): Json {
  switch (value.kind) {
    case 'null':
      return { nullValue: 'NULL_VALUE' };
    case 'boolean':
      return { booleanValue: value.value };
    case 'integer':
      return { integerValue: String(value.value) };
    case 'double':
      return { doubleValue: toRestDouble(value.value) };
    case 'timestamp':
      return { timestampValue: toRestTimestamp(value.value) };
    case 'string':
      return { stringValue: value.value };
    case 'bytes':
      return { bytesValue: Buffer.from(value.value).toString('base64') };
    case 'reference':
      return { referenceValue: value.value };
    case 'geoPoint':
      return {
        geoPointValue: {
          latitude: toRestDouble(value.latitude),
          longitude: toRestDouble(value.longitude),
        },
      };
    case 'array':
      return {
        arrayValue: value.values.length > 0 ? { values: value.values.map(toRestValue) } : {},
      };
    case 'map':
      return { mapValue: value.fields.size > 0 ? { fields: toRestFields(value.fields) } : {} };
  }
}

export function toRestFields(fields: ReadonlyMap<string, Value>): { [key: string]: Json } {
  return Object.fromEntries([...fields].map(([key, value]) => [key, toRestValue(value)]));
}

function asObject(json: Json | undefined, what: string): { [key: string]: Json } {
  if (json === null || json === undefined || typeof json !== 'object' || Array.isArray(json)) {
    throw new Error(`${what} is not an object: ${JSON.stringify(json)}`);
  }
  return json;
}

export function fromRestValue(json: Json): Value {
  const object = asObject(json, 'value');
  const [key, ...rest] = Object.keys(object);
  if (key === undefined || rest.length > 0)
    throw new Error(`value needs exactly one field: ${JSON.stringify(json)}`);
  const inner = object[key]!;
  switch (key) {
    case 'nullValue':
      return { kind: 'null' };
    case 'booleanValue':
      return { kind: 'boolean', value: inner === true };
    case 'integerValue':
      return { kind: 'integer', value: BigInt(inner as string | number) };
    case 'doubleValue':
      return { kind: 'double', value: fromRestDouble(inner) };
    case 'timestampValue':
      return { kind: 'timestamp', value: fromRestTimestamp(inner as string) };
    case 'stringValue':
      return { kind: 'string', value: inner as string };
    case 'bytesValue':
      return { kind: 'bytes', value: new Uint8Array(Buffer.from(inner as string, 'base64')) };
    case 'referenceValue':
      return { kind: 'reference', value: inner as string };
    case 'geoPointValue': {
      const point = asObject(inner, 'geoPointValue');
      return {
        kind: 'geoPoint',
        latitude: fromRestDouble(point['latitude'] ?? 0),
        longitude: fromRestDouble(point['longitude'] ?? 0),
      };
    }
    case 'arrayValue': {
      const values = asObject(inner, 'arrayValue')['values'] ?? [];
      return { kind: 'array', values: (values as Json[]).map(fromRestValue) };
    }
    case 'mapValue':
      return { kind: 'map', fields: fromRestFields(asObject(inner, 'mapValue')['fields'] ?? {}) };
    default:
      throw new Error(`unknown value field ${key}`);
  }
}

export function fromRestFields(json: Json): Map<string, Value> {
  return new Map(
    Object.entries(asObject(json, 'fields')).map(([key, value]) => [key, fromRestValue(value)]),
  );
}

export function fromRestDocument(json: Json): Document {
  const object = asObject(json, 'document');
  return {
    name: object['name'] as string,
    fields: fromRestFields(object['fields'] ?? {}),
    createTime: fromRestTimestamp(object['createTime'] as string),
    updateTime: fromRestTimestamp(object['updateTime'] as string),
  };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z_0-9]*$/u;

/** Dot-joined field path; segments that are not identifiers go in backticks. */
export function toRestFieldPath(path: FieldPath): string {
  return path
    .map((segment) =>
      IDENTIFIER.test(segment) ? segment : `\`${segment.replace(/[\\`]/gu, (c) => `\\${c}`)}\``,
    )
    .join('.');
}

function toRestFilter(filter: Filter): Json {
  switch (filter.kind) {
    case 'field':
      return {
        fieldFilter: {
          field: { fieldPath: toRestFieldPath(filter.field) },
          op: filter.op,
          value: toRestValue(filter.value),
        },
      };
    case 'unary':
      return {
        unaryFilter: { op: filter.op, field: { fieldPath: toRestFieldPath(filter.field) } },
      };
    case 'composite':
      return { compositeFilter: { op: filter.op, filters: filter.filters.map(toRestFilter) } };
  }
}

function toRestCursor(cursor: Cursor): Json {
  return { values: cursor.values.map(toRestValue), before: cursor.before };
}

export function toRestStructuredQuery(query: StructuredQuery): Json {
  const result: { [key: string]: Json } = {
    from: query.from.map((selector) => ({
      collectionId: selector.collectionId,
      allDescendants: selector.allDescendants,
    })),
  };
  if (query.where !== undefined) result['where'] = toRestFilter(query.where);
  if (query.orderBy.length > 0) {
    result['orderBy'] = query.orderBy.map((order) => ({
      field: { fieldPath: toRestFieldPath(order.field) },
      direction: order.direction,
    }));
  }
  if (query.startAt !== undefined) result['startAt'] = toRestCursor(query.startAt);
  if (query.endAt !== undefined) result['endAt'] = toRestCursor(query.endAt);
  if (query.offset > 0) result['offset'] = query.offset;
  if (query.limit !== undefined) result['limit'] = query.limit;
  if (query.select !== undefined) {
    result['select'] = {
      fields: query.select.map((path) => ({ fieldPath: toRestFieldPath(path) })),
    };
  }
  return result;
}

/** A minimal REST client for one emulator. */
export class RestClient {
  constructor(
    readonly baseUrl: string,
    readonly projectId: string,
    readonly token = 'owner',
  ) {}

  get database(): string {
    return `projects/${this.projectId}/databases/(default)`;
  }

  async call(
    method: string,
    path: string,
    body?: Json,
  ): Promise<{ status: number; json: Json; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let json: Json = null;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // Non-JSON answers (e.g. the health check) keep only their text.
    }
    return { status: response.status, json, text };
  }

  async clear(): Promise<void> {
    const { status, text } = await this.call('DELETE', `/emulator/v1/${this.database}/documents`);
    if (status !== 200) throw new Error(`clear failed: ${status} ${text}`);
  }

  async setDocuments(docs: readonly Document[]): Promise<void> {
    if (docs.length === 0) return;
    const writes = docs.map((doc) => ({
      update: { name: doc.name, fields: toRestFields(doc.fields) },
    }));
    const { status, text } = await this.call('POST', `/v1/${this.database}/documents:commit`, {
      writes,
    });
    if (status !== 200) throw new Error(`commit failed: ${status} ${text}`);
  }

  async runQuery(parent: string, query: StructuredQuery): Promise<Document[]> {
    const { status, json, text } = await this.call('POST', `/v1/${parent}:runQuery`, {
      structuredQuery: toRestStructuredQuery(query),
    });
    if (status !== 200 || !Array.isArray(json))
      throw new Error(`runQuery failed: ${status} ${text}`);
    return json.flatMap((item) => {
      const document = asObject(item, 'runQuery response')['document'];
      return document === undefined ? [] : [fromRestDocument(document)];
    });
  }
}
