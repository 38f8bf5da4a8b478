// Proto3 JSON <-> model, for REST and WebChannel (both speak proto3 JSON: the browser and Lite
// SDKs set useProto3Json). Decoders validate strictly and name the bad field; encoders emit what
// production emits (int64 as strings, empty `values`/`fields` omitted, timestamps in RFC 3339).
import { EmulatorError } from '../../errors.js';
import { toJsonFields, toJsonValue } from '../../model/json-value.js';
import type { JsonValueStyle } from '../../model/json-value.js';
import type {
  Aggregation,
  CollectionSelector,
  Cursor,
  Document,
  FieldPath,
  FieldTransform,
  Fields,
  Filter,
  Order,
  Precondition,
  StructuredQuery,
  Timestamp,
  Value,
  Write,
  WriteResult,
} from '../../model/types.js';
import type {
  BatchGetResult,
  ListenResponse,
  ListenTarget,
  ReadConsistency,
  TransactionOptions,
} from '../../service/types.js';
import { parseFieldPath } from '../../model/paths.js';
import {
  checkDecodeDepth,
  COMPOSITE_OPERATORS,
  FIELD_OPERATORS,
  findNearestUnsupported,
  formatRfc3339,
  listenTargetOf,
  parseInt32,
  parseInt64,
  parseRfc3339,
  structuredQueryOf,
  UNARY_OPERATORS,
} from '../wire-common.js';
import {
  join,
  oneOf,
  readArray,
  readBoolean,
  readBytes,
  readDouble,
  readEnum,
  readMessage,
  readString,
} from './json-reader.js';
import type { JsonObject } from './json-reader.js';

function badArgument(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

// ---- Values --------------------------------------------------------------------------------

const VALUE_FIELDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

export function fromRestTimestamp(raw: unknown, where: string): Timestamp {
  return parseRfc3339(readString(raw, where), where);
}

export function toRestTimestamp(ts: Timestamp): string {
  return formatRfc3339(ts);
}

export function fromRestValue(raw: unknown, where: string, depth = 0): Value {
  checkDecodeDepth(depth, 'Value', where);
  const message = readMessage(raw, where, VALUE_FIELDS);
  const kind = oneOf(message, where, VALUE_FIELDS);
  const v = message[kind!];
  const at = join(where, kind!);
  switch (kind) {
    case 'nullValue':
      if (v !== 'NULL_VALUE' && v !== 0) {
        throw badArgument(
          `Invalid value at '${at}' (google.protobuf.NullValue), ${JSON.stringify(v)}`,
        );
      }
      return { kind: 'null' };
    case 'booleanValue':
      return { kind: 'boolean', value: readBoolean(v, at) };
    case 'integerValue':
      return { kind: 'integer', value: parseInt64(v, at) };
    case 'doubleValue':
      return { kind: 'double', value: readDouble(v, at) };
    case 'timestampValue':
      return { kind: 'timestamp', value: fromRestTimestamp(v, at) };
    case 'stringValue':
      return { kind: 'string', value: readString(v, at) };
    case 'bytesValue':
      return { kind: 'bytes', value: readBytes(v, at) };
    case 'referenceValue':
      return { kind: 'reference', value: readString(v, at) };
    case 'geoPointValue': {
      const point = readMessage(v, at, ['latitude', 'longitude']);
      return {
        kind: 'geoPoint',
        latitude:
          point.latitude === undefined ? 0 : readDouble(point.latitude, join(at, 'latitude')),
        longitude:
          point.longitude === undefined ? 0 : readDouble(point.longitude, join(at, 'longitude')),
      };
    }
    case 'arrayValue': {
      const array = readMessage(v, at, ['values']);
      const values = array.values === undefined ? [] : readArray(array.values, join(at, 'values'));
      return {
        kind: 'array',
        values: values.map((item, i) => fromRestValue(item, `${at}.values[${i}]`, depth + 1)),
      };
    }
    case 'mapValue': {
      const map = readMessage(v, at, ['fields']);
      return { kind: 'map', fields: fromRestFields(map.fields, join(at, 'fields'), depth + 1) };
    }
    default:
      throw badArgument(`Unsupported value at '${where}'.`);
  }
}

export function fromRestFields(raw: unknown, where: string, depth = 0): Fields {
  const fields = new Map<string, Value>();
  if (raw === undefined || raw === null) return fields;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw badArgument(`Invalid value at '${where}': expected a map of field names to values.`);
  }
  for (const [key, value] of Object.entries(raw)) {
    fields.set(key, fromRestValue(value, `${where}[${key}]`, depth));
  }
  return fields;
}

