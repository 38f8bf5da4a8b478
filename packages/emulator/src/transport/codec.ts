// The one codec between Firestore's wire messages and the model, after the SDK's serializer with
// its useProto3Json switch. Messages travel in two forms: proto3 JSON (REST and WebChannel; the
// browser and Lite SDKs speak it) and the message objects the gRPC transport decodes protobuf into
// (grpc/protobuf-codec.ts). The protos are loaded without `keepCase`, so both forms carry the same
// lowerCamel field names and differ only in leaves: timestamps (RFC 3339 text vs `{seconds,
// nanos}`), bytes (base64 vs Buffer) and doubles (`"NaN"` vs a number). Each face is this codec
// with one leaf style; int64 (decimal strings: `longs: String`), enums (names: `enums: String`) and
// wrappers (`{value}`, also accepted in JSON next to the bare number) read the same in both.
//
// Decoders validate strictly and name the bad field; the object face passes through the same
// checks, which the schema already guarantees. Encoders emit what production emits (empty
// `values`/`fields` omitted, default values left out).
import { EmulatorError } from '../errors.js';
import { encodeFields, encodeValue, toBase64, toJsonDouble } from '../model/json-value.js';
import type { EncodedValue, ValueLeaves } from '../model/json-value.js';
import type { ExplainMetrics, Struct, StructValue } from '../query/explain.js';
import { parseFieldPath } from '../model/paths.js';
import type {
  Aggregation,
  CollectionSelector,
  Cursor,
  Document,
  FieldPath,
  FieldTransform,
  Fields,
  Filter,
  FindNearest,
  Order,
  Precondition,
  StructuredQuery,
  Timestamp,
  Value,
  Write,
  WriteResult,
} from '../model/types.js';
import type {
  BatchGetResult,
  ExplainOptions,
  ListenRequest,
  ListenResponse,
  ListenTarget,
  ReadConsistency,
  TransactionOptions,
  WriteResponse,
} from '../service/types.js';
import {
  join,
  oneOf,
  readArray,
  readBoolean,
  readDouble,
  readEnum,
  readMessage,
  readString,
  readBase64,
} from './json-reader.js';
import type { JsonObject } from './json-reader.js';
import {
  checkDecodeDepth,
  checkTimestamp,
  COMPOSITE_OPERATORS,
  DIRECTIONS,
  FIELD_OPERATORS,
  DISTANCE_MEASURES,
  formatRfc3339,
  listenTargetOf,
  parseInt32,
  parseInt64,
  parseRfc3339,
  SERVER_VALUES,
  structuredQueryOf,
  UNARY_OPERATORS,
} from './wire-common.js';

/** The leaves that differ between the faces, both ways. */
export type Leaves = ValueLeaves & {
  readonly readTimestamp: (raw: unknown, where: string) => Timestamp;
  readonly readBytes: (raw: unknown, where: string) => Uint8Array;
  /** google.protobuf.Duration, from microseconds. */
  readonly duration: (micros: number) => unknown;
  /** google.protobuf.Struct (explain metrics' details). */
  readonly struct: (value: Struct) => unknown;
};

/** Duration in proto3 JSON: seconds with up to 9 fraction digits and an `s`. */
function toJsonDuration(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros - seconds * 1_000_000).padStart(6, '0');
  return `${seconds}.${fraction}s`;
}

/** A Struct as a protobuf message object: every value wrapped in its google.protobuf.Value kind. */
function toStructObject(value: Struct): unknown {
  const wrap = (v: StructValue): unknown => {
    if (v === null) return { nullValue: 'NULL_VALUE' };
    if (typeof v === 'string') return { stringValue: v };
    if (typeof v === 'number') return { numberValue: v };
    if (typeof v === 'boolean') return { boolValue: v };
    if (Array.isArray(v)) return { listValue: { values: (v as StructValue[]).map(wrap) } };
    return { structValue: toStructObject(v as Struct) };
  };
  return { fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrap(v)])) };
}

/** proto3 JSON: RFC 3339 timestamps, base64 bytes, special doubles as strings. */
export const JSON_LEAVES: Leaves = {
  timestamp: formatRfc3339,
  bytes: toBase64,
  double: toJsonDouble,
  nullValue: 'NULL_VALUE',
  readTimestamp: (raw, where) => parseRfc3339(readString(raw, where), where),
  readBytes: readBase64,
  duration: toJsonDuration,
  struct: (value) => value,
};

