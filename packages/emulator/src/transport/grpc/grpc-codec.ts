// Protobuf objects (as @grpc/proto-loader hands them over with keepCase, longs as String, enums as
// String, bytes as Buffer, oneofs, no defaults) <-> model. The schema already guarantees types,
// so decoders check presence and oneof choices and name the field in INVALID_ARGUMENT messages.
import { EmulatorError } from '../../errors.js';
import type {
  Aggregation,
  Cursor,
  Document,
  FieldPath,
  FieldTransform,
  Fields,
  Filter,
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
  checkTimestamp,
  COMPOSITE_OPERATORS,
  FIELD_OPERATORS,
  findNearestUnsupported,
  listenTargetOf,
  parseInt64,
  structuredQueryOf,
  UNARY_OPERATORS,
} from '../wire-common.js';

/** A decoded protobuf message as proto-loader presents it. */
export type GrpcMessage = { readonly [field: string]: unknown };

function badArgument(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

function message(raw: unknown, where: string): GrpcMessage {
  if (raw === null || typeof raw !== 'object') throw badArgument(`Missing message at '${where}'.`);
  return raw as GrpcMessage;
}

function optionalMessage(raw: unknown): GrpcMessage | undefined {
  return raw === null || raw === undefined ? undefined : (raw as GrpcMessage);
}

function join(where: string, field: string): string {
  return where === '' ? field : `${where}.${field}`;
}

function list(raw: unknown): readonly unknown[] {
  return Array.isArray(raw) ? raw : [];
}

function str(raw: unknown): string {
  return typeof raw === 'string' ? raw : '';
}

function num(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw !== '') return Number(raw);
  return 0;
}

function toBytes(raw: unknown): Uint8Array {
  if (raw instanceof Uint8Array) return raw;
  return new Uint8Array(0);
}

function has(m: GrpcMessage, field: string): boolean {
  return m[field] !== undefined && m[field] !== null;
}

function oneOf<T extends string>(
  m: GrpcMessage,
  where: string,
  names: readonly T[],
  required = true,
): T | undefined {
  const set = names.filter((n) => has(m, n));
  if (set.length > 1) {
    throw badArgument(`Only one of ${names.join(', ')} may be set at '${where || '(root)'}'.`);
  }
  if (set.length === 0 && required) {
    throw badArgument(`One of ${names.join(', ')} must be set at '${where || '(root)'}'.`);
  }
  return set[0];
}

// ---- Timestamps and values -----------------------------------------------------------------

export function fromGrpcTimestamp(raw: unknown, where: string): Timestamp {
  const m = message(raw, where);
  return checkTimestamp({ seconds: num(m.seconds), nanos: num(m.nanos) }, where);
}

export function toGrpcTimestamp(ts: Timestamp): { seconds: string; nanos: number } {
  return { seconds: String(ts.seconds), nanos: ts.nanos };
}

const VALUE_FIELDS = [
  'null_value',
  'boolean_value',
  'integer_value',
  'double_value',
  'timestamp_value',
  'string_value',
  'bytes_value',
  'reference_value',
  'geo_point_value',
  'array_value',
  'map_value',
] as const;

export function fromGrpcValue(raw: unknown, where: string, depth = 0): Value {
  checkDecodeDepth(depth, 'Value', where);
  const m = message(raw, where);
  const kind = oneOf(m, where, VALUE_FIELDS);
  const v = m[kind!];
  const at = join(where, kind!);
  switch (kind) {
    case 'null_value':
      return { kind: 'null' };
    case 'boolean_value':
      return { kind: 'boolean', value: v === true };
    case 'integer_value':
      return { kind: 'integer', value: parseInt64(v, at) };
    case 'double_value':
      return { kind: 'double', value: typeof v === 'number' ? v : Number(v) };
    case 'timestamp_value':
      return { kind: 'timestamp', value: fromGrpcTimestamp(v, at) };
    case 'string_value':
      return { kind: 'string', value: str(v) };
    case 'bytes_value':
      return { kind: 'bytes', value: toBytes(v) };
    case 'reference_value':
      return { kind: 'reference', value: str(v) };
    case 'geo_point_value': {
      const p = message(v, at);
      return { kind: 'geoPoint', latitude: num(p.latitude), longitude: num(p.longitude) };
    }
    case 'array_value': {
      const a = message(v, at);
      return {
        kind: 'array',
        values: list(a.values).map((x, i) => fromGrpcValue(x, `${at}.values[${i}]`, depth + 1)),
      };
    }
    case 'map_value':
      return {
        kind: 'map',
        fields: fromGrpcFields(message(v, at).fields, join(at, 'fields'), depth + 1),
      };
    default:
      throw badArgument(`Unsupported value at '${where}'.`);
  }
}