export type RestValue = Record<string, unknown>;

const REST_JSON: JsonValueStyle = { timestamp: toRestTimestamp, nullValue: 'NULL_VALUE' };

export function toRestValue(value: Value): RestValue {
  return toJsonValue(value, REST_JSON);
}

export function toRestFields(fields: Fields): Record<string, RestValue> {
  return toJsonFields(fields, REST_JSON);
}

// ---- Documents -----------------------------------------------------------------------------

export type RestDocument = {
  name: string;
  fields?: Record<string, RestValue>;
  createTime: string;
  updateTime: string;
};

export function toRestDocument(doc: Document): RestDocument {
  return {
    name: doc.name,
    ...(doc.fields.size > 0 ? { fields: toRestFields(doc.fields) } : {}),
    createTime: toRestTimestamp(doc.createTime),
    updateTime: toRestTimestamp(doc.updateTime),
  };
}

/** A document as sent in a write: `name` and `fields`; output-only times are ignored. */
export function fromRestDocumentInput(
  raw: unknown,
  where: string,
): { name: string | undefined; fields: Fields } {
  const doc = readMessage(raw, where, ['name', 'fields', 'createTime', 'updateTime']);
  return {
    name: doc.name === undefined ? undefined : readString(doc.name, join(where, 'name')),
    fields: fromRestFields(doc.fields, join(where, 'fields')),
  };
}

// ---- Writes --------------------------------------------------------------------------------

export function fromRestFieldPaths(raw: unknown, where: string): FieldPath[] {
  const mask = readMessage(raw, where, ['fieldPaths']);
  const paths =
    mask.fieldPaths === undefined ? [] : readArray(mask.fieldPaths, join(where, 'fieldPaths'));
  return paths.map((p, i) => {
    const at = `${where}.fieldPaths[${i}]`;
    return parseFieldPath(readString(p, at), { where: at, unquoted: 'wire' });
  });
}

export function fromRestPrecondition(raw: unknown, where: string): Precondition | undefined {
  const pre = readMessage(raw, where, ['exists', 'updateTime']);
  const kind = oneOf(pre, where, ['exists', 'updateTime'] as const, false);
  if (kind === 'exists')
    return { kind: 'exists', exists: readBoolean(pre.exists, join(where, 'exists')) };
  if (kind === 'updateTime') {
    return {
      kind: 'updateTime',
      updateTime: fromRestTimestamp(pre.updateTime, join(where, 'updateTime')),
    };
  }
  return undefined;
}

const TRANSFORM_KINDS = [
  'setToServerValue',
  'increment',
  'maximum',
  'minimum',
  'appendMissingElements',
  'removeAllFromArray',
] as const;