/**
 * How messages are shaped for the object face, as @grpc/proto-loader options: the shape
 * grpc/protobuf-codec.ts reads protobuf into, and what tests give proto-loader to check it (the
 * prebuilt descriptor, like the one proto-loader builds, has no `keepCase`). Without `keepCase`,
 * fields carry proto3 JSON's lowerCamel names; int64 as decimal strings and enums as names read
 * as in JSON; bytes stay Buffers; `defaults: false` leaves unset fields out, as JSON does; and no
 * `oneofs`, whose virtual fields would read as unknown names.
 */
export const GRPC_LOADER_OPTIONS = {
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: false,
} as const;

/** Protobuf message objects, shaped as GRPC_LOADER_OPTIONS says. */
export const OBJECT_LEAVES: Leaves = {
  timestamp: (time) => ({ seconds: String(time.seconds), nanos: time.nanos }),
  bytes: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  double: (value) => value,
  nullValue: 'NULL_VALUE',
  readTimestamp: (raw, where) => {
    const t = readMessage(raw, where, ['seconds', 'nanos']);
    const seconds = t.seconds === undefined ? 0n : parseInt64(t.seconds, join(where, 'seconds'));
    const nanos = t.nanos === undefined ? 0 : parseInt32(t.nanos, join(where, 'nanos'));
    if (seconds < BigInt(Number.MIN_SAFE_INTEGER) || seconds > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new EmulatorError('INVALID_ARGUMENT', `Invalid timestamp at '${where}': out of range.`);
    }
    return checkTimestamp({ seconds: Number(seconds), nanos }, where);
  },
  readBytes: (raw, where) => {
    if (raw instanceof Uint8Array) return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
    throw new EmulatorError('INVALID_ARGUMENT', `Invalid value at '${where}' (TYPE_BYTES).`);
  },
  duration: (micros) => {
    const seconds = Math.floor(micros / 1_000_000);
    return { seconds: String(seconds), nanos: (micros - seconds * 1_000_000) * 1000 };
  },
  struct: toStructObject,
};

/** One Listen request message; `database` names the stream's database on the first one. */
export type ListenRequestMessage = { readonly database?: string; readonly request: ListenRequest };

/** One Write request message. `writes` is undefined when absent (the handshake). */
export type WriteRequestMessage = {
  readonly database?: string;
  readonly streamId?: string;
  readonly streamToken?: Uint8Array;
  readonly writes?: readonly Write[];
};

function badArgument(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

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

const TRANSFORM_KINDS = [
  'setToServerValue',
  'increment',
  'maximum',
  'minimum',
  'appendMissingElements',
  'removeAllFromArray',
] as const;

const WRITE_KINDS = ['update', 'delete', 'verify', 'transform'] as const;

const FILTER_KINDS = ['compositeFilter', 'fieldFilter', 'unaryFilter'] as const;

/** Int32Value: a bare number in proto3 JSON, `{value}` as an object (both accepted). */
function readInt32Wrapper(raw: unknown, where: string): number {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const wrapper = readMessage(raw, where, ['value']);
    return wrapper.value === undefined ? 0 : parseInt32(wrapper.value, join(where, 'value'));
  }
  return parseInt32(raw, where);
}

/** DoubleValue, likewise (a special double as proto3 JSON text). */
function readDoubleWrapper(raw: unknown, where: string): number {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const wrapper = readMessage(raw, where, ['value']);
    return wrapper.value === undefined ? 0 : readDouble(wrapper.value, join(where, 'value'));
  }
  return readDouble(raw, where);
}

/** Int64Value, likewise. */
function readInt64Wrapper(raw: unknown, where: string): bigint {
  const value =
    raw !== null && typeof raw === 'object' ? readMessage(raw, where, ['value']).value : raw;
  return parseInt64(value ?? 0, where);
}

function readLabels(raw: unknown, where: string): JsonObject | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badArgument(`Invalid value at '${where}': expected a map of strings.`);
  }
  for (const [key, value] of Object.entries(raw)) readString(value, `${where}[${key}]`);
  return raw as JsonObject;
}

