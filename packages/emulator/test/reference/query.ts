// Reference evaluation of a StructuredQuery over a list of documents, written from Firestore's
// documented query semantics and independent of src/query. It filters naively and sorts the
// whole list so each step can be checked by reading it.
import type {
  Cursor,
  Direction,
  Document,
  FieldPath,
  Filter,
  Order,
  StructuredQuery,
  Value,
} from '../../src/model/types.js';
import {
  referenceCompare,
  referenceComparePaths,
  referenceCompareStrings,
  referenceTypeRank,
} from './values.js';

const NAME_FIELD = '__name__';

function isNameField(path: FieldPath): boolean {
  return path.length === 1 && path[0] === NAME_FIELD;
}

function samePath(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/** The value at `path` in `doc`, `__name__` being the document's own reference. */
export function referenceFieldValue(doc: Document, path: FieldPath): Value | undefined {
  if (isNameField(path)) return { kind: 'reference', value: doc.name };
  let current: Value | undefined = { kind: 'map', fields: doc.fields };
  for (const segment of path) {
    if (current === undefined || current.kind !== 'map') return undefined;
    current = current.fields.get(segment);
  }
  return current;
}

/**
 * Whether `name` lies in the query's scope: a direct child of `parent/collectionId`, or for a
 * collection-group query any document under `parent` whose own collection is `collectionId`.
 */
export function referenceInScope(parent: string, query: StructuredQuery, name: string): boolean {
  const prefix = `${parent}/`;
  if (!name.startsWith(prefix)) return false;
  const relative = name.slice(prefix.length).split('/');
  if (relative.length % 2 !== 0) return false;
  const ownCollection = relative[relative.length - 2];
  return query.from.some((selector) =>
    selector.allDescendants
      ? ownCollection === selector.collectionId
      : relative.length === 2 && ownCollection === selector.collectionId,
  );
}

const equal = (a: Value, b: Value): boolean => referenceCompare(a, b) === 0;
const sameType = (a: Value, b: Value): boolean => referenceTypeRank(a) === referenceTypeRank(b);
const isNaNValue = (v: Value): boolean => v.kind === 'double' && Number.isNaN(v.value);

const inRange = (value: Value, operand: Value): boolean =>
  sameType(value, operand) && !isNaNValue(value) && !isNaNValue(operand);
const listFinds = (value: Value): boolean => value.kind !== 'null' && !isNaNValue(value);

function listOf(v: Value): readonly Value[] {
  if (v.kind !== 'array') throw new Error('IN, NOT_IN and ARRAY_CONTAINS_ANY take an array');
  return v.values;
}

/** Filter semantics. A field the document lacks never matches, whatever the operator. */
export function referenceMatchesFilter(doc: Document, filter: Filter): boolean {
  if (filter.kind === 'composite') {
    return filter.op === 'AND'
      ? filter.filters.every((f) => referenceMatchesFilter(doc, f))
      : filter.filters.some((f) => referenceMatchesFilter(doc, f));
  }
  const value = referenceFieldValue(doc, filter.field);
  if (value === undefined) return false;
  if (filter.kind === 'unary') {
    switch (filter.op) {
      case 'IS_NULL':
        return value.kind === 'null';
      case 'IS_NAN':
        return isNaNValue(value);
      // Both "not" forms are `!=` in disguise, and `!=` never matches null.
      case 'IS_NOT_NULL':
        return value.kind !== 'null';
      case 'IS_NOT_NAN':
        return value.kind !== 'null' && !isNaNValue(value);
    }
  }
  const operand = filter.value;
  switch (filter.op) {
    // Range and equality filters only match values of the operand's type.
    case 'EQUAL':
      return sameType(value, operand) && equal(value, operand);
    // Ranges never match NaN, on either side, although NaN sorts below every number.
    case 'LESS_THAN':
      return inRange(value, operand) && referenceCompare(value, operand) < 0;
    case 'LESS_THAN_OR_EQUAL':
      return inRange(value, operand) && referenceCompare(value, operand) <= 0;
    case 'GREATER_THAN':
      return inRange(value, operand) && referenceCompare(value, operand) > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return inRange(value, operand) && referenceCompare(value, operand) >= 0;
    case 'NOT_EQUAL':
      return value.kind !== 'null' && !equal(value, operand);
    case 'ARRAY_CONTAINS':
      return value.kind === 'array' && value.values.some((element) => equal(element, operand));
    case 'ARRAY_CONTAINS_ANY': {
      // Lists never find null or NaN (only `==` does).
      const wanted = listOf(operand);
      return (
        value.kind === 'array' &&
        value.values.some((element) => listFinds(element) && wanted.some((w) => equal(element, w)))
      );
    }
    case 'IN':
      return listFinds(value) && listOf(operand).some((candidate) => equal(value, candidate));
    case 'NOT_IN': {
      const excluded = listOf(operand);
      if (excluded.some((candidate) => candidate.kind === 'null')) return false;
      return value.kind !== 'null' && !excluded.some((candidate) => equal(value, candidate));
    }
  }
}

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  'IS_NOT_NULL',
  'IS_NOT_NAN',
]);

function inequalityFields(filter: Filter | undefined): FieldPath[] {
  if (filter === undefined) return [];
  if (filter.kind === 'composite') return filter.filters.flatMap((f) => inequalityFields(f));
  return INEQUALITY_OPS.has(filter.op) ? [filter.field] : [];
}

