// The pure query engine: scoping, filters, normalized ordering, cursors, offset/limit and
// projection, after the SDK's core/query.ts (queryMatches: path -> order-by presence -> filters
// -> bounds) with the backend's numeric semantics.
import { EmulatorError } from '../errors.js';
import { getField, projectFields } from '../model/document.js';
import {
  collectionIdOf,
  collectionPathOf,
  DOCUMENT_NAME_FIELD,
  fieldPathEquals,
  isDocumentNameField,
  pathIsStrictPrefixOf,
} from '../model/paths.js';
import type {
  Cursor,
  Direction,
  Document,
  FieldPath,
  Filter,
  Order,
  StructuredQuery,
  Value,
} from '../model/types.js';
import {
  compareUtf8Strings,
  isNaNValue,
  valueCompare,
  valueEquals,
  valueTypeOrder,
} from '../model/values.js';
import { nearestDocuments, validateFindNearest, type NearestSearch } from './nearest.js';

/** Most values an IN, NOT_IN or ARRAY_CONTAINS_ANY filter takes, as in production. */
export const MAX_DISJUNCTION_VALUES = 30;
/** Most values a NOT_IN filter takes. */
export const MAX_NOT_IN_VALUES = 10;

/** Terms in the disjunctive normal form of a filter (production allows at most 30). */
export function disjunctionCount(filter: Filter): number {
  switch (filter.kind) {
    case 'composite':
      return filter.op === 'OR'
        ? filter.filters.reduce((sum, f) => sum + disjunctionCount(f), 0)
        : filter.filters.reduce((product, f) => product * disjunctionCount(f), 1);
    case 'field':
      return (filter.op === 'IN' || filter.op === 'ARRAY_CONTAINS_ANY') &&
        filter.value.kind === 'array'
        ? Math.max(1, filter.value.values.length)
        : 1;
    case 'unary':
      return 1;
  }
}

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  // `!= null` and `!= NaN` in unary form: inequalities too, so their field joins the order.
  'IS_NOT_NULL',
  'IS_NOT_NAN',
]);

/** A value of a document at a field path; `__name__` is the document's reference. */
export function documentFieldValue(doc: Document, path: FieldPath): Value | undefined {
  if (isDocumentNameField(path)) return { kind: 'reference', value: doc.name };
  return getField(doc.fields, path);
}

/** Every field filter in the tree, composites flattened. */
export function flattenFilters(
  filter: Filter | undefined,
): Extract<Filter, { kind: 'field' | 'unary' }>[] {
  if (filter === undefined) return [];
  if (filter.kind === 'composite') return filter.filters.flatMap((f) => flattenFilters(f));
  return [filter];
}

