// Document helpers: nested field access, update masks, field transforms, size and shape limits.
// Everything is copy-on-write over ReadonlyMaps; callers never mutate stored documents.
import { EmulatorError } from '../errors.js';
import {
  formatFieldPath,
  LIMITS,
  parseResourcePath,
  utf8Length,
  validateFieldName,
} from './paths.js';
import type { Document, FieldPath, FieldTransform, Fields, Timestamp, Value } from './types.js';
import {
  compareNumbers,
  isNaNValue,
  isNumber,
  NULL_VALUE,
  valueCanonicalId,
  valueEquals,
} from './values.js';

// ---- Field access ----------------------------------------------------------------------------

export function getField(fields: Fields, path: FieldPath): Value | undefined {
  let current: Fields = fields;
  for (let i = 0; i < path.length; i++) {
    const value = current.get(path[i] as string);
    if (value === undefined) return undefined;
    if (i === path.length - 1) return value;
    if (value.kind !== 'map') return undefined;
    current = value.fields;
  }
  return undefined;
}

/** Returns a copy of `fields` with `path` set to `value`, creating (or replacing non-map)
 * intermediate maps. */
export function setField(fields: Fields, path: FieldPath, value: Value): Fields {
  const [head, ...rest] = path;
  if (head === undefined) return fields;
  const next = new Map(fields);
  if (rest.length === 0) {
    next.set(head, value);
  } else {
    const child = fields.get(head);
    const childFields =
      child !== undefined && child.kind === 'map' ? child.fields : new Map<string, Value>();
    next.set(head, { kind: 'map', fields: setField(childFields, rest, value) });
  }
  return next;
}

/** Returns a copy of `fields` without `path` (unchanged when absent). */
export function deleteField(fields: Fields, path: FieldPath): Fields {
  const [head, ...rest] = path;
  if (head === undefined || !fields.has(head)) return fields;
  if (rest.length === 0) {
    const next = new Map(fields);
    next.delete(head);
    return next;
  }
  const child = fields.get(head) as Value;
  if (child.kind !== 'map') return fields;
  const updated = deleteField(child.fields, rest);
  if (updated === child.fields) return fields;
  const next = new Map(fields);
  next.set(head, { kind: 'map', fields: updated });
  return next;
}

/**
 * Applies an update mask: each masked path takes its value from `update`, or is deleted when
 * `update` lacks it (how `set(merge)` and `update()` delete fields).
 */
export function applyUpdateMask(base: Fields, update: Fields, mask: readonly FieldPath[]): Fields {
  let result = base;
  for (const path of mask) {
    const value = getField(update, path);
    result = value === undefined ? deleteField(result, path) : setField(result, path, value);
  }
  return result;
}

/** Keeps only the given paths (a `select` projection or a read mask). */
export function projectFields(fields: Fields, paths: readonly FieldPath[]): Fields {
  let result: Fields = new Map();
  for (const path of paths) {
    const value = getField(fields, path);
    if (value !== undefined) result = setField(result, path, value);
  }
  return result;
}

// ---- Transforms ----------------------------------------------------------------------------

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

function toDouble(value: Extract<Value, { kind: 'integer' | 'double' }>): number {
  return value.kind === 'integer' ? Number(value.value) : value.value;
}

/** Increment: int + int stays an int and saturates at the int64 bounds; otherwise doubles. */
function increment(current: Value | undefined, operand: Value): Value {
  if (!isNumber(operand))
    throw new EmulatorError('INVALID_ARGUMENT', 'Increment operand must be a number.');
  if (current === undefined || !isNumber(current)) return operand;
  if (current.kind === 'integer' && operand.kind === 'integer') {
    const sum = current.value + operand.value;
    const clamped = sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum;
    return { kind: 'integer', value: clamped };
  }
  return { kind: 'double', value: toDouble(current) + toDouble(operand) };
}

function isZero(value: Extract<Value, { kind: 'integer' | 'double' }>): boolean {
  return value.kind === 'integer' ? value.value === 0n : value.value === 0;
}

/**
 * Maximum/minimum per the API: a non-numeric or missing field takes the operand; NaN wins;
 * equivalent values (3 and 3.0, or any two zeros) keep the stored value.
 */