export function fromRestFieldTransform(raw: unknown, where: string): FieldTransform {
  const t = readMessage(raw, where, ['fieldPath', ...TRANSFORM_KINDS]);
  if (t.fieldPath === undefined)
    throw badArgument(`Invalid argument at '${where}': fieldPath is required.`);
  const fieldPath = parseFieldPath(readString(t.fieldPath, join(where, 'fieldPath')), {
    where: join(where, 'fieldPath'),
    unquoted: 'wire',
  });
  const kind = oneOf(t, where, TRANSFORM_KINDS)!;
  const at = join(where, kind);
  switch (kind) {
    case 'setToServerValue':
      readEnum(t.setToServerValue, at, ['REQUEST_TIME']);
      return { fieldPath, kind: 'serverTime' };
    case 'increment':
    case 'maximum':
    case 'minimum':
      return { fieldPath, kind, operand: fromRestValue(t[kind], at) };
    case 'appendMissingElements':
    case 'removeAllFromArray': {
      const array = readMessage(t[kind], at, ['values']);
      const values = array.values === undefined ? [] : readArray(array.values, join(at, 'values'));
      return {
        fieldPath,
        kind,
        elements: values.map((v, i) => fromRestValue(v, `${at}.values[${i}]`)),
      };
    }
  }
}

const WRITE_KINDS = ['update', 'delete', 'verify', 'transform'] as const;

export function fromRestWrite(raw: unknown, where: string): Write {
  const w = readMessage(raw, where, [
    ...WRITE_KINDS,
    'updateMask',
    'updateTransforms',
    'currentDocument',
  ]);
  const kind = oneOf(w, where, WRITE_KINDS)!;
  const precondition =
    w.currentDocument === undefined
      ? undefined
      : fromRestPrecondition(w.currentDocument, join(where, 'currentDocument'));
  if (kind !== 'update') {
    if (w.updateMask !== undefined || w.updateTransforms !== undefined) {
      throw badArgument(
        `Invalid argument at '${where}': updateMask and updateTransforms apply only to an update.`,
      );
    }
  }
  switch (kind) {
    case 'update': {
      const doc = fromRestDocumentInput(w.update, join(where, 'update'));
      if (doc.name === undefined) {
        throw badArgument(`Invalid argument at '${where}.update': name is required.`);
      }
      const transforms =
        w.updateTransforms === undefined
          ? []
          : readArray(w.updateTransforms, join(where, 'updateTransforms')).map((t, i) =>
              fromRestFieldTransform(t, `${where}.updateTransforms[${i}]`),
            );
      return {
        kind: 'update',
        name: doc.name,
        fields: doc.fields,
        ...(w.updateMask === undefined
          ? {}
          : { updateMask: fromRestFieldPaths(w.updateMask, join(where, 'updateMask')) }),
        transforms,
        ...(precondition ? { precondition } : {}),
      };
    }
    case 'delete':
      return {
        kind: 'delete',
        name: readString(w.delete, join(where, 'delete')),
        ...(precondition ? { precondition } : {}),
      };
    case 'verify':
      if (!precondition) {
        throw badArgument(`Invalid argument at '${where}': a verify write needs currentDocument.`);
      }
      return { kind: 'verify', name: readString(w.verify, join(where, 'verify')), precondition };
    case 'transform': {
      const at = join(where, 'transform');
      const t = readMessage(w.transform, at, ['document', 'fieldTransforms']);
      const transforms =
        t.fieldTransforms === undefined
          ? []
          : readArray(t.fieldTransforms, join(at, 'fieldTransforms')).map((x, i) =>
              fromRestFieldTransform(x, `${at}.fieldTransforms[${i}]`),
            );
      return {
        kind: 'transform',
        name: readString(t.document, join(at, 'document')),
        transforms,
        ...(precondition ? { precondition } : {}),
      };
    }
  }
}

export function fromRestWrites(raw: unknown, where: string): Write[] {
  if (raw === undefined) return [];
  return readArray(raw, where).map((w, i) => fromRestWrite(w, `${where}[${i}]`));
}

export function toRestWriteResult(result: WriteResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (result.updateTime) out.updateTime = toRestTimestamp(result.updateTime);
  if (result.transformResults.length > 0)
    out.transformResults = result.transformResults.map(toRestValue);
  return out;
}

// ---- Queries -------------------------------------------------------------------------------