/** Segment-wise UTF-8 order of field paths. */
export function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8Strings(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Fields under inequality filters, in field-path order (the order of implicit order-bys). */
export function inequalityFields(filter: Filter | undefined): FieldPath[] {
  const fields: FieldPath[] = [];
  for (const f of flattenFilters(filter)) {
    if (INEQUALITY_OPS.has(f.op) && !fields.some((p) => fieldPathEquals(p, f.field))) {
      fields.push(f.field);
    }
  }
  return fields.sort(compareFieldPaths);
}

/**
 * The explicit order-bys, then inequality fields not yet ordered, then `__name__` in the last
 * direction (ascending when there is none), as the backend normalizes a query.
 */
export function queryNormalizedOrderBy(query: StructuredQuery): Order[] {
  const orders: Order[] = [...query.orderBy];
  const lastDirection: Direction =
    orders.length > 0 ? (orders[orders.length - 1] as Order).direction : 'ASCENDING';
  for (const field of inequalityFields(query.where)) {
    if (!isDocumentNameField(field) && !orders.some((o) => fieldPathEquals(o.field, field))) {
      orders.push({ field, direction: lastDirection });
    }
  }
  if (!orders.some((o) => isDocumentNameField(o.field))) {
    orders.push({ field: [DOCUMENT_NAME_FIELD], direction: lastDirection });
  }
  return orders;
}

export type DocumentComparator = (a: Document, b: Document) => number;

export function newQueryComparator(orderBy: readonly Order[]): DocumentComparator {
  return (a, b) => {
    for (const order of orderBy) {
      const va = documentFieldValue(a, order.field);
      const vb = documentFieldValue(b, order.field);
      // Documents lacking an order-by field never reach the comparator (they do not match).
      const c = va === undefined || vb === undefined ? 0 : valueCompare(va, vb);
      if (c !== 0) return order.direction === 'DESCENDING' ? -c : c;
    }
    return 0;
  };
}

function matchesComparison(op: string, c: number): boolean {
  switch (op) {
    case 'LESS_THAN':
      return c < 0;
    case 'LESS_THAN_OR_EQUAL':
      return c <= 0;
    case 'GREATER_THAN':
      return c > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return c >= 0;
    case 'EQUAL':
      return c === 0;
    default:
      return false;
  }
}

function arrayElements(value: Value): readonly Value[] {
  return value.kind === 'array' ? value.values : [];
}

/**
 * Production never matches null or NaN through `in` or `array-contains-any` lists (only
 * `== null` and `== NaN` find them), although the SDK's local query engine does.
 */
function isListMatchable(value: Value): boolean {
  return value.kind !== 'null' && !isNaNValue(value);
}

function containsValue(values: readonly Value[], value: Value): boolean {
  return values.some((v) => valueEquals(v, value));
}

export function filterMatches(filter: Filter, doc: Document): boolean {
  switch (filter.kind) {
    case 'composite':
      return filter.op === 'AND'
        ? filter.filters.every((f) => filterMatches(f, doc))
        : filter.filters.some((f) => filterMatches(f, doc));
    case 'unary': {
      const value = documentFieldValue(doc, filter.field);
      if (value === undefined) return false;
      switch (filter.op) {
        case 'IS_NULL':
          return value.kind === 'null';
        case 'IS_NAN':
          return isNaNValue(value);
        case 'IS_NOT_NULL':
          return value.kind !== 'null';
        case 'IS_NOT_NAN':
          return value.kind !== 'null' && !isNaNValue(value);
      }
      return false;
    }
    case 'field': {
      const value = documentFieldValue(doc, filter.field);
      if (value === undefined) return false;
      switch (filter.op) {
        case 'NOT_EQUAL':
          // `!=` excludes documents where the field is missing or null.
          return value.kind !== 'null' && valueCompare(value, filter.value) !== 0;
        case 'IN':
          return isListMatchable(value) && containsValue(arrayElements(filter.value), value);
        case 'NOT_IN': {
          const excluded = arrayElements(filter.value);
          if (excluded.some((v) => v.kind === 'null')) return false;
          return value.kind !== 'null' && !containsValue(excluded, value);
        }
        case 'ARRAY_CONTAINS':
          return value.kind === 'array' && containsValue(value.values, filter.value);
        case 'ARRAY_CONTAINS_ANY': {
          if (value.kind !== 'array') return false;
          const wanted = arrayElements(filter.value);
          return value.values.some((v) => isListMatchable(v) && containsValue(wanted, v));
        }
        case 'EQUAL':
          return (
            valueTypeOrder(value) === valueTypeOrder(filter.value) &&
            valueEquals(value, filter.value)
          );
        default:
          // Range filters match only values of the same type group, and never NaN (production
          // excludes it from every range although it sorts below all other numbers).
          return (
            !isNaNValue(value) &&
            !isNaNValue(filter.value) &&
            valueTypeOrder(value) === valueTypeOrder(filter.value) &&
            matchesComparison(filter.op, valueCompare(value, filter.value))
          );
      }
    }
  }
}

/** Position of a document relative to a cursor: <0 before, 0 at, >0 after. */
function compareToCursor(doc: Document, cursor: Cursor, orderBy: readonly Order[]): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const order = orderBy[i] as Order;
    const value = documentFieldValue(doc, order.field);
    if (value === undefined) return 0;
    const c = valueCompare(value, cursor.values[i] as Value);
    if (c !== 0) return order.direction === 'DESCENDING' ? -c : c;
  }
  return 0;
}