function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = referenceCompareStrings(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/**
 * The order a query really sorts by: the explicit orderBy, then every inequality field not
 * already ordered (by field path), then `__name__`, both in the last explicit direction.
 */
export function referenceNormalizedOrderBy(query: StructuredQuery): Order[] {
  const result: Order[] = [...query.orderBy];
  const lastDirection: Direction = query.orderBy.at(-1)?.direction ?? 'ASCENDING';
  const pending = inequalityFields(query.where).sort(compareFieldPaths);
  for (const field of pending) {
    if (isNameField(field)) continue;
    if (result.some((order) => samePath(order.field, field))) continue;
    result.push({ field, direction: lastDirection });
  }
  if (!result.some((order) => isNameField(order.field))) {
    result.push({ field: [NAME_FIELD], direction: lastDirection });
  }
  return result;
}

function compareByOrder(a: Document, b: Document, orderBy: readonly Order[]): number {
  for (const order of orderBy) {
    const c = isNameField(order.field)
      ? referenceComparePaths(a.name, b.name)
      : referenceCompare(
          referenceFieldValue(a, order.field)!,
          referenceFieldValue(b, order.field)!,
        );
    if (c !== 0) return order.direction === 'ASCENDING' ? c : -c;
  }
  return 0;
}

/** Sign of (cursor position − document position) over the cursor's prefix of the order. */
function compareCursorToDocument(cursor: Cursor, orderBy: readonly Order[], doc: Document): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const order = orderBy[i]!;
    const c = referenceCompare(cursor.values[i]!, referenceFieldValue(doc, order.field)!);
    if (c !== 0) return order.direction === 'ASCENDING' ? c : -c;
  }
  return 0;
}

function withinCursors(query: StructuredQuery, orderBy: readonly Order[], doc: Document): boolean {
  if (query.startAt !== undefined) {
    const c = compareCursorToDocument(query.startAt, orderBy, doc);
    // startAt (before = true) keeps the cursor's own position; startAfter does not.
    if (query.startAt.before ? c > 0 : c >= 0) return false;
  }
  if (query.endAt !== undefined) {
    const c = compareCursorToDocument(query.endAt, orderBy, doc);
    // endBefore (before = true) drops the cursor's own position; endAt keeps it.
    if (query.endAt.before ? c <= 0 : c < 0) return false;
  }
  return true;
}

/** Every matching document in query order, before offset and limit. */
export function referenceOrderedMatches(
  parent: string,
  query: StructuredQuery,
  docs: readonly Document[],
): Document[] {
  const orderBy = referenceNormalizedOrderBy(query);
  return docs
    .filter((doc) => referenceInScope(parent, query, doc.name))
    .filter((doc) => query.where === undefined || referenceMatchesFilter(doc, query.where))
    .filter((doc) => orderBy.every((order) => referenceFieldValue(doc, order.field) !== undefined))
    .sort((a, b) => compareByOrder(a, b, orderBy))
    .filter((doc) => withinCursors(query, orderBy, doc));
}

/** The result of `runQuery`: matches in order, then offset, then limit. */
export function referenceRunQuery(
  parent: string,
  query: StructuredQuery,
  docs: readonly Document[],
): Document[] {
  const matches = referenceOrderedMatches(parent, query, docs).slice(query.offset);
  return query.limit === undefined ? matches : matches.slice(0, query.limit);
}

/** What limitToLast(n) means to the user: the last n matches, still in query order. */
export function referenceLimitToLast(
  parent: string,
  query: StructuredQuery,
  count: number,
  docs: readonly Document[],
): Document[] {
  const matches = referenceOrderedMatches(parent, { ...query, limit: undefined }, docs);
  return matches.slice(Math.max(0, matches.length - count));
}

/**
 * The query a client sends for limitToLast(n): the normalized order reversed, the cursors swapped
 * (a start bound becomes an end bound of the same inclusiveness, and vice versa), and limit n.
 * The client reverses the server's answer.
 */
export function referenceLimitToLastWireQuery(
  query: StructuredQuery,
  count: number,
): StructuredQuery {
  const flip = (direction: Direction): Direction =>
    direction === 'ASCENDING' ? 'DESCENDING' : 'ASCENDING';
  const orderBy = referenceNormalizedOrderBy(query).map((order) => ({
    field: order.field,
    direction: flip(order.direction),
  }));
  return {
    from: query.from,
    ...(query.where !== undefined ? { where: query.where } : {}),
    orderBy,
    ...(query.endAt !== undefined
      ? { startAt: { values: query.endAt.values, before: !query.endAt.before } }
      : {}),
    ...(query.startAt !== undefined
      ? { endAt: { values: query.startAt.values, before: !query.startAt.before } }
      : {}),
    offset: 0,
    limit: count,
  };
}

/**
 * A `select` projection: only the listed paths (a path under an already selected one adds
 * nothing); `__name__` selects no field.
 */
export function referenceProject(doc: Document, paths: readonly FieldPath[]): Document {
  const kept = paths.filter(
    (path) =>
      !isNameField(path) &&
      !paths.some((other) => other.length < path.length && other.every((s, i) => s === path[i])),
  );
  const root = new Map<string, Value>();
  for (const path of kept) {
    const value = referenceFieldValue(doc, path);
    if (value === undefined) continue;
    let target = root;
    for (const segment of path.slice(0, -1)) {
      let next = target.get(segment);
      if (next === undefined || next.kind !== 'map') {
        next = { kind: 'map', fields: new Map<string, Value>() };
        target.set(segment, next);
      }
      target = next.fields as Map<string, Value>;
    }
    target.set(path[path.length - 1]!, value);
  }
  return { ...doc, fields: root };
}