function fromRestFieldReference(raw: unknown, where: string): FieldPath {
  const ref = readMessage(raw, where, ['fieldPath']);
  const at = join(where, 'fieldPath');
  if (ref.fieldPath === undefined)
    throw badArgument(`Invalid argument at '${where}': fieldPath is required.`);
  return parseFieldPath(readString(ref.fieldPath, at), { where: at, unquoted: 'wire' });
}

const FILTER_KINDS = ['compositeFilter', 'fieldFilter', 'unaryFilter'] as const;

export function fromRestFilter(raw: unknown, where: string, depth = 0): Filter {
  checkDecodeDepth(depth, 'Filter', where);
  const f = readMessage(raw, where, FILTER_KINDS);
  const kind = oneOf(f, where, FILTER_KINDS)!;
  const at = join(where, kind);
  switch (kind) {
    case 'fieldFilter': {
      const ff = readMessage(f.fieldFilter, at, ['field', 'op', 'value']);
      if (ff.field === undefined || ff.value === undefined) {
        throw badArgument(`Invalid argument at '${at}': field, op and value are required.`);
      }
      return {
        kind: 'field',
        field: fromRestFieldReference(ff.field, join(at, 'field')),
        op: readEnum(ff.op, join(at, 'op'), FIELD_OPERATORS),
        value: fromRestValue(ff.value, join(at, 'value')),
      };
    }
    case 'unaryFilter': {
      const uf = readMessage(f.unaryFilter, at, ['field', 'op']);
      if (uf.field === undefined)
        throw badArgument(`Invalid argument at '${at}': field is required.`);
      return {
        kind: 'unary',
        field: fromRestFieldReference(uf.field, join(at, 'field')),
        op: readEnum(uf.op, join(at, 'op'), UNARY_OPERATORS),
      };
    }
    case 'compositeFilter': {
      const cf = readMessage(f.compositeFilter, at, ['op', 'filters']);
      const filters = cf.filters === undefined ? [] : readArray(cf.filters, join(at, 'filters'));
      return {
        kind: 'composite',
        op: readEnum(cf.op, join(at, 'op'), COMPOSITE_OPERATORS),
        filters: filters.map((x, i) => fromRestFilter(x, `${at}.filters[${i}]`, depth + 1)),
      };
    }
  }
}

function fromRestCursor(raw: unknown, where: string): Cursor {
  const c = readMessage(raw, where, ['values', 'before']);
  const values = c.values === undefined ? [] : readArray(c.values, join(where, 'values'));
  return {
    values: values.map((v, i) => fromRestValue(v, `${where}.values[${i}]`)),
    before: c.before === undefined ? false : readBoolean(c.before, join(where, 'before')),
  };
}

/** Int32Value in proto3 JSON is a bare number; the `{value}` object form is also accepted. */
function readInt32Wrapper(raw: unknown, where: string): number {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const wrapper = readMessage(raw, where, ['value']);
    return wrapper.value === undefined ? 0 : parseInt32(wrapper.value, join(where, 'value'));
  }
  return parseInt32(raw, where);
}