function extremum(kind: 'maximum' | 'minimum', current: Value | undefined, operand: Value): Value {
  if (!isNumber(operand)) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `${kind === 'maximum' ? 'Maximum' : 'Minimum'} operand must be a number.`,
    );
  }
  if (current === undefined || !isNumber(current)) return operand;
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  if (isZero(current) && isZero(operand)) return current;
  const c = compareNumbers(operand, current);
  if (c === 0) return current;
  return (kind === 'maximum' ? c > 0 : c < 0) ? operand : current;
}

function arrayUnion(current: Value | undefined, elements: readonly Value[]): Value {
  const values: Value[] =
    current !== undefined && current.kind === 'array' ? [...current.values] : [];
  for (const element of elements) {
    if (!values.some((v) => valueEquals(v, element))) values.push(element);
  }
  return { kind: 'array', values };
}

function arrayRemove(current: Value | undefined, elements: readonly Value[]): Value {
  const values = current !== undefined && current.kind === 'array' ? current.values : [];
  return { kind: 'array', values: values.filter((v) => !elements.some((e) => valueEquals(v, e))) };
}

/**
 * Applies field transforms in order. Returns the new fields and one result per transform:
 * the new value, except `null` for array union/remove (the SDK recomputes those locally, and
 * production answers null for them).
 */
export function applyTransforms(
  fields: Fields,
  transforms: readonly FieldTransform[],
  commitTime: Timestamp,
): { fields: Fields; results: Value[] } {
  let result = fields;
  const results: Value[] = [];
  for (const transform of transforms) {
    const current = getField(result, transform.fieldPath);
    let next: Value;
    switch (transform.kind) {
      case 'serverTime':
        next = { kind: 'timestamp', value: commitTime };
        break;
      case 'increment':
        next = increment(current, transform.operand);
        break;
      case 'maximum':
      case 'minimum':
        next = extremum(transform.kind, current, transform.operand);
        break;
      case 'appendMissingElements':
        next = arrayUnion(current, transform.elements);
        break;
      case 'removeAllFromArray':
        next = arrayRemove(current, transform.elements);
        break;
    }
    result = setField(result, transform.fieldPath, next);
    results.push(
      transform.kind === 'appendMissingElements' || transform.kind === 'removeAllFromArray'
        ? NULL_VALUE
        : next,
    );
  }
  return { fields: result, results };
}

// ---- Size and shape limits -----------------------------------------------------------------

/** Size of a document name per the storage-size docs: Σ(segment bytes + 1) + 16. */
export function documentNameSize(name: string): number {
  const { segments } = parseResourcePath(name);
  let size = 16;
  for (const segment of segments) size += utf8Length(segment) + 1;
  return size;
}

function stringSize(text: string): number {
  return utf8Length(text) + 1;
}

/** Storage size of a value per https://firebase.google.com/docs/firestore/storage-size. */
export function valueSize(value: Value): number {
  switch (value.kind) {
    case 'null':
    case 'boolean':
      return 1;
    case 'integer':
    case 'double':
    case 'timestamp':
      return 8;
    case 'string':
      return stringSize(value.value);
    case 'bytes':
      return value.value.length;
    case 'reference':
      return documentNameSize(value.value);
    case 'geoPoint':
      return 16;
    case 'array': {
      let size = 0;
      for (const v of value.values) size += valueSize(v);
      return size;
    }
    case 'map':
      return fieldsSize(value.fields);
  }
}

export function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const [key, v] of fields) size += stringSize(key) + valueSize(v);
  return size;
}

/** Document size: name size + fields + 32 bytes of overhead. */
export function documentSize(name: string, fields: Fields): number {
  return documentNameSize(name) + fieldsSize(fields) + 32;
}

/**
 * Index entries production's automatic single-field indexes give a document: two (ascending and
 * descending) for every field at any depth of maps, arrays and maps included, and two more per
 * distinct element of each array (array-contains). Counting stops once `stopAbove` is passed.
 */
export function indexEntryCount(fields: Fields, stopAbove = Infinity): number {
  let count = 0;
  const visit = (input: Fields): void => {
    for (const value of input.values()) {
      if (count > stopAbove) return;
      count += 2;
      if (value.kind === 'map') visit(value.fields);
      else if (value.kind === 'array') {
        count += 2 * new Set(value.values.map(valueCanonicalId)).size;
      }
    }
  };
  visit(fields);
  return count;
}