/** A proto enum as proto3 JSON allows it: its name, or its number. */
function readProtoEnum<T extends string>(
  raw: unknown,
  where: string,
  numbers: Readonly<Record<T, number>>,
): T {
  const names = Object.keys(numbers) as T[];
  if (typeof raw === 'number') {
    const named = names.find((name) => numbers[name] === raw);
    if (named !== undefined) return named;
  }
  return readEnum(raw, where, names);
}

/** `{"nullValue": null}`: proto3 JSON's canonical NullValue, which readMessage would drop. */
function hasNullValueNull(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object') return false;
  const message = raw as Record<string, unknown>;
  return (
    (Object.prototype.hasOwnProperty.call(message, 'nullValue') && message.nullValue === null) ||
    (Object.prototype.hasOwnProperty.call(message, 'null_value') && message.null_value === null)
  );
}

function fieldReference(raw: unknown, where: string): FieldPath {
  const ref = readMessage(raw, where, ['fieldPath']);
  const at = join(where, 'fieldPath');
  if (ref.fieldPath === undefined)
    throw badArgument(`Invalid argument at '${where}': fieldPath is required.`);
  return parseFieldPath(readString(ref.fieldPath, at), { where: at, unquoted: 'wire' });
}

export type Codec = ReturnType<typeof createCodec>;