export function fromRestStructuredQuery(raw: unknown, where: string): StructuredQuery {
  const q = readMessage(raw, where, [
    'select',
    'from',
    'where',
    'orderBy',
    'startAt',
    'endAt',
    'offset',
    'limit',
    'findNearest',
  ]);
  if (q.findNearest !== undefined) throw findNearestUnsupported();
  const from: CollectionSelector[] = (
    q.from === undefined ? [] : readArray(q.from, join(where, 'from'))
  ).map((s, i) => {
    const at = `${where}.from[${i}]`;
    const sel = readMessage(s, at, ['collectionId', 'allDescendants']);
    return {
      collectionId:
        sel.collectionId === undefined
          ? ''
          : readString(sel.collectionId, join(at, 'collectionId')),
      allDescendants:
        sel.allDescendants === undefined
          ? false
          : readBoolean(sel.allDescendants, join(at, 'allDescendants')),
    };
  });
  const orderBy: Order[] = (
    q.orderBy === undefined ? [] : readArray(q.orderBy, join(where, 'orderBy'))
  ).map((o, i) => {
    const at = `${where}.orderBy[${i}]`;
    const order = readMessage(o, at, ['field', 'direction']);
    if (order.field === undefined)
      throw badArgument(`Invalid argument at '${at}': field is required.`);
    const direction =
      order.direction === undefined
        ? 'ASCENDING'
        : readEnum(order.direction, join(at, 'direction'), [
            'ASCENDING',
            'DESCENDING',
            'DIRECTION_UNSPECIFIED',
          ] as const);
    return {
      field: fromRestFieldReference(order.field, join(at, 'field')),
      direction: direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
    };
  });
  let select: FieldPath[] | undefined;
  if (q.select !== undefined) {
    const at = join(where, 'select');
    const projection = readMessage(q.select, at, ['fields']);
    const fields =
      projection.fields === undefined ? [] : readArray(projection.fields, join(at, 'fields'));
    select = fields.map((f, i) => fromRestFieldReference(f, `${at}.fields[${i}]`));
  }
  const offset = q.offset === undefined ? 0 : parseInt32(q.offset, join(where, 'offset'));
  const limit = q.limit === undefined ? undefined : readInt32Wrapper(q.limit, join(where, 'limit'));
  return structuredQueryOf({
    from,
    where: q.where === undefined ? undefined : fromRestFilter(q.where, join(where, 'where')),
    orderBy,
    startAt:
      q.startAt === undefined ? undefined : fromRestCursor(q.startAt, join(where, 'startAt')),
    endAt: q.endAt === undefined ? undefined : fromRestCursor(q.endAt, join(where, 'endAt')),
    offset,
    limit,
    select,
  });
}

export function fromRestAggregation(raw: unknown, where: string): Aggregation {
  const a = readMessage(raw, where, ['alias', 'count', 'sum', 'avg']);
  const alias = a.alias === undefined ? '' : readString(a.alias, join(where, 'alias'));
  const kind = oneOf(a, where, ['count', 'sum', 'avg'] as const)!;
  const at = join(where, kind);
  if (kind === 'count') {
    const c = readMessage(a.count, at, ['upTo']);
    if (c.upTo === undefined) return { alias, kind };
    const upToRaw =
      c.upTo !== null && typeof c.upTo === 'object'
        ? readMessage(c.upTo, join(at, 'upTo'), ['value']).value
        : c.upTo;
    const upTo = parseInt64(upToRaw ?? 0, join(at, 'upTo'));
    return { alias, kind, upTo: Number(upTo) };
  }
  const s = readMessage(a[kind], at, ['field']);
  if (s.field === undefined) throw badArgument(`Invalid argument at '${at}': field is required.`);
  return { alias, kind, field: fromRestFieldReference(s.field, join(at, 'field')) };
}

export function fromRestStructuredAggregationQuery(
  raw: unknown,
  where: string,
): { query: StructuredQuery; aggregations: Aggregation[] } {
  const q = readMessage(raw, where, ['structuredQuery', 'aggregations']);
  if (q.structuredQuery === undefined) {
    throw badArgument(`Invalid argument at '${where}': structuredQuery is required.`);
  }
  const aggregations =
    q.aggregations === undefined ? [] : readArray(q.aggregations, join(where, 'aggregations'));
  return {
    query: fromRestStructuredQuery(q.structuredQuery, join(where, 'structuredQuery')),
    aggregations: aggregations.map((a, i) => fromRestAggregation(a, `${where}.aggregations[${i}]`)),
  };
}

// ---- Consistency and transactions ----------------------------------------------------------