/** A query prepared for repeated matching (listeners match every commit against it). */
export type CompiledQuery = {
  readonly parent: string;
  readonly query: StructuredQuery;
  readonly collectionId: string;
  readonly allDescendants: boolean;
  readonly orderBy: readonly Order[];
  readonly compare: DocumentComparator;
  /** Scoping, order-by presence, filters and cursors; not offset/limit. */
  readonly matches: (doc: Document) => boolean;
  /** Whether the document's name lies in the query's scope (ignores its fields). */
  readonly inScope: (name: string) => boolean;
  /** The validated vector search, when the query has `findNearest`. */
  readonly nearest?: NearestSearch;
};

/**
 * Compiles a query. `requiredFields` are implicit existence filters: a document matches only
 * when it has each of them, with any value (an aggregation over fields adds one per field).
 */
export function compileQuery(
  parent: string,
  query: StructuredQuery,
  requiredFields: readonly FieldPath[] = [],
): CompiledQuery {
  validateQuery(query);
  const nearest =
    query.findNearest === undefined ? undefined : validateFindNearest(query.findNearest);
  const selector = query.from[0] as { collectionId: string; allDescendants: boolean };
  const { collectionId, allDescendants } = selector;
  const orderBy = queryNormalizedOrderBy(query);
  const compare = newQueryComparator(orderBy);
  const collectionPath = `${parent}/${collectionId}`;
  const inScope = allDescendants
    ? (name: string) =>
        pathIsStrictPrefixOf(parent, name) &&
        (collectionId === '' || collectionIdOf(name) === collectionId)
    : (name: string) => collectionPathOf(name) === collectionPath;
  const explicitFields = [
    ...orderBy.filter((o) => !isDocumentNameField(o.field)).map((o) => o.field),
    ...requiredFields,
  ];
  const { where, startAt, endAt } = query;
  const matches = (doc: Document): boolean => {
    if (!inScope(doc.name)) return false;
    for (const field of explicitFields) {
      if (getField(doc.fields, field) === undefined) return false;
    }
    if (where !== undefined && !filterMatches(where, doc)) return false;
    if (startAt !== undefined) {
      const c = compareToCursor(doc, startAt, orderBy);
      if (startAt.before ? c < 0 : c <= 0) return false;
    }
    if (endAt !== undefined) {
      const c = compareToCursor(doc, endAt, orderBy);
      if (endAt.before ? c >= 0 : c > 0) return false;
    }
    return true;
  };
  return {
    parent,
    query,
    collectionId,
    allDescendants,
    orderBy,
    compare,
    matches,
    inScope,
    ...(nearest === undefined ? {} : { nearest }),
  };
}

/** Whether `doc` is in the result set of `query` under `parent`, ignoring offset and limit. */
export function queryMatches(parent: string, query: StructuredQuery, doc: Document): boolean {
  return compileQuery(parent, query).matches(doc);
}

/** Applies a `select` projection (`__name__` alone yields documents without fields). */
export function applySelect(doc: Document, select: StructuredQuery['select']): Document {
  if (select === undefined) return doc;
  const paths = select.filter((p) => !isDocumentNameField(p));
  return { ...doc, fields: projectFields(doc.fields, paths) };
}

/**
 * Runs a compiled query over candidate documents: match, sort (or, for a vector search, keep
 * the nearest in order of distance, which supersedes any order-by), offset, limit.
 */
export function runCompiledQuery(
  compiled: CompiledQuery,
  candidates: Iterable<Document>,
): { documents: Document[]; skippedResults: number } {
  let matching: Document[] = [];
  for (const doc of candidates) if (compiled.matches(doc)) matching.push(doc);
  if (compiled.nearest === undefined) matching.sort(compiled.compare);
  else matching = nearestDocuments(compiled.nearest, matching);
  const { offset, limit } = compiled.query;
  const skippedResults = Math.min(offset, matching.length);
  const end = limit === undefined ? matching.length : Math.min(matching.length, offset + limit);
  return { documents: matching.slice(skippedResults, end), skippedResults };
}

// ---- Validation ----------------------------------------------------------------------------