/**
 * Throws production's INVALID_ARGUMENT when a document exceeds 1 MiB or its index entries
 * exceed 40,000 (e.g. 20,001 fields).
 */
export function validateDocumentLimits(name: string, fields: Fields): void {
  const size = documentSize(name, fields);
  if (size > LIMITS.maxDocumentBytes) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${LIMITS.maxDocumentBytes.toLocaleString('en-US')} bytes.`,
    );
  }
  if (indexEntryCount(fields, LIMITS.maxIndexEntries) > LIMITS.maxIndexEntries) {
    const relative = parseResourcePath(name).segments.join('/');
    throw new EmulatorError('INVALID_ARGUMENT', `too many index entries for entity /${relative}`);
  }
}

function isVectorMap(fields: Fields): boolean {
  const type = fields.get('__type__');
  return type !== undefined && type.kind === 'string' && type.value === '__vector__';
}

/** Timestamps Firestore accepts: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const MIN_TIMESTAMP_SECONDS = -62_135_596_800;
const MAX_TIMESTAMP_SECONDS = 253_402_300_799;

function invalidValue(path: readonly string[], why: string): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `Invalid value for field "${formatFieldPath(path)}": ${why}`,
  );
}

/**
 * Validates written fields (field names, nesting depth ≤ 20 with maps and arrays one level
 * each, no arrays directly in arrays, timestamp and geo point ranges) and returns them with
 * timestamps truncated to microseconds, the precision Firestore stores. Returns `fields` itself
 * when nothing needed truncating.
 */
export function normalizeFields(fields: Fields): Fields {
  const visit = (value: Value, path: string[], depth: number): Value => {
    switch (value.kind) {
      case 'timestamp': {
        const { seconds, nanos } = value.value;
        if (
          !Number.isInteger(seconds) ||
          !Number.isInteger(nanos) ||
          seconds < MIN_TIMESTAMP_SECONDS ||
          seconds > MAX_TIMESTAMP_SECONDS ||
          nanos < 0 ||
          nanos > 999_999_999
        ) {
          throw invalidValue(path, 'timestamp out of range.');
        }
        const truncated = nanos - (nanos % 1000);
        return truncated === nanos
          ? value
          : { kind: 'timestamp', value: { seconds, nanos: truncated } };
      }
      case 'geoPoint':
        if (!(Math.abs(value.latitude) <= 90) || !(Math.abs(value.longitude) <= 180)) {
          throw invalidValue(path, 'latitude must be in [-90, 90] and longitude in [-180, 180].');
        }
        return value;
      case 'array': {
        if (depth > LIMITS.maxNestingDepth) {
          throw invalidValue(
            path,
            `exceeds the maximum nesting depth of ${LIMITS.maxNestingDepth}.`,
          );
        }
        let changed = false;
        const values = value.values.map((element) => {
          if (element.kind === 'array') {
            throw invalidValue(path, 'cannot have an array value directly inside an array value.');
          }
          const next = visit(element, path, depth + 1);
          if (next !== element) changed = true;
          return next;
        });
        return changed ? { kind: 'array', values } : value;
      }
      case 'map': {
        if (depth > LIMITS.maxNestingDepth) {
          throw invalidValue(
            path,
            `exceeds the maximum nesting depth of ${LIMITS.maxNestingDepth}.`,
          );
        }
        const next = visitFields(value.fields, path, depth + 1, isVectorMap(value.fields));
        return next === value.fields ? value : { kind: 'map', fields: next };
      }
      default:
        return value;
    }
  };
  const visitFields = (input: Fields, path: string[], depth: number, vector: boolean): Fields => {
    let output: Map<string, Value> | null = null;
    for (const [key, child] of input) {
      if (!(vector && key === '__type__')) validateFieldName(key);
      const next = visit(child, [...path, key], depth);
      if (next !== child) {
        output ??= new Map(input);
        output.set(key, next);
      }
    }
    return output ?? input;
  };
  return visitFields(fields, [], 1, false);
}

/** Validates values that are not stored as a document (transform operands). */
export function validateFields(fields: Fields): void {
  normalizeFields(fields);
}

/** A document with its fields replaced by a read mask, as batchGet/listDocuments return it. */
export function maskDocument(doc: Document, mask: readonly FieldPath[] | undefined): Document {
  return mask === undefined ? doc : { ...doc, fields: projectFields(doc.fields, mask) };
}