export function fromRestTransactionOptions(raw: unknown, where: string): TransactionOptions {
  const o = readMessage(raw, where, ['readOnly', 'readWrite']);
  const kind = oneOf(o, where, ['readOnly', 'readWrite'] as const, false);
  if (kind === 'readOnly') readMessage(o.readOnly, join(where, 'readOnly'), ['readTime']);
  if (kind === 'readWrite')
    readMessage(o.readWrite, join(where, 'readWrite'), ['retryTransaction']);
  return { readOnly: kind === 'readOnly' };
}

/** Reads `transaction` | `newTransaction` | `readTime` from a read request. */
export function fromRestConsistency(body: JsonObject, where: string): ReadConsistency {
  const kind = oneOf(body, where, ['transaction', 'newTransaction', 'readTime'] as const, false);
  switch (kind) {
    case 'transaction':
      return { transaction: readBytes(body.transaction, join(where, 'transaction')) };
    case 'newTransaction':
      return {
        newTransaction: fromRestTransactionOptions(
          body.newTransaction,
          join(where, 'newTransaction'),
        ),
      };
    case 'readTime':
      return { readTime: fromRestTimestamp(body.readTime, join(where, 'readTime')) };
    default:
      return {};
  }
}

export function toRestBytes(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function toRestBatchGetResult(result: BatchGetResult): Record<string, unknown> {
  if ('found' in result) {
    return { found: toRestDocument(result.found), readTime: toRestTimestamp(result.readTime) };
  }
  return { missing: result.missing, readTime: toRestTimestamp(result.readTime) };
}

// ---- Listen --------------------------------------------------------------------------------

export type ListenRequestMessage =
  | { readonly kind: 'add'; readonly database?: string; readonly target: ListenTarget }
  | { readonly kind: 'remove'; readonly database?: string; readonly targetId: number }
  | { readonly kind: 'none'; readonly database?: string };

export function fromRestTarget(raw: unknown, where: string, labels?: JsonObject): ListenTarget {
  const t = readMessage(raw, where, [
    'query',
    'documents',
    'resumeToken',
    'readTime',
    'targetId',
    'once',
    'expectedCount',
  ]);
  const kind = oneOf(t, where, ['query', 'documents'] as const)!;
  oneOf(t, where, ['resumeToken', 'readTime'] as const, false);
  let target: ListenTarget['target'];
  if (kind === 'query') {
    const at = join(where, 'query');
    const q = readMessage(t.query, at, ['parent', 'structuredQuery']);
    if (q.structuredQuery === undefined) {
      throw badArgument(`Invalid argument at '${at}': structuredQuery is required.`);
    }
    target = {
      kind: 'query',
      parent: readString(q.parent ?? '', join(at, 'parent')),
      query: fromRestStructuredQuery(q.structuredQuery, join(at, 'structuredQuery')),
    };
  } else {
    const at = join(where, 'documents');
    const d = readMessage(t.documents, at, ['documents']);
    const names = d.documents === undefined ? [] : readArray(d.documents, join(at, 'documents'));
    target = {
      kind: 'documents',
      names: names.map((n, i) => readString(n, `${at}.documents[${i}]`)),
    };
  }
  const tag = labels?.['goog-listen-tags'];
  return listenTargetOf({
    targetId: t.targetId === undefined ? 0 : parseInt32(t.targetId, join(where, 'targetId')),
    target,
    resumeToken:
      t.resumeToken === undefined
        ? undefined
        : readBytes(t.resumeToken, join(where, 'resumeToken')),
    readTime:
      t.readTime === undefined ? undefined : fromRestTimestamp(t.readTime, join(where, 'readTime')),
    expectedCount:
      t.expectedCount === undefined
        ? undefined
        : readInt32Wrapper(t.expectedCount, join(where, 'expectedCount')),
    once: t.once === undefined ? undefined : readBoolean(t.once, join(where, 'once')),
    tag: typeof tag === 'string' ? tag : undefined,
  });
}

function readLabels(raw: unknown, where: string): JsonObject | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badArgument(`Invalid value at '${where}': expected a map of strings.`);
  }
  for (const [key, value] of Object.entries(raw)) readString(value, `${where}[${key}]`);
  return raw as JsonObject;
}

