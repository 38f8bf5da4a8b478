// The reference model checked against examples taken from Firestore's documentation, so the
// differential suites compare against something known to be right.
import { describe, expect, it } from 'vitest';
import type { Document, Filter, StructuredQuery, Value } from '../../src/model/types.js';
import {
  referenceLimitToLast,
  referenceLimitToLastWireQuery,
  referenceNormalizedOrderBy,
  referenceRunQuery,
} from './query.js';
import { referenceCompare, referenceIdentical } from './values.js';

const int = (n: number | bigint): Value => ({ kind: 'integer', value: BigInt(n) });
const dbl = (n: number): Value => ({ kind: 'double', value: n });
const str = (s: string): Value => ({ kind: 'string', value: s });
const arr = (...values: Value[]): Value => ({ kind: 'array', values });
const map = (entries: Record<string, Value>): Value => ({
  kind: 'map',
  fields: new Map(Object.entries(entries)),
});
const ref = (path: string): Value => ({
  kind: 'reference',
  value: `projects/p/databases/(default)/documents/${path}`,
});
const vector = (...xs: number[]): Value =>
  map({ __type__: str('__vector__'), value: arr(...xs.map(dbl)) });

/** Asserts that `values` are strictly increasing under the reference order. */
function expectAscending(values: Value[]): void {
  for (let i = 1; i < values.length; i++) {
    expect(referenceCompare(values[i - 1]!, values[i]!), `index ${i - 1} < ${i}`).toBe(-1);
    expect(referenceCompare(values[i]!, values[i - 1]!), `index ${i} > ${i - 1}`).toBe(1);
  }
}

describe('reference value order', () => {
  it('orders types null < bool < number < timestamp < string < bytes < reference < geo < array < vector < map', () => {
    expectAscending([
      { kind: 'null' },
      { kind: 'boolean', value: true },
      dbl(Number.NaN),
      { kind: 'timestamp', value: { seconds: -1, nanos: 0 } },
      str(''),
      { kind: 'bytes', value: new Uint8Array() },
      ref('a/b'),
      { kind: 'geoPoint', latitude: -90, longitude: -180 },
      arr(),
      vector(),
      map({}),
    ]);
  });

  it('orders numbers numerically across integers and doubles, NaN first', () => {
    expectAscending([
      dbl(Number.NaN),
      dbl(-Infinity),
      int(-(2n ** 63n)),
      dbl(-1.5),
      int(-1),
      dbl(-Number.MIN_VALUE),
      int(0),
      dbl(0.5),
      int(2n ** 53n),
      int(2n ** 53n + 1n),
      dbl(2 ** 53 + 2),
      int(2n ** 63n - 1n),
      dbl(2 ** 63),
      dbl(Infinity),
    ]);
    expect(referenceCompare(int(1), dbl(1))).toBe(0);
    expect(referenceCompare(dbl(-0), dbl(0))).toBe(0);
    expect(referenceCompare(dbl(Number.NaN), dbl(Number.NaN))).toBe(0);
    expect(referenceCompare(int(-(2n ** 63n)), dbl(-(2 ** 63)))).toBe(0);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 units', () => {
    expectAscending([
      str(''),
      str('a'),
      str('aa'),
      str('b'),
      str('\u00e9'),
      str('\uffff'),
      str('\u{10000}'),
      str('\u{10ffff}'),
    ]);
  });

  it('orders references by path segment', () => {
    // As whole strings 'a-x' < 'a/b' ('-' is 0x2d, '/' is 0x2f); by segment 'a' < 'a-x'.
    expectAscending([ref('a/b'), ref('a/b/c/d'), ref('a-x/b')]);
  });

  it('orders arrays element-wise then by length, as the documentation example does', () => {
    expectAscending([
      arr(int(1), int(2), int(3)),
      arr(int(1), int(2), int(3), int(1)),
      arr(int(2)),
    ]);
  });

  it('orders maps by key, then value, then size, as the documentation example does', () => {
    expectAscending([
      map({ a: str('aaa'), b: str('baz') }),
      map({ a: str('foo'), b: str('bar') }),
      map({ a: str('foo'), b: str('bar'), c: str('qux') }),
      map({ a: str('foo'), b: str('baz') }),
      map({ b: str('aaa'), c: str('baz') }),
      map({ c: str('aaa') }),
    ]);
  });

  it('orders vectors by dimension first, then elements', () => {
    expectAscending([vector(), vector(9), vector(1, 2), vector(1, 3)]);
  });

  it('keeps representations apart in identity', () => {
    expect(referenceIdentical(int(1), dbl(1))).toBe(false);
    expect(referenceIdentical(dbl(-0), dbl(0))).toBe(false);
    expect(referenceIdentical(dbl(Number.NaN), dbl(Number.NaN))).toBe(true);
  });
});

const ROOT = 'projects/p/databases/(default)/documents';
const time = { seconds: 1, nanos: 0 };
const doc = (path: string, fields: Record<string, Value>): Document => ({
  name: `${ROOT}/${path}`,
  fields: new Map(Object.entries(fields)),
  createTime: time,
  updateTime: time,
});
const field = (
  name: string,
  op: Extract<Filter, { kind: 'field' }>['op'],
  value: Value,
): Filter => ({
  kind: 'field',
  field: name.split('.'),
  op,
  value,
});
const names = (docs: Document[]): string[] => docs.map((d) => d.name.slice(ROOT.length + 1));
const query = (q: Partial<StructuredQuery>): StructuredQuery => ({
  from: [{ collectionId: 'c', allDescendants: false }],
  orderBy: [],
  offset: 0,
  ...q,
});