function invalid(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/** Deeper composite nesting than this is rejected before anything recurses over it. */
const MAX_FILTER_DEPTH = 20;

function validateFilter(filter: Filter, depth = 1): void {
  if (filter.kind === 'composite') {
    if (depth > MAX_FILTER_DEPTH) {
      throw invalid(`Composite filters may be nested at most ${MAX_FILTER_DEPTH} levels deep.`);
    }
    if (filter.filters.length === 0)
      throw invalid('A composite filter must contain at least one filter.');
    for (const child of filter.filters) validateFilter(child, depth + 1);
    return;
  }
  if (filter.field.length === 0) throw invalid('A filter must name a field.');
  if (filter.kind === 'unary') return;
  const { op, value } = filter;
  if (op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY') {
    if (value.kind !== 'array' || value.values.length === 0) {
      throw invalid(`A non-empty ArrayValue must be provided for '${op}' filters.`);
    }
    const max = op === 'NOT_IN' ? MAX_NOT_IN_VALUES : MAX_DISJUNCTION_VALUES;
    if (value.values.length > max) {
      throw invalid(`'${op}' supports up to ${max} comparison values.`);
    }
  }
  if (isDocumentNameField(filter.field)) {
    const values = op === 'IN' || op === 'NOT_IN' ? arrayElements(value) : [value];
    if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') {
      throw invalid(`'${op}' filters are not supported on __name__.`);
    }
    if (values.some((v) => v.kind !== 'reference')) {
      throw invalid('__key__ filter value must be a Key');
    }
  }
}

function validateCursor(cursor: Cursor, orderBy: readonly Order[], which: string): void {
  if (cursor.values.length > orderBy.length) {
    throw invalid(
      `Too many cursor values specified in ${which}: the query orders by ${orderBy.length} field(s) (including __name__).`,
    );
  }
  cursor.values.forEach((value, i) => {
    if (isDocumentNameField((orderBy[i] as Order).field) && value.kind !== 'reference') {
      throw invalid('Cursor position for __name__ must be a document reference.');
    }
  });
}

/**
 * Production serves key equality beside inequalities only when the key is itself one of the
 * inequality fields.
 */
function validateKeyEquality(where: Filter | undefined): void {
  const inequalities = inequalityFields(where);
  if (inequalities.length === 0 || inequalities.some(isDocumentNameField)) return;
  const keyEquality = flattenFilters(where).some(
    (f) => f.kind === 'field' && f.op === 'EQUAL' && isDocumentNameField(f.field),
  );
  if (keyEquality) {
    throw invalid(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
  }
}

/** Rejects queries production rejects, with INVALID_ARGUMENT. */
export function validateQuery(query: StructuredQuery): void {
  if (query.from.length !== 1) throw invalid('A query must have exactly one collection selector.');
  const selector = query.from[0] as { collectionId: string; allDescendants: boolean };
  if (selector.collectionId === '' && !selector.allDescendants) {
    throw invalid(
      'Collection id must be specified for a query that is not across all descendants.',
    );
  }
  if (query.limit !== undefined && (query.limit < 0 || !Number.isInteger(query.limit))) {
    throw invalid('limit must be a non-negative integer.');
  }
  if (query.offset < 0 || !Number.isInteger(query.offset))
    throw invalid('offset must be a non-negative integer.');
  if (query.where !== undefined) {
    validateFilter(query.where);
    const terms = disjunctionCount(query.where);
    if (terms > MAX_DISJUNCTION_VALUES) {
      throw invalid(
        `The query's filters expand to ${terms} disjunctions, more than the limit of ${MAX_DISJUNCTION_VALUES}.`,
      );
    }
  }
  for (const order of query.orderBy) {
    if (order.field.length === 0) throw invalid('An order-by must name a field.');
  }
  const orderBy = queryNormalizedOrderBy(query);
  const keyIndex = orderBy.findIndex((o) => isDocumentNameField(o.field));
  if (keyIndex !== orderBy.length - 1) {
    throw invalid(
      `order by clause cannot contain more fields after the key ${DOCUMENT_NAME_FIELD}`,
    );
  }
  validateKeyEquality(query.where);
  if (query.startAt !== undefined) validateCursor(query.startAt, orderBy, 'startAt');
  if (query.endAt !== undefined) validateCursor(query.endAt, orderBy, 'endAt');
}