export function fromGrpcFields(raw: unknown, where: string, depth = 0): Fields {
  const fields = new Map<string, Value>();
  if (raw === null || raw === undefined) return fields;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    fields.set(key, fromGrpcValue(value, `${where}[${key}]`, depth));
  }
  return fields;
}

export type GrpcValue = Record<string, unknown>;

export function toGrpcValue(value: Value): GrpcValue {
  switch (value.kind) {
    case 'null':
      return { null_value: 'NULL_VALUE' };
    case 'boolean':
      return { boolean_value: value.value };
    case 'integer':
      return { integer_value: value.value.toString() };
    case 'double':
      return { double_value: value.value };
    case 'timestamp':
      return { timestamp_value: toGrpcTimestamp(value.value) };
    case 'string':
      return { string_value: value.value };
    case 'bytes':
      return {
        bytes_value: Buffer.from(
          value.value.buffer,
          value.value.byteOffset,
          value.value.byteLength,
        ),
      };
    case 'reference':
      return { reference_value: value.value };
    case 'geoPoint':
      return { geo_point_value: { latitude: value.latitude, longitude: value.longitude } };
    case 'array':
      return { array_value: { values: value.values.map(toGrpcValue) } };
    case 'map':
      return { map_value: { fields: toGrpcFields(value.fields) } };
  }
}

export function toGrpcFields(fields: Fields): Record<string, GrpcValue> {
  const out = Object.create(null) as Record<string, GrpcValue>;
  for (const [key, value] of fields) out[key] = toGrpcValue(value);
  return out;
}

export function toGrpcDocument(doc: Document): GrpcMessage {
  return {
    name: doc.name,
    fields: toGrpcFields(doc.fields),
    create_time: toGrpcTimestamp(doc.createTime),
    update_time: toGrpcTimestamp(doc.updateTime),
  };
}

