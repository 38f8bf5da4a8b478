// Rules are not filters: a query is allowed only if its `list` condition holds for every
// document it could return. Like production, we judge the query, not the stored data: the
// condition is evaluated against a stand-in document whose fields are known only where the
// query pins them down, and reading any other field is an error (so the query is denied unless
// `||` finds another way to true).
//
// The filter is put in disjunctive normal form; each conjunction becomes one or more cases:
//   - `field == v` and `field is null/NaN` fix the field;
//   - `field in [a, b]` gives one case per value;
//   - other operators (<, !=, array-contains …) leave the field unknown.
// The condition must hold in every case.
import type { Filter, StructuredQuery, Value } from '../model/types.js';
import { valuesEqual } from './operators.js';
import {
  float,
  fromModelValue,
  map,
  NULL,
  path,
  str,
  type MapValue,
  type RulesValue,
} from './values.js';

/** Beyond these the query is judged with the `in` fields left unknown (which can only deny more). */
const MAX_CONJUNCTIONS = 64;
const MAX_CASES = 256;

/** One possible shape of the documents a query returns. */
export type QueryCase = {
  /** `resource.data` with only the pinned fields known. */
  readonly data: MapValue;
  /** The document name when `__name__` is pinned. */
  readonly name?: string;
};

type Conjunction = readonly Extract<Filter, { kind: 'field' | 'unary' }>[];

function disjunctiveNormalForm(filter: Filter | undefined): Conjunction[] | null {
  if (filter === undefined) return [[]];
  if (filter.kind !== 'composite') return [[filter]];
  const parts = filter.filters.map(disjunctiveNormalForm);
  if (parts.some((p) => p === null)) return null;
  if (filter.op === 'OR') {
    const all = parts.flatMap((p) => p!);
    return all.length > MAX_CONJUNCTIONS ? null : all;
  }
  let product: Conjunction[] = [[]];
  for (const part of parts) {
    product = product.flatMap((left) => part!.map((right) => [...left, ...right]));
    if (product.length > MAX_CONJUNCTIONS) return null;
  }
  return product;
}

/** Candidate values per field path (joined with '\u0000'), or null when the conjunction matches nothing. */
function candidates(conjunction: Conjunction): Map<string, RulesValue[]> | null {
  const byField = new Map<string, RulesValue[]>();
  for (const filter of conjunction) {
    let values: RulesValue[] | undefined;
    if (filter.kind === 'unary') {
      if (filter.op === 'IS_NULL') values = [NULL];
      else if (filter.op === 'IS_NAN') values = [float(NaN)];
    } else if (filter.op === 'EQUAL') {
      values = [fromModelValue(filter.value)];
    } else if (filter.op === 'IN' && filter.value.kind === 'array') {
      values = filter.value.values.map((v: Value) => fromModelValue(v));
    }
    if (values === undefined) continue;
    const key = filter.field.join('\u0000');
    const previous = byField.get(key);
    const next =
      previous === undefined
        ? values
        : previous.filter((p) => values.some((v) => valuesEqual(p, v)));
    if (next.length === 0) return null;
    byField.set(key, next);
  }
  return byField;
}

/** Every combination of candidate values, or fewer fields when the product is too large. */
function combinations(byField: Map<string, RulesValue[]>): Map<string, RulesValue>[] {
  let fields = [...byField.entries()];
  const size = (): number => fields.reduce((n, [, values]) => n * values.length, 1);
  if (size() > MAX_CASES) fields = fields.filter(([, values]) => values.length === 1);
  let result: Map<string, RulesValue>[] = [new Map()];
  for (const [field, values] of fields) {
    result = result.flatMap((partial) => values.map((v) => new Map([...partial, [field, v]])));
  }
  return result;
}

function setNested(
  target: Map<string, RulesValue>,
  segments: readonly string[],
  value: RulesValue,
  name: string,
): void {
  const [head, ...rest] = segments;
  if (rest.length === 0) {
    target.set(head!, value);
    return;
  }
  const existing = target.get(head!);
  if (existing !== undefined && (existing.type !== 'map' || existing.partial === undefined)) return;
  const child = new Map(existing?.entries ?? []);
  setNested(child, rest, value, `${name}.${head}`);
  target.set(head!, { type: 'map', entries: child, partial: `${name}.${head}` });
}

/** The cases a query's `list` condition must hold in. */
export function queryCases(query: StructuredQuery): QueryCase[] {
  const conjunctions = disjunctiveNormalForm(query.where) ?? [[]];
  const cases: QueryCase[] = [];
  for (const conjunction of conjunctions) {
    const byField = candidates(conjunction);
    if (byField === null) continue; // matches no document
    for (const assignment of combinations(byField)) {
      const entries = new Map<string, RulesValue>();
      let name: string | undefined;
      for (const [key, value] of assignment) {
        const segments = key.split('\u0000');
        if (segments.length === 1 && segments[0] === '__name__') {
          if (value.type === 'path') name = value.segments.join('/');
          continue;
        }
        setNested(entries, segments, value, 'resource.data');
      }
      const data: MapValue = { type: 'map', entries, partial: 'resource.data' };
      cases.push(name === undefined ? { data } : { data, name });
    }
  }
  // A filter that matches nothing is still judged once, with nothing known.
  return cases.length > 0
    ? cases
    : [{ data: { type: 'map', entries: new Map(), partial: 'resource.data' } }];
}

/** `resource` for a case: `data`, plus `id` and `__name__` when the name is pinned. */
export function queryResource(queryCase: QueryCase): MapValue {
  const entries = new Map<string, RulesValue>([['data', queryCase.data]]);
  if (queryCase.name !== undefined) {
    const segments = queryCase.name.split('/');
    entries.set('id', str(segments.at(-1)!));
    entries.set('__name__', path(segments));
  }
  return { ...map(entries), partial: 'resource' };
}

/** `request.query`: limit (null when absent), offset, and orderBy as field → 'ASC' | 'DESC'. */
export function queryProperties(query: StructuredQuery): MapValue {
  const orderBy = new Map<string, RulesValue>(
    query.orderBy.map((o) => [
      o.field.join('.'),
      str(o.direction === 'DESCENDING' ? 'DESC' : 'ASC'),
    ]),
  );
  return map(
    new Map<string, RulesValue>([
      ['limit', query.limit === undefined ? NULL : { type: 'int', value: BigInt(query.limit) }],
      ['offset', { type: 'int', value: BigInt(query.offset) }],
      ['orderBy', map(orderBy)],
    ]),
  );
}