/** The codec for one face. Every function here exists once, for both faces. */
export function createCodec(leaves: Leaves) {
  const readTimestamp = leaves.readTimestamp;
  const readBytes = leaves.readBytes;

  // ---- Values ------------------------------------------------------------------------------

  function fromValue(raw: unknown, where: string, depth = 0): Value {
    checkDecodeDepth(depth, 'Value', where);
    const message = readMessage(raw, where, VALUE_FIELDS);
    if (hasNullValueNull(raw)) {
      const other = oneOf(message, where, VALUE_FIELDS, false);
      if (other !== undefined) {
        throw badArgument(
          `Invalid JSON payload received. Only one of ${VALUE_FIELDS.join(', ')} may be set at '${where || '(root)'}', got nullValue and ${other}.`,
        );
      }
      return { kind: 'null' };
    }
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
        return { kind: 'timestamp', value: readTimestamp(v, at) };
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
      case 'arrayValue':
        return { kind: 'array', values: fromArrayValue(v, at, depth + 1) };
      case 'mapValue': {
        const map = readMessage(v, at, ['fields']);
        return { kind: 'map', fields: fromFields(map.fields, join(at, 'fields'), depth + 1) };
      }
      default:
        throw badArgument(`Unsupported value at '${where}'.`);
    }
  }

  function fromArrayValue(raw: unknown, where: string, depth = 0): Value[] {
    const array = readMessage(raw, where, ['values']);
    const values = array.values === undefined ? [] : readArray(array.values, join(where, 'values'));
    return values.map((item, i) => fromValue(item, `${where}.values[${i}]`, depth));
  }

  function fromFields(raw: unknown, where: string, depth = 0): Fields {
    const fields = new Map<string, Value>();
    if (raw === undefined || raw === null) return fields;
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      throw badArgument(`Invalid value at '${where}': expected a map of field names to values.`);
    }
    const values = raw as Record<string, unknown>;
    for (const key of Object.keys(values)) {
      fields.set(key, fromValue(values[key], `${where}[${key}]`, depth));
    }
    return fields;
  }

  const toValue = (value: Value): EncodedValue => encodeValue(value, leaves);
  const toFields = (fields: Fields): Record<string, EncodedValue> => encodeFields(fields, leaves);

  // ---- Documents ---------------------------------------------------------------------------

  function toDocument(doc: Document): Record<string, unknown> {
    return {
      name: doc.name,
      ...(doc.fields.size > 0 ? { fields: toFields(doc.fields) } : {}),
      createTime: leaves.timestamp(doc.createTime),
      updateTime: leaves.timestamp(doc.updateTime),
    };
  }

  /** A document as sent in a write: `name` and `fields`; output-only times are ignored. */
  function fromDocumentInput(
    raw: unknown,
    where: string,
  ): { name: string | undefined; fields: Fields } {
    const doc = readMessage(raw, where, ['name', 'fields', 'createTime', 'updateTime']);
    return {
      name: doc.name === undefined ? undefined : readString(doc.name, join(where, 'name')),
      fields: fromFields(doc.fields, join(where, 'fields')),
    };
  }

  // ---- Writes ------------------------------------------------------------------------------

  function fromFieldPaths(raw: unknown, where: string): FieldPath[] {
    const mask = readMessage(raw, where, ['fieldPaths']);
    const paths =
      mask.fieldPaths === undefined ? [] : readArray(mask.fieldPaths, join(where, 'fieldPaths'));
    return paths.map((p, i) => {
      const at = `${where}.fieldPaths[${i}]`;
      return parseFieldPath(readString(p, at), { where: at, unquoted: 'wire' });
    });
  }

  function fromPrecondition(raw: unknown, where: string): Precondition | undefined {
    const pre = readMessage(raw, where, ['exists', 'updateTime']);
    const kind = oneOf(pre, where, ['exists', 'updateTime'] as const, false);
    if (kind === 'exists')
      return { kind: 'exists', exists: readBoolean(pre.exists, join(where, 'exists')) };
    if (kind === 'updateTime') {
      return {
        kind: 'updateTime',
        updateTime: readTimestamp(pre.updateTime, join(where, 'updateTime')),
      };
    }
    return undefined;
  }

  function fromFieldTransform(raw: unknown, where: string): FieldTransform {
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
        readProtoEnum(t.setToServerValue, at, SERVER_VALUES);
        return { fieldPath, kind: 'serverTime' };
      case 'increment':
      case 'maximum':
      case 'minimum':
        return { fieldPath, kind, operand: fromValue(t[kind], at) };
      case 'appendMissingElements':
      case 'removeAllFromArray':
        return { fieldPath, kind, elements: fromArrayValue(t[kind], at) };
    }
  }

  function fromTransforms(raw: unknown, where: string): FieldTransform[] {
    if (raw === undefined) return [];
    return readArray(raw, where).map((t, i) => fromFieldTransform(t, `${where}[${i}]`));
  }

  function fromWrite(raw: unknown, where: string): Write {
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
        : fromPrecondition(w.currentDocument, join(where, 'currentDocument'));
    const pre = precondition ? { precondition } : {};
    if (kind !== 'update' && (w.updateMask !== undefined || w.updateTransforms !== undefined)) {
      throw badArgument(
        `Invalid argument at '${where}': updateMask and updateTransforms apply only to an update.`,
      );
    }
    switch (kind) {
      case 'update': {
        const doc = fromDocumentInput(w.update, join(where, 'update'));
        if (doc.name === undefined) {
          throw badArgument(`Invalid argument at '${where}.update': name is required.`);
        }
        return {
          kind: 'update',
          name: doc.name,
          fields: doc.fields,
          ...(w.updateMask === undefined
            ? {}
            : { updateMask: fromFieldPaths(w.updateMask, join(where, 'updateMask')) }),
          transforms: fromTransforms(w.updateTransforms, join(where, 'updateTransforms')),
          ...pre,
        };
      }
      case 'delete':
        return { kind: 'delete', name: readString(w.delete, join(where, 'delete')), ...pre };
      case 'verify':
        if (!precondition) {
          throw badArgument(
            `Invalid argument at '${where}': a verify write needs currentDocument.`,
          );
        }
        return { kind: 'verify', name: readString(w.verify, join(where, 'verify')), precondition };
      case 'transform': {
        const at = join(where, 'transform');
        const t = readMessage(w.transform, at, ['document', 'fieldTransforms']);
        return {
          kind: 'transform',
          name: readString(t.document, join(at, 'document')),
          transforms: fromTransforms(t.fieldTransforms, join(at, 'fieldTransforms')),
          ...pre,
        };
      }
    }
  }

  function fromWrites(raw: unknown, where: string): Write[] {
    if (raw === undefined) return [];
    return readArray(raw, where).map((w, i) => fromWrite(w, `${where}[${i}]`));
  }

  function toWriteResult(result: WriteResult): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (result.updateTime) out.updateTime = leaves.timestamp(result.updateTime);
    if (result.transformResults.length > 0)
      out.transformResults = result.transformResults.map(toValue);
    return out;
  }

  // ---- Queries -----------------------------------------------------------------------------

  function fromFilter(raw: unknown, where: string, depth = 0): Filter {
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
          field: fieldReference(ff.field, join(at, 'field')),
          op: readProtoEnum(ff.op, join(at, 'op'), FIELD_OPERATORS),
          value: fromValue(ff.value, join(at, 'value')),
        };
      }
      case 'unaryFilter': {
        const uf = readMessage(f.unaryFilter, at, ['field', 'op']);
        if (uf.field === undefined)
          throw badArgument(`Invalid argument at '${at}': field is required.`);
        return {
          kind: 'unary',
          field: fieldReference(uf.field, join(at, 'field')),
          op: readProtoEnum(uf.op, join(at, 'op'), UNARY_OPERATORS),
        };
      }
      case 'compositeFilter': {
        const cf = readMessage(f.compositeFilter, at, ['op', 'filters']);
        const filters = cf.filters === undefined ? [] : readArray(cf.filters, join(at, 'filters'));
        return {
          kind: 'composite',
          op: readProtoEnum(cf.op, join(at, 'op'), COMPOSITE_OPERATORS),
          filters: filters.map((x, i) => fromFilter(x, `${at}.filters[${i}]`, depth + 1)),
        };
      }
    }
  }

  function fromCursor(raw: unknown, where: string): Cursor {
    const c = readMessage(raw, where, ['values', 'before']);
    const values = c.values === undefined ? [] : readArray(c.values, join(where, 'values'));
    return {
      values: values.map((v, i) => fromValue(v, `${where}.values[${i}]`)),
      before: c.before === undefined ? false : readBoolean(c.before, join(where, 'before')),
    };
  }

  function fromStructuredQuery(raw: unknown, where: string): StructuredQuery {
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
          : readProtoEnum(order.direction, join(at, 'direction'), DIRECTIONS);
      return {
        field: fieldReference(order.field, join(at, 'field')),
        direction: direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
      };
    });
    let select: FieldPath[] | undefined;
    if (q.select !== undefined) {
      const at = join(where, 'select');
      const projection = readMessage(q.select, at, ['fields']);
      const fields =
        projection.fields === undefined ? [] : readArray(projection.fields, join(at, 'fields'));
      select = fields.map((f, i) => fieldReference(f, `${at}.fields[${i}]`));
    }
    return structuredQueryOf({
      from,
      where: q.where === undefined ? undefined : fromFilter(q.where, join(where, 'where')),
      orderBy,
      startAt: q.startAt === undefined ? undefined : fromCursor(q.startAt, join(where, 'startAt')),
      endAt: q.endAt === undefined ? undefined : fromCursor(q.endAt, join(where, 'endAt')),
      offset: q.offset === undefined ? 0 : parseInt32(q.offset, join(where, 'offset')),
      limit: q.limit === undefined ? undefined : readInt32Wrapper(q.limit, join(where, 'limit')),
      select,
      findNearest:
        q.findNearest === undefined
          ? undefined
          : fromFindNearest(q.findNearest, join(where, 'findNearest')),
    });
  }

  function fromFindNearest(raw: unknown, where: string): FindNearest {
    const n = readMessage(raw, where, [
      'vectorField',
      'queryVector',
      'distanceMeasure',
      'limit',
      'distanceResultField',
      'distanceThreshold',
    ]);
    const measure =
      n.distanceMeasure === undefined
        ? undefined
        : readProtoEnum(n.distanceMeasure, join(where, 'distanceMeasure'), DISTANCE_MEASURES);
    const resultAt = join(where, 'distanceResultField');
    const resultField =
      n.distanceResultField === undefined ? '' : readString(n.distanceResultField, resultAt);
    return {
      vectorField:
        n.vectorField === undefined
          ? []
          : fieldReference(n.vectorField, join(where, 'vectorField')),
      queryVector:
        n.queryVector === undefined
          ? undefined
          : fromValue(n.queryVector, join(where, 'queryVector')),
      distanceMeasure: measure === 'DISTANCE_MEASURE_UNSPECIFIED' ? undefined : measure,
      limit: n.limit === undefined ? undefined : readInt32Wrapper(n.limit, join(where, 'limit')),
      ...(resultField === ''
        ? {}
        : {
            distanceResultField: parseFieldPath(resultField, { where: resultAt, unquoted: 'wire' }),
          }),
      ...(n.distanceThreshold === undefined
        ? {}
        : {
            distanceThreshold: readDoubleWrapper(
              n.distanceThreshold,
              join(where, 'distanceThreshold'),
            ),
          }),
    };
  }

  function fromAggregation(raw: unknown, where: string): Aggregation {
    const a = readMessage(raw, where, ['alias', 'count', 'sum', 'avg']);
    const alias = a.alias === undefined ? '' : readString(a.alias, join(where, 'alias'));
    const kind = oneOf(a, where, ['count', 'sum', 'avg'] as const)!;
    const at = join(where, kind);
    if (kind === 'count') {
      const c = readMessage(a.count, at, ['upTo']);
      if (c.upTo === undefined) return { alias, kind };
      return { alias, kind, upTo: Number(readInt64Wrapper(c.upTo, join(at, 'upTo'))) };
    }
    const s = readMessage(a[kind], at, ['field']);
    if (s.field === undefined) throw badArgument(`Invalid argument at '${at}': field is required.`);
    return { alias, kind, field: fieldReference(s.field, join(at, 'field')) };
  }

  function fromStructuredAggregationQuery(
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
      query: fromStructuredQuery(q.structuredQuery, join(where, 'structuredQuery')),
      aggregations: aggregations.map((a, i) => fromAggregation(a, `${where}.aggregations[${i}]`)),
    };
  }

  // ---- Consistency and transactions --------------------------------------------------------

  function fromTransactionOptions(raw: unknown, where: string): TransactionOptions {
    const o = readMessage(raw, where, ['readOnly', 'readWrite']);
    const kind = oneOf(o, where, ['readOnly', 'readWrite'] as const, false);
    if (kind === 'readOnly') {
      const readOnly = readMessage(o.readOnly, join(where, 'readOnly'), ['readTime']);
      if (readOnly.readTime === undefined) return { readOnly: true };
      return {
        readOnly: true,
        readTime: readTimestamp(readOnly.readTime, join(where, 'readOnly.readTime')),
      };
    }
    if (kind === 'readWrite')
      readMessage(o.readWrite, join(where, 'readWrite'), ['retryTransaction']);
    return { readOnly: false };
  }

  /** Reads `transaction` | `newTransaction` | `readTime` from a read request. */
  function fromConsistency(body: JsonObject, where: string): ReadConsistency {
    const kind = oneOf(body, where, ['transaction', 'newTransaction', 'readTime'] as const, false);
    switch (kind) {
      case 'transaction':
        return { transaction: readBytes(body.transaction, join(where, 'transaction')) };
      case 'newTransaction':
        return {
          newTransaction: fromTransactionOptions(
            body.newTransaction,
            join(where, 'newTransaction'),
          ),
        };
      case 'readTime':
        return { readTime: readTimestamp(body.readTime, join(where, 'readTime')) };
      default:
        return {};
    }
  }

  function fromExplainOptions(raw: unknown, where: string): ExplainOptions {
    const o = readMessage(raw, where, ['analyze']);
    return {
      analyze: o.analyze === undefined ? false : readBoolean(o.analyze, join(where, 'analyze')),
    };
  }

  function toExplainMetrics(metrics: ExplainMetrics): Record<string, unknown> {
    const stats = metrics.executionStats;
    return {
      planSummary: { indexesUsed: metrics.planSummary.indexesUsed.map(leaves.struct) },
      ...(stats === undefined
        ? {}
        : {
            executionStats: {
              resultsReturned: String(stats.resultsReturned),
              executionDuration: leaves.duration(stats.executionDurationMicros),
              readOperations: String(stats.readOperations),
              debugStats: leaves.struct(stats.debugStats),
            },
          }),
    };
  }

  function toBatchGetResult(result: BatchGetResult): Record<string, unknown> {
    if ('found' in result) {
      return { found: toDocument(result.found), readTime: leaves.timestamp(result.readTime) };
    }
    return { missing: result.missing, readTime: leaves.timestamp(result.readTime) };
  }

  // ---- Listen ------------------------------------------------------------------------------

  function fromTarget(raw: unknown, where: string, labels?: JsonObject): ListenTarget {
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
        query: fromStructuredQuery(q.structuredQuery, join(at, 'structuredQuery')),
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
        t.readTime === undefined ? undefined : readTimestamp(t.readTime, join(where, 'readTime')),
      expectedCount:
        t.expectedCount === undefined
          ? undefined
          : readInt32Wrapper(t.expectedCount, join(where, 'expectedCount')),
      once: t.once === undefined ? undefined : readBoolean(t.once, join(where, 'once')),
      tag: typeof tag === 'string' ? tag : undefined,
    });
  }

  function fromListenRequest(raw: unknown, where = ''): ListenRequestMessage {
    const r = readMessage(raw, where, ['database', 'addTarget', 'removeTarget', 'labels']);
    const database =
      r.database === undefined ? undefined : readString(r.database, join(where, 'database'));
    const labels = readLabels(r.labels, join(where, 'labels'));
    const kind = oneOf(r, where, ['addTarget', 'removeTarget'] as const, false);
    const base = database === undefined ? {} : { database };
    if (kind === 'addTarget') {
      const target = fromTarget(r.addTarget, join(where, 'addTarget'), labels);
      return { ...base, request: { kind: 'add', target } };
    }
    if (kind === 'removeTarget') {
      const targetId = parseInt32(r.removeTarget, join(where, 'removeTarget'));
      return { ...base, request: { kind: 'remove', targetId } };
    }
    return { ...base, request: { kind: 'none' } };
  }

  function toListenResponse(response: ListenResponse): Record<string, unknown> {
    switch (response.kind) {
      case 'targetChange': {
        const change: Record<string, unknown> = {};
        if (response.changeType !== 'NO_CHANGE') change.targetChangeType = response.changeType;
        if (response.targetIds.length > 0) change.targetIds = response.targetIds;
        if (response.cause)
          change.cause = { code: response.cause.code, message: response.cause.message };
        if (response.resumeToken) change.resumeToken = leaves.bytes(response.resumeToken);
        if (response.readTime) change.readTime = leaves.timestamp(response.readTime);
        return { targetChange: change };
      }
      case 'documentChange': {
        const change: Record<string, unknown> = { document: toDocument(response.document) };
        if (response.targetIds.length > 0) change.targetIds = response.targetIds;
        if (response.removedTargetIds.length > 0)
          change.removedTargetIds = response.removedTargetIds;
        return { documentChange: change };
      }
      case 'documentDelete': {
        const del: Record<string, unknown> = { document: response.name };
        if (response.removedTargetIds.length > 0) del.removedTargetIds = response.removedTargetIds;
        del.readTime = leaves.timestamp(response.readTime);
        return { documentDelete: del };
      }
      case 'documentRemove': {
        const rem: Record<string, unknown> = { document: response.name };
        if (response.removedTargetIds.length > 0) rem.removedTargetIds = response.removedTargetIds;
        if (response.readTime) rem.readTime = leaves.timestamp(response.readTime);
        return { documentRemove: rem };
      }
      case 'filter': {
        const filter: Record<string, unknown> = {
          targetId: response.targetId,
          count: response.count,
        };
        const bloom = response.unchangedNames;
        if (bloom !== undefined) {
          filter.unchangedNames = {
            bits: { bitmap: leaves.bytes(bloom.bitmap), padding: bloom.padding },
            hashCount: bloom.hashCount,
          };
        }
        return { filter };
      }
    }
  }

  // ---- Write stream ------------------------------------------------------------------------

  function fromWriteRequest(raw: unknown, where = ''): WriteRequestMessage {
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
      ...(r.writes === undefined ? {} : { writes: fromWrites(r.writes, join(where, 'writes')) }),
    };
  }

  function toWriteResponse(response: WriteResponse): Record<string, unknown> {
    if (response.commitTime === undefined) {
      return {
        ...(response.streamId === undefined ? {} : { streamId: response.streamId }),
        streamToken: leaves.bytes(response.streamToken),
      };
    }
    return {
      streamToken: leaves.bytes(response.streamToken),
      commitTime: leaves.timestamp(response.commitTime),
      writeResults: response.writeResults.map(toWriteResult),
    };
  }

  return {
    leaves,
    readTimestamp,
    readBytes,
    fromValue,
    fromFields,
    toValue,
    toFields,
    toDocument,
    fromDocumentInput,
    fromFieldPaths,
    fromPrecondition,
    fromWrite,
    fromWrites,
    toWriteResult,
    fromFilter,
    fromStructuredQuery,
    fromStructuredAggregationQuery,
    fromTransactionOptions,
    fromConsistency,
    fromExplainOptions,
    toExplainMetrics,
    toBatchGetResult,
    fromListenRequest,
    toListenResponse,
    fromWriteRequest,
    toWriteResponse,
  };
}

/** REST and WebChannel. */
export const jsonCodec = createCodec(JSON_LEAVES);
/** gRPC. */
export const objectCodec = createCodec(OBJECT_LEAVES);