export function toGrpcBytes(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// ---- Writes --------------------------------------------------------------------------------

export function fromGrpcFieldPaths(raw: unknown, where: string): FieldPath[] {
  const m = message(raw, where);
  return list(m.field_paths).map((p, i) => {
    const at = `${where}.field_paths[${i}]`;
    return parseFieldPath(str(p), { where: at, unquoted: 'wire' });
  });
}

export function fromGrpcPrecondition(raw: unknown, where: string): Precondition | undefined {
  const m = optionalMessage(raw);
  if (!m) return undefined;
  const kind = oneOf(m, where, ['exists', 'update_time'] as const, false);
  if (kind === 'exists') return { kind: 'exists', exists: m.exists === true };
  if (kind === 'update_time') {
    return {
      kind: 'updateTime',
      updateTime: fromGrpcTimestamp(m.update_time, join(where, 'update_time')),
    };
  }
  return undefined;
}

const TRANSFORM_KINDS = [
  'set_to_server_value',
  'increment',
  'maximum',
  'minimum',
  'append_missing_elements',
  'remove_all_from_array',
] as const;

export function fromGrpcFieldTransform(raw: unknown, where: string): FieldTransform {
  const m = message(raw, where);
  const fieldPath = parseFieldPath(str(m.field_path), {
    where: join(where, 'field_path'),
    unquoted: 'wire',
  });
  const kind = oneOf(m, where, TRANSFORM_KINDS)!;
  const at = join(where, kind);
  switch (kind) {
    case 'set_to_server_value':
      if (m.set_to_server_value !== 'REQUEST_TIME') {
        throw badArgument(`Invalid value at '${at}': expected REQUEST_TIME.`);
      }
      return { fieldPath, kind: 'serverTime' };
    case 'increment':
    case 'maximum':
    case 'minimum':
      return { fieldPath, kind, operand: fromGrpcValue(m[kind], at) };
    case 'append_missing_elements':
    case 'remove_all_from_array':
      return {
        fieldPath,
        kind: kind === 'append_missing_elements' ? 'appendMissingElements' : 'removeAllFromArray',
        elements: list(message(m[kind], at).values).map((v, i) =>
          fromGrpcValue(v, `${at}.values[${i}]`),
        ),
      };
  }
}

export function fromGrpcWrite(raw: unknown, where: string): Write {
  const m = message(raw, where);
  const kind = oneOf(m, where, ['update', 'delete', 'verify', 'transform'] as const)!;
  const precondition = fromGrpcPrecondition(m.current_document, join(where, 'current_document'));
  const pre = precondition ? { precondition } : {};
  if (kind !== 'update' && (has(m, 'update_mask') || list(m.update_transforms).length > 0)) {
    throw badArgument(
      `Invalid argument at '${where}': update_mask and update_transforms apply only to an update.`,
    );
  }
  switch (kind) {
    case 'update': {
      const doc = message(m.update, join(where, 'update'));
      if (!str(doc.name))
        throw badArgument(`Invalid argument at '${where}.update': name is required.`);
      return {
        kind: 'update',
        name: str(doc.name),
        fields: fromGrpcFields(doc.fields, `${where}.update.fields`),
        ...(has(m, 'update_mask')
          ? { updateMask: fromGrpcFieldPaths(m.update_mask, join(where, 'update_mask')) }
          : {}),
        transforms: list(m.update_transforms).map((t, i) =>
          fromGrpcFieldTransform(t, `${where}.update_transforms[${i}]`),
        ),
        ...pre,
      };
    }
    case 'delete':
      return { kind: 'delete', name: str(m.delete), ...pre };
    case 'verify':
      if (!precondition)
        throw badArgument(`Invalid argument at '${where}': a verify write needs current_document.`);
      return { kind: 'verify', name: str(m.verify), precondition };
    case 'transform': {
      const t = message(m.transform, join(where, 'transform'));
      return {
        kind: 'transform',
        name: str(t.document),
        transforms: list(t.field_transforms).map((x, i) =>
          fromGrpcFieldTransform(x, `${where}.transform.field_transforms[${i}]`),
        ),
        ...pre,
      };
    }
  }
}

export function fromGrpcWrites(raw: unknown, where: string): Write[] {
  return list(raw).map((w, i) => fromGrpcWrite(w, `${where}[${i}]`));
}

export function toGrpcWriteResult(result: WriteResult): GrpcMessage {
  return {
    ...(result.updateTime ? { update_time: toGrpcTimestamp(result.updateTime) } : {}),
    transform_results: result.transformResults.map(toGrpcValue),
  };
}

// ---- Queries -------------------------------------------------------------------------------

function enumValue<T extends string>(raw: unknown, where: string, values: readonly T[]): T {
  if (typeof raw === 'string' && (values as readonly string[]).includes(raw)) return raw as T;
  throw badArgument(
    `Invalid value at '${where}': ${String(raw)}; expected one of ${values.join(', ')}.`,
  );
}

function fromGrpcFieldReference(raw: unknown, where: string): FieldPath {
  const m = message(raw, where);
  return parseFieldPath(str(m.field_path), { where: join(where, 'field_path'), unquoted: 'wire' });
}

export function fromGrpcFilter(raw: unknown, where: string, depth = 0): Filter {
  checkDecodeDepth(depth, 'Filter', where);
  const m = message(raw, where);
  const kind = oneOf(m, where, ['composite_filter', 'field_filter', 'unary_filter'] as const)!;
  const at = join(where, kind);
  const f = message(m[kind], at);
  switch (kind) {
    case 'field_filter':
      return {
        kind: 'field',
        field: fromGrpcFieldReference(f.field, join(at, 'field')),
        op: enumValue(f.op, join(at, 'op'), FIELD_OPERATORS),
        value: fromGrpcValue(f.value, join(at, 'value')),
      };
    case 'unary_filter':
      return {
        kind: 'unary',
        field: fromGrpcFieldReference(f.field, join(at, 'field')),
        op: enumValue(f.op, join(at, 'op'), UNARY_OPERATORS),
      };
    case 'composite_filter':
      return {
        kind: 'composite',
        op: enumValue(f.op, join(at, 'op'), COMPOSITE_OPERATORS),
        filters: list(f.filters).map((x, i) => fromGrpcFilter(x, `${at}.filters[${i}]`, depth + 1)),
      };
  }
}

function fromGrpcCursor(raw: unknown, where: string): Cursor {
  const m = message(raw, where);
  return {
    values: list(m.values).map((v, i) => fromGrpcValue(v, `${where}.values[${i}]`)),
    before: m.before === true,
  };
}

export function fromGrpcStructuredQuery(raw: unknown, where: string): StructuredQuery {
  const q = message(raw, where);
  if (has(q, 'find_nearest')) throw findNearestUnsupported();
  const limit = optionalMessage(q.limit);
  const select = optionalMessage(q.select);
  return structuredQueryOf({
    from: list(q.from).map((s) => {
      const sel = s as GrpcMessage;
      return { collectionId: str(sel.collection_id), allDescendants: sel.all_descendants === true };
    }),
    where: has(q, 'where') ? fromGrpcFilter(q.where, join(where, 'where')) : undefined,
    orderBy: list(q.order_by).map((o, i) => {
      const order = message(o, `${where}.order_by[${i}]`);
      return {
        field: fromGrpcFieldReference(order.field, `${where}.order_by[${i}].field`),
        direction: order.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
      };
    }),
    startAt: has(q, 'start_at') ? fromGrpcCursor(q.start_at, join(where, 'start_at')) : undefined,
    endAt: has(q, 'end_at') ? fromGrpcCursor(q.end_at, join(where, 'end_at')) : undefined,
    offset: num(q.offset),
    limit: limit ? num(limit.value) : undefined,
    select: select
      ? list(select.fields).map((f, i) => fromGrpcFieldReference(f, `${where}.select.fields[${i}]`))
      : undefined,
  });
}

export function fromGrpcAggregation(raw: unknown, where: string): Aggregation {
  const m = message(raw, where);
  const alias = str(m.alias);
  const kind = oneOf(m, where, ['count', 'sum', 'avg'] as const)!;
  const body = message(m[kind], join(where, kind));
  if (kind === 'count') {
    const upTo = optionalMessage(body.up_to);
    return upTo ? { alias, kind, upTo: num(upTo.value) } : { alias, kind };
  }
  return { alias, kind, field: fromGrpcFieldReference(body.field, join(where, `${kind}.field`)) };
}

// ---- Consistency ---------------------------------------------------------------------------

export function fromGrpcTransactionOptions(raw: unknown): TransactionOptions {
  const m = optionalMessage(raw);
  return { readOnly: m !== undefined && has(m, 'read_only') };
}

export function fromGrpcConsistency(m: GrpcMessage, where: string): ReadConsistency {
  const kind = oneOf(m, where, ['transaction', 'new_transaction', 'read_time'] as const, false);
  switch (kind) {
    case 'transaction':
      return { transaction: toBytes(m.transaction) };
    case 'new_transaction':
      return { newTransaction: fromGrpcTransactionOptions(m.new_transaction) };
    case 'read_time':
      return { readTime: fromGrpcTimestamp(m.read_time, join(where, 'read_time')) };
    default:
      return {};
  }
}

export function toGrpcBatchGetResult(result: BatchGetResult): GrpcMessage {
  if ('found' in result)
    return { found: toGrpcDocument(result.found), read_time: toGrpcTimestamp(result.readTime) };
  return { missing: result.missing, read_time: toGrpcTimestamp(result.readTime) };
}

// ---- Listen --------------------------------------------------------------------------------

export type GrpcListenRequest =
  | { readonly kind: 'add'; readonly database: string; readonly target: ListenTarget }
  | { readonly kind: 'remove'; readonly database: string; readonly targetId: number }
  | { readonly kind: 'none'; readonly database: string };

export function fromGrpcTarget(raw: unknown, where: string, tag: string | undefined): ListenTarget {
  const t = message(raw, where);
  const kind = oneOf(t, where, ['query', 'documents'] as const)!;
  let target: ListenTarget['target'];
  if (kind === 'query') {
    const q = message(t.query, join(where, 'query'));
    if (!has(q, 'structured_query')) {
      throw badArgument(`Invalid argument at '${where}.query': structured_query is required.`);
    }
    target = {
      kind: 'query',
      parent: str(q.parent),
      query: fromGrpcStructuredQuery(q.structured_query, `${where}.query.structured_query`),
    };
  } else {
    target = {
      kind: 'documents',
      names: list(message(t.documents, join(where, 'documents')).documents).map(str),
    };
  }
  const resumeToken = has(t, 'resume_token') ? toBytes(t.resume_token) : undefined;
  const expected = optionalMessage(t.expected_count);
  return listenTargetOf({
    targetId: num(t.target_id),
    target,
    resumeToken: resumeToken && resumeToken.length > 0 ? resumeToken : undefined,
    readTime: has(t, 'read_time')
      ? fromGrpcTimestamp(t.read_time, join(where, 'read_time'))
      : undefined,
    expectedCount: expected ? num(expected.value) : undefined,
    once: t.once === true ? true : undefined,
    tag,
  });
}

export function fromGrpcListenRequest(raw: unknown): GrpcListenRequest {
  const m = message(raw, '');
  const database = str(m.database);
  const labels = optionalMessage(m.labels);
  const tag =
    labels && typeof labels['goog-listen-tags'] === 'string'
      ? labels['goog-listen-tags']
      : undefined;
  const kind = oneOf(m, '', ['add_target', 'remove_target'] as const, false);
  if (kind === 'add_target')
    return { kind: 'add', database, target: fromGrpcTarget(m.add_target, 'add_target', tag) };
  if (kind === 'remove_target') return { kind: 'remove', database, targetId: num(m.remove_target) };
  return { kind: 'none', database };
}

export function toGrpcListenResponse(response: ListenResponse): GrpcMessage {
  switch (response.kind) {
    case 'targetChange':
      return {
        target_change: {
          target_change_type: response.changeType,
          target_ids: response.targetIds,
          ...(response.cause
            ? { cause: { code: response.cause.code, message: response.cause.message } }
            : {}),
          ...(response.resumeToken ? { resume_token: toGrpcBytes(response.resumeToken) } : {}),
          ...(response.readTime ? { read_time: toGrpcTimestamp(response.readTime) } : {}),
        },
      };
    case 'documentChange':
      return {
        document_change: {
          document: toGrpcDocument(response.document),
          target_ids: response.targetIds,
          removed_target_ids: response.removedTargetIds,
        },
      };
    case 'documentDelete':
      return {
        document_delete: {
          document: response.name,
          removed_target_ids: response.removedTargetIds,
          read_time: toGrpcTimestamp(response.readTime),
        },
      };
    case 'documentRemove':
      return {
        document_remove: {
          document: response.name,
          removed_target_ids: response.removedTargetIds,
          ...(response.readTime ? { read_time: toGrpcTimestamp(response.readTime) } : {}),
        },
      };
    case 'filter':
      return { filter: { target_id: response.targetId, count: response.count } };
  }
}
