// Short query builders in the SDK's vocabulary, for tests:
// `query('coll', where('x', '>', 1), orderBy('x', 'desc'), limit(2))`.
import { field, wrap } from '../model/builders.js';
import type {
  Cursor,
  FieldOperator,
  Filter,
  Order,
  StructuredQuery,
  UnaryOperator,
} from '../model/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type QueryPart = (query: Mutable<StructuredQuery>) => void;

const OPERATORS: Record<string, FieldOperator> = {
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  'array-contains': 'ARRAY_CONTAINS',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

export function filter(
  path: string,
  op: keyof typeof OPERATORS | FieldOperator,
  value: unknown,
): Filter {
  const operator = OPERATORS[op] ?? (op as FieldOperator);
  return { kind: 'field', field: field(path), op: operator, value: wrap(value) };
}

export function unary(path: string, op: UnaryOperator): Filter {
  return { kind: 'unary', field: field(path), op };
}

export function and(...filters: Filter[]): Filter {
  return { kind: 'composite', op: 'AND', filters };
}

export function or(...filters: Filter[]): Filter {
  return { kind: 'composite', op: 'OR', filters };
}

function addFilter(query: Mutable<StructuredQuery>, next: Filter): void {
  if (query.where === undefined) query.where = next;
  else if (query.where.kind === 'composite' && query.where.op === 'AND') {
    query.where = and(...query.where.filters, next);
  } else query.where = and(query.where, next);
}

export function where(
  path: string,
  op: keyof typeof OPERATORS | FieldOperator,
  value: unknown,
): QueryPart {
  return (q) => addFilter(q, filter(path, op, value));
}

export function whereFilter(f: Filter): QueryPart {
  return (q) => addFilter(q, f);
}

export function orderBy(path: string, direction: 'asc' | 'desc' = 'asc'): QueryPart {
  const order: Order = {
    field: field(path),
    direction: direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
  };
  return (q) => {
    q.orderBy = [...q.orderBy, order];
  };
}

export function limit(n: number): QueryPart {
  return (q) => {
    q.limit = n;
  };
}

export function offset(n: number): QueryPart {
  return (q) => {
    q.offset = n;
  };
}

export function select(...paths: string[]): QueryPart {
  return (q) => {
    q.select = paths.map(field);
  };
}

function cursor(values: unknown[], before: boolean): Cursor {
  return { values: values.map(wrap), before };
}

export function startAt(...values: unknown[]): QueryPart {
  return (q) => {
    q.startAt = cursor(values, true);
  };
}

export function startAfter(...values: unknown[]): QueryPart {
  return (q) => {
    q.startAt = cursor(values, false);
  };
}

export function endBefore(...values: unknown[]): QueryPart {
  return (q) => {
    q.endAt = cursor(values, true);
  };
}

export function endAt(...values: unknown[]): QueryPart {
  return (q) => {
    q.endAt = cursor(values, false);
  };
}

export function query(collectionId: string, ...parts: QueryPart[]): StructuredQuery {
  const q: Mutable<StructuredQuery> = {
    from: [{ collectionId, allDescendants: false }],
    orderBy: [],
    offset: 0,
  };
  for (const part of parts) part(q);
  return q;
}

export function collectionGroup(collectionId: string, ...parts: QueryPart[]): StructuredQuery {
  const q: Mutable<StructuredQuery> = {
    from: [{ collectionId, allDescendants: true }],
    orderBy: [],
    offset: 0,
  };
  for (const part of parts) part(q);
  return q;
}