describe('reference query evaluation', () => {
  const docs = [
    doc('c/1', { n: int(1), tags: arr(str('x')) }),
    doc('c/2', { n: dbl(1), tags: arr(str('y'), int(1)) }),
    doc('c/3', { n: dbl(Number.NaN) }),
    doc('c/4', { n: { kind: 'null' } }),
    doc('c/5', { other: int(5) }),
    doc('c/6', { n: str('1') }),
    doc('d/1', { n: int(1) }),
    doc('c/1/c/7', { n: int(7) }),
  ];

  it('scopes to the collection, or to the collection group', () => {
    expect(names(referenceRunQuery(ROOT, query({}), docs))).toEqual([
      'c/1',
      'c/2',
      'c/3',
      'c/4',
      'c/5',
      'c/6',
    ]);
    const group = query({ from: [{ collectionId: 'c', allDescendants: true }] });
    expect(names(referenceRunQuery(ROOT, group, docs))).toContain('c/1/c/7');
    expect(names(referenceRunQuery(`${ROOT}/c/1`, query({}), docs))).toEqual(['c/1/c/7']);
  });

  it('matches numbers numerically, only within their type, and never missing fields', () => {
    expect(
      names(referenceRunQuery(ROOT, query({ where: field('n', 'EQUAL', dbl(1)) }), docs)),
    ).toEqual(['c/1', 'c/2']);
    expect(
      names(referenceRunQuery(ROOT, query({ where: field('n', 'GREATER_THAN', int(0)) }), docs)),
    ).toEqual(['c/1', 'c/2']);
    // != skips null and missing fields, keeps NaN and other types; ordered by n then name.
    expect(
      names(referenceRunQuery(ROOT, query({ where: field('n', 'NOT_EQUAL', int(1)) }), docs)),
    ).toEqual(['c/3', 'c/6']);
    expect(
      names(
        referenceRunQuery(
          ROOT,
          query({ where: { kind: 'unary', field: ['n'], op: 'IS_NOT_NAN' } }),
          docs,
        ),
      ),
    ).toEqual(['c/1', 'c/2', 'c/6']);
  });

  it('matches array-contains, in and not-in by value equality', () => {
    expect(
      names(
        referenceRunQuery(ROOT, query({ where: field('tags', 'ARRAY_CONTAINS', dbl(1)) }), docs),
      ),
    ).toEqual(['c/2']);
    expect(
      names(
        referenceRunQuery(ROOT, query({ where: field('n', 'IN', arr(str('1'), int(7))) }), docs),
      ),
    ).toEqual(['c/6']);
    expect(
      names(
        referenceRunQuery(
          ROOT,
          query({ where: field('n', 'NOT_IN', arr(int(1), str('1'))) }),
          docs,
        ),
      ),
    ).toEqual(['c/3']);
    expect(
      names(
        referenceRunQuery(
          ROOT,
          query({ where: field('n', 'NOT_IN', arr({ kind: 'null' })) }),
          docs,
        ),
      ),
    ).toEqual([]);
  });

  it('appends inequality fields and __name__ in the last direction', () => {
    const q = query({
      where: {
        kind: 'composite',
        op: 'AND',
        filters: [field('z', 'GREATER_THAN', int(0)), field('b', 'NOT_EQUAL', int(0))],
      },
      orderBy: [{ field: ['n'], direction: 'DESCENDING' }],
    });
    expect(referenceNormalizedOrderBy(q)).toEqual([
      { field: ['n'], direction: 'DESCENDING' },
      { field: ['b'], direction: 'DESCENDING' },
      { field: ['z'], direction: 'DESCENDING' },
      { field: ['__name__'], direction: 'DESCENDING' },
    ]);
  });

  it('drops documents lacking an order-by field and applies cursors, offset and limit', () => {
    const ordered = query({ orderBy: [{ field: ['n'], direction: 'ASCENDING' }] });
    expect(names(referenceRunQuery(ROOT, ordered, docs))).toEqual([
      'c/4',
      'c/3',
      'c/1',
      'c/2',
      'c/6',
    ]);
    const startAfterOne = { ...ordered, startAt: { values: [int(1)], before: false } };
    expect(names(referenceRunQuery(ROOT, startAfterOne, docs))).toEqual(['c/6']);
    const fromOneToName = {
      ...ordered,
      startAt: { values: [dbl(1)], before: true },
      endAt: { values: [int(1), ref('c/1')], before: false },
    };
    expect(names(referenceRunQuery(ROOT, fromOneToName, docs))).toEqual(['c/1']);
    expect(names(referenceRunQuery(ROOT, { ...ordered, offset: 1, limit: 2 }, docs))).toEqual([
      'c/3',
      'c/1',
    ]);
  });

  it('turns limitToLast into the reversed query the client sends', () => {
    const ordered = query({
      orderBy: [{ field: ['n'], direction: 'ASCENDING' }],
      startAt: { values: [dbl(Number.NaN)], before: false },
      endAt: { values: [int(1)], before: false },
    });
    expect(names(referenceLimitToLast(ROOT, ordered, 2, docs))).toEqual(['c/1', 'c/2']);
    const wire = referenceLimitToLastWireQuery(ordered, 2);
    expect(wire.orderBy.map((o) => o.direction)).toEqual(['DESCENDING', 'DESCENDING']);
    expect(wire.startAt).toEqual({ values: [int(1)], before: true });
    expect(wire.endAt).toEqual({ values: [dbl(Number.NaN)], before: true });
    expect(names(referenceRunQuery(ROOT, wire, docs).reverse())).toEqual(['c/1', 'c/2']);
  });
});