export function fromRestListenRequest(raw: unknown, where = ''): ListenRequestMessage {
  const r = readMessage(raw, where, ['database', 'addTarget', 'removeTarget', 'labels']);
  const database =
    r.database === undefined ? undefined : readString(r.database, join(where, 'database'));
  const labels = readLabels(r.labels, join(where, 'labels'));
  const kind = oneOf(r, where, ['addTarget', 'removeTarget'] as const, false);
  const base = database === undefined ? {} : { database };
  if (kind === 'addTarget') {
    return {
      kind: 'add',
      ...base,
      target: fromRestTarget(r.addTarget, join(where, 'addTarget'), labels),
    };
  }
  if (kind === 'removeTarget') {
    return {
      kind: 'remove',
      ...base,
      targetId: parseInt32(r.removeTarget, join(where, 'removeTarget')),
    };
  }
  return { kind: 'none', ...base };
}

export function toRestListenResponse(response: ListenResponse): Record<string, unknown> {
  switch (response.kind) {
    case 'targetChange': {
      const change: Record<string, unknown> = {};
      if (response.changeType !== 'NO_CHANGE') change.targetChangeType = response.changeType;
      if (response.targetIds.length > 0) change.targetIds = response.targetIds;
      if (response.cause)
        change.cause = { code: response.cause.code, message: response.cause.message };
      if (response.resumeToken) change.resumeToken = toRestBytes(response.resumeToken);
      if (response.readTime) change.readTime = toRestTimestamp(response.readTime);
      return { targetChange: change };
    }
    case 'documentChange': {
      const change: Record<string, unknown> = { document: toRestDocument(response.document) };
      if (response.targetIds.length > 0) change.targetIds = response.targetIds;
      if (response.removedTargetIds.length > 0) change.removedTargetIds = response.removedTargetIds;
      return { documentChange: change };
    }
    case 'documentDelete': {
      const del: Record<string, unknown> = { document: response.name };
      if (response.removedTargetIds.length > 0) del.removedTargetIds = response.removedTargetIds;
      del.readTime = toRestTimestamp(response.readTime);
      return { documentDelete: del };
    }
    case 'documentRemove': {
      const rem: Record<string, unknown> = { document: response.name };
      if (response.removedTargetIds.length > 0) rem.removedTargetIds = response.removedTargetIds;
      if (response.readTime) rem.readTime = toRestTimestamp(response.readTime);
      return { documentRemove: rem };
    }
    case 'filter':
      return { filter: { targetId: response.targetId, count: response.count } };
  }
}

// ---- Write stream --------------------------------------------------------------------------

export type WriteRequestMessage = {
  readonly database?: string;
  readonly streamId?: string;
  readonly streamToken?: Uint8Array;
  /** Undefined when the field is absent (the handshake); `[]` is the client's clean close. */
  readonly writes?: readonly Write[];
};

export function fromRestWriteRequest(raw: unknown, where = ''): WriteRequestMessage {
  const r = readMessage(raw, where, ['database', 'streamId', 'writes', 'streamToken', 'labels']);
  readLabels(r.labels, join(where, 'labels'));
  return {
    ...(r.database === undefined
      ? {}
      : { database: readString(r.database, join(where, 'database')) }),
    ...(r.streamId === undefined
      ? {}
      : { streamId: readString(r.streamId, join(where, 'streamId')) }),
    ...(r.streamToken === undefined
      ? {}
      : { streamToken: readBytes(r.streamToken, join(where, 'streamToken')) }),
    ...(r.writes === undefined ? {} : { writes: fromRestWrites(r.writes, join(where, 'writes')) }),
  };
}
