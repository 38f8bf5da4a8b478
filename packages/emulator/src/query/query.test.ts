import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { double, doc, int, nameOf, ref, wrap } from '../model/builders.js';
import type { Document, StructuredQuery } from '../model/types.js';
import { aggregateDocuments, aggregatedFields, validateAggregations } from './aggregate.js';
import {
  and,
  collectionGroup,
  endAt,
  endBefore,
  filter,
  limit,
  offset,
  or,
  orderBy,
  query,
  select,
  startAfter,
  startAt,
  unary,
  where,
  whereFilter,
} from './builders.js';
import {
  applySelect,
  compileQuery,
  queryMatches,
  queryNormalizedOrderBy,
  runCompiledQuery,
} from './query.js';

const ROOT = nameOf('');

function run(q: StructuredQuery, docs: Document[], parent = ROOT): string[] {
  const { documents } = runCompiledQuery(compileQuery(parent, q), docs);
  return documents.map((d) => d.name.slice(d.name.indexOf('/documents/') + 11));
}

function matches(q: StructuredQuery, d: Document, parent = ROOT): boolean {
  return queryMatches(parent, q, d);
}

function invalid(q: StructuredQuery): string {
  try {
    compileQuery(ROOT, q);
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
    return (error as EmulatorError).message;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('scoping', () => {
  const docs = [
    doc('coll/a', {}),
    doc('coll/a/coll/b', {}),
    doc('other/c', {}),
    doc('x/y/coll/d', {}),
    doc('coll2/e', {}),
  ];

  it('collection queries see only direct children of their parent', () => {
    expect(run(query('coll'), docs)).toEqual(['coll/a']);
    expect(run(query('coll'), docs, nameOf('coll/a'))).toEqual(['coll/a/coll/b']);
  });

  it('collection-group queries see the id at any depth below the parent', () => {
    expect(run(collectionGroup('coll'), docs)).toEqual(['coll/a', 'coll/a/coll/b', 'x/y/coll/d']);
    expect(run(collectionGroup('coll'), docs, nameOf('x/y'))).toEqual(['x/y/coll/d']);
  });

  it('kindless all-descendants queries see everything below the parent', () => {
    expect(run(collectionGroup(''), docs, nameOf('coll/a'))).toEqual(['coll/a/coll/b']);
  });
});

describe('field filters', () => {
  const d = doc('coll/a', {
    n: 5,
    f: 2.5,
    s: 'abc',
    nul: null,
    nan: NaN,
    arr: [1, 'two', { k: 3 }],
    m: { inner: true },
  });

  it('compares only within the same type group', () => {
    expect(matches(query('coll', where('n', '>', 4.5)), d)).toBe(true);
    expect(matches(query('coll', where('n', '==', double(5))), d)).toBe(true);
    expect(matches(query('coll', where('n', '<', 'z')), d)).toBe(false);
    expect(matches(query('coll', where('s', '>', 1)), d)).toBe(false);
    expect(matches(query('coll', where('s', '>=', 'abc')), d)).toBe(true);
    expect(matches(query('coll', where('s', '<', 'abd')), d)).toBe(true);
    expect(matches(query('coll', where('f', '<=', 2.5)), d)).toBe(true);
    expect(matches(query('coll', where('m.inner', '==', true)), d)).toBe(true);
    expect(matches(query('coll', where('missing', '<', 1)), d)).toBe(false);
    expect(matches(query('coll', where('nul', '==', null)), d)).toBe(true);
  });

  it('!= and not-in exclude missing and null fields but match other types', () => {
    expect(matches(query('coll', where('n', '!=', 4)), d)).toBe(true);
    expect(matches(query('coll', where('n', '!=', double(5))), d)).toBe(false);
    expect(matches(query('coll', where('s', '!=', 5)), d)).toBe(true);
    expect(matches(query('coll', where('missing', '!=', 1)), d)).toBe(false);
    expect(matches(query('coll', where('nul', '!=', 1)), d)).toBe(false);
    expect(matches(query('coll', where('n', 'not-in', [1, 2])), d)).toBe(true);
    expect(matches(query('coll', where('n', 'not-in', [5])), d)).toBe(false);
    expect(matches(query('coll', where('missing', 'not-in', [5])), d)).toBe(false);
    expect(matches(query('coll', where('nul', 'not-in', [5])), d)).toBe(false);
    // A null in the not-in list matches nothing.
    expect(matches(query('coll', where('n', 'not-in', [null, 1])), d)).toBe(false);
  });

  it('in, array-contains and array-contains-any use numeric equality', () => {
    expect(matches(query('coll', where('n', 'in', [double(5), 'x'])), d)).toBe(true);
    expect(matches(query('coll', where('n', 'in', ['5'])), d)).toBe(false);
    expect(matches(query('coll', where('arr', 'array-contains', double(1))), d)).toBe(true);
    expect(matches(query('coll', where('arr', 'array-contains', { k: 3 })), d)).toBe(true);
    expect(matches(query('coll', where('arr', 'array-contains', 3)), d)).toBe(false);
    expect(matches(query('coll', where('s', 'array-contains', 'abc')), d)).toBe(false);
    expect(matches(query('coll', where('arr', 'array-contains-any', [9, 'two'])), d)).toBe(true);
    expect(matches(query('coll', where('arr', 'array-contains-any', [9, 'three'])), d)).toBe(false);
    expect(matches(query('coll', where('arr', 'in', [[1, 'two', { k: 3 }]])), d)).toBe(true);
  });

  it('in and array-contains-any never match null or NaN (production, unlike the SDK cache)', () => {
    const lists = doc('coll/l', { arr: [null, NaN, 7] });
    expect(matches(query('coll', where('nul', 'in', [null])), d)).toBe(false);
    expect(matches(query('coll', where('nan', 'in', [NaN, 1])), d)).toBe(false);
    expect(matches(query('coll', where('n', 'in', [NaN, 5])), d)).toBe(true);
    expect(matches(query('coll', where('arr', 'array-contains-any', [null])), lists)).toBe(false);
    expect(matches(query('coll', where('arr', 'array-contains-any', [NaN])), lists)).toBe(false);
    expect(matches(query('coll', where('arr', 'array-contains-any', [NaN, 7])), lists)).toBe(true);
    // Equality still finds them.
    expect(matches(query('coll', where('nul', '==', null)), d)).toBe(true);
    expect(matches(query('coll', where('nan', '==', NaN)), d)).toBe(true);
  });

  it('range filters never match NaN, although NaN sorts below every number', () => {
    for (const op of ['<', '<=', '>', '>='] as const) {
      expect(matches(query('coll', where('nan', op, 0)), d)).toBe(false);
      expect(matches(query('coll', where('n', op, NaN)), d)).toBe(false);
    }
    expect(matches(query('coll', where('nan', '<', Infinity)), d)).toBe(false);
    expect(matches(query('coll', where('n', '>', -Infinity)), d)).toBe(true);
  });

  it('unary filters need the field present', () => {
    const q = (path: string, op: Parameters<typeof unary>[1]) =>
      query('coll', whereFilter(unary(path, op)));
    expect(matches(q('nul', 'IS_NULL'), d)).toBe(true);
    expect(matches(q('n', 'IS_NULL'), d)).toBe(false);
    expect(matches(q('missing', 'IS_NULL'), d)).toBe(false);
    expect(matches(q('nan', 'IS_NAN'), d)).toBe(true);
    expect(matches(q('n', 'IS_NAN'), d)).toBe(false);
    expect(matches(q('n', 'IS_NOT_NULL'), d)).toBe(true);
    expect(matches(q('nul', 'IS_NOT_NULL'), d)).toBe(false);
    expect(matches(q('missing', 'IS_NOT_NULL'), d)).toBe(false);
    expect(matches(q('s', 'IS_NOT_NAN'), d)).toBe(true);
    expect(matches(q('nan', 'IS_NOT_NAN'), d)).toBe(false);
    expect(matches(q('nul', 'IS_NOT_NAN'), d)).toBe(false);
    expect(matches(q('missing', 'IS_NOT_NAN'), d)).toBe(false);
  });

  it('combines filters with AND and OR', () => {
    const docs = [
      doc('coll/a', { x: 1, y: 1 }),
      doc('coll/b', { x: 2, y: 1 }),
      doc('coll/c', { x: 3 }),
    ];
    expect(
      run(query('coll', whereFilter(or(filter('x', '==', 1), filter('x', '==', 3)))), docs),
    ).toEqual(['coll/a', 'coll/c']);
    expect(
      run(
        query(
          'coll',
          whereFilter(and(filter('y', '==', 1), or(filter('x', '>', 1), filter('x', '<', 0)))),
        ),
        docs,
      ),
    ).toEqual(['coll/b']);
  });

  it('filters on __name__ by reference', () => {
    const docs = [doc('coll/a', {}), doc('coll/b', {}), doc('coll/c', {})];
    expect(run(query('coll', where('__name__', '>', ref('coll/a'))), docs)).toEqual([
      'coll/b',
      'coll/c',
    ]);
    expect(
      run(query('coll', where('__name__', 'in', [ref('coll/c'), ref('coll/a')])), docs),
    ).toEqual(['coll/a', 'coll/c']);
  });
});

describe('ordering', () => {
  it('normalizes order-by: explicit, then inequality fields, then __name__ in the last direction', () => {
    const q = query('coll', where('b', '>', 1), where('a', '!=', 2), orderBy('c', 'desc'));
    expect(queryNormalizedOrderBy(q).map((o) => `${o.field.join('.')} ${o.direction}`)).toEqual([
      'c DESCENDING',
      'a DESCENDING',
      'b DESCENDING',
      '__name__ DESCENDING',
    ]);
    expect(queryNormalizedOrderBy(query('coll')).map((o) => o.field.join('.'))).toEqual([
      '__name__',
    ]);
  });

  it('excludes documents missing an order-by field and sorts across types', () => {
    const docs = [
      doc('coll/a', { v: 'str' }),
      doc('coll/b', { v: 2 }),
      doc('coll/c', {}),
      doc('coll/d', { v: null }),
      doc('coll/e', { v: double(1.5) }),
      doc('coll/f', { v: 2 }),
    ];
    expect(run(query('coll', orderBy('v')), docs)).toEqual([
      'coll/d',
      'coll/e',
      'coll/b',
      'coll/f',
      'coll/a',
    ]);
    expect(run(query('coll', orderBy('v', 'desc')), docs)).toEqual([
      'coll/a',
      'coll/f',
      'coll/b',
      'coll/e',
      'coll/d',
    ]);
    // Implicit inequality order-by also drops documents without the field.
    expect(run(query('coll', where('v', '!=', 'x')), docs)).toEqual([
      'coll/e',
      'coll/b',
      'coll/f',
      'coll/a',
    ]);
  });
});

describe('cursors, offset and limit', () => {
  const docs = [1, 2, 2, 3, 4].map((v, i) => doc(`coll/${String.fromCharCode(97 + i)}`, { v }));

  it('startAt/startAfter/endAt/endBefore follow inclusive/exclusive semantics', () => {
    expect(run(query('coll', orderBy('v'), startAt(2)), docs)).toEqual([
      'coll/b',
      'coll/c',
      'coll/d',
      'coll/e',
    ]);
    expect(run(query('coll', orderBy('v'), startAfter(2)), docs)).toEqual(['coll/d', 'coll/e']);
    expect(run(query('coll', orderBy('v'), endAt(2)), docs)).toEqual([
      'coll/a',
      'coll/b',
      'coll/c',
    ]);
    expect(run(query('coll', orderBy('v'), endBefore(2)), docs)).toEqual(['coll/a']);
    expect(run(query('coll', orderBy('v'), startAt(2, ref('coll/c'))), docs)).toEqual([
      'coll/c',
      'coll/d',
      'coll/e',
    ]);
    expect(run(query('coll', orderBy('v'), startAfter(2, ref('coll/b'))), docs)).toEqual([
      'coll/c',
      'coll/d',
      'coll/e',
    ]);
    expect(run(query('coll', orderBy('v', 'desc'), startAfter(3), endAt(2)), docs)).toEqual([
      'coll/c',
      'coll/b',
    ]);
    expect(run(query('coll', startAfter(ref('coll/c'))), docs)).toEqual(['coll/d', 'coll/e']);
  });

  it('applies offset then limit after sorting', () => {
    expect(run(query('coll', orderBy('v', 'desc'), offset(1), limit(2)), docs)).toEqual([
      'coll/d',
      'coll/c',
    ]);
    expect(run(query('coll', limit(0)), docs)).toEqual([]);
    const result = runCompiledQuery(compileQuery(ROOT, query('coll', offset(10))), docs);
    expect(result.skippedResults).toBe(5);
  });

  it('rejects cursors longer than the order-by and non-reference __name__ cursors', () => {
    expect(invalid(query('coll', orderBy('v'), startAt(1, ref('coll/a'), 3)))).toMatch(
      /Too many cursor values/,
    );
    invalid(query('coll', startAt('a')));
  });
});

describe('projection and validation', () => {
  it('select keeps only the listed fields; __name__ alone keeps none', () => {
    const d = doc('coll/a', { a: 1, b: { c: 2, d: 3 } });
    expect(applySelect(d, query('coll', select('b.c')).select).fields).toEqual(
      new Map([['b', wrap({ c: 2 })]]),
    );
    expect(applySelect(d, query('coll', select('__name__')).select).fields.size).toBe(0);
  });

  it('rejects invalid disjunctions, limits and selectors', () => {
    expect(
      invalid(
        query(
          'coll',
          where(
            'x',
            'in',
            Array.from({ length: 31 }, (_, i) => i),
          ),
        ),
      ),
    ).toMatch(/30/);
    invalid(query('coll', where('x', 'in', [])));
    expect(
      invalid(
        query(
          'coll',
          where(
            'x',
            'not-in',
            Array.from({ length: 11 }, (_, i) => i),
          ),
        ),
      ),
    ).toMatch(/10/);
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(
      invalid(query('coll', where('x', 'in', ten), where('y', 'array-contains-any', [1, 2, 3, 4]))),
    ).toMatch(/40 disjunctions/);
    compileQuery(
      ROOT,
      query('coll', where('x', 'in', ten), where('y', 'array-contains-any', [1, 2, 3])),
    );
    invalid(query('coll', where('x', 'in', 5)));
    invalid(query('coll', limit(-1)));
    invalid(query('coll', where('__name__', '==', 'coll/a')));
    invalid({ from: [], orderBy: [], offset: 0 });
    invalid(query(''));
    invalid(query('coll', whereFilter(and())));
    let deep = filter('x', '==', 1);
    for (let i = 0; i < 25; i++) deep = and(deep);
    expect(invalid(query('coll', whereFilter(deep)))).toMatch(/nested at most 20/);
  });
});

describe('key order and key equality', () => {
  it('rejects fields ordered after the key, explicitly or through an inequality', () => {
    expect(invalid(query('coll', where('k', '!=', 42), orderBy('__name__')))).toBe(
      'order by clause cannot contain more fields after the key __name__',
    );
    expect(invalid(query('coll', orderBy('__name__'), orderBy('a')))).toMatch(
      /order by clause cannot contain more fields after the key/,
    );
    expect(() =>
      compileQuery(ROOT, query('coll', where('k', '!=', 42), orderBy('k'), orderBy('__name__'))),
    ).not.toThrow();
  });

  it('rejects key equality beside inequalities that do not include the key', () => {
    expect(
      invalid(query('coll', where('k', '!=', 42), where('__name__', '==', ref('coll/doc1')))),
    ).toBe(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
    const allowed = [
      query('coll', where('k', '==', 42), where('__name__', '==', ref('coll/doc1'))),
      query(
        'coll',
        where('k', '>', 1),
        where('__name__', '>', ref('coll/a')),
        where('__name__', '==', ref('coll/doc1')),
      ),
    ];
    for (const q of allowed) expect(() => compileQuery(ROOT, q)).not.toThrow();
  });
});

describe('aggregations', () => {
  const docs = [
    doc('c/a', { n: 1, d: 0.5 }),
    doc('c/b', { n: 2, d: 'x' }),
    doc('c/c', { n: int((1n << 63n) - 1n) }),
    doc('c/d', {}),
  ];

  it('counts with up_to, sums integers exactly and overflows to double', () => {
    const result = aggregateDocuments(docs.slice(0, 2), [
      { alias: 'c', kind: 'count' },
      { alias: 'c1', kind: 'count', upTo: 1 },
      { alias: 's', kind: 'sum', field: ['n'] },
      { alias: 'sd', kind: 'sum', field: ['d'] },
      { alias: 'a', kind: 'avg', field: ['d'] },
      { alias: 'none', kind: 'avg', field: ['missing'] },
      { alias: 'zero', kind: 'sum', field: ['missing'] },
    ]);
    expect(Object.fromEntries(result)).toEqual({
      c: int(2),
      c1: int(1),
      s: int(3),
      sd: double(0.5),
      a: double(0.5),
      none: wrap(null),
      zero: int(0),
    });
    const overflow = aggregateDocuments(docs, [{ alias: 's', kind: 'sum', field: ['n'] }]);
    expect(overflow.get('s')).toEqual(double(2 ** 63 + 3));
  });

  it('filters by the existence of every aggregated field, before the limit', () => {
    const aggregations = [
      { alias: 'c', kind: 'count' as const },
      { alias: 's', kind: 'sum' as const, field: ['n'] },
      { alias: 'a', kind: 'avg' as const, field: ['d'] },
      { alias: 'a2', kind: 'avg' as const, field: ['d'] },
    ];
    const required = aggregatedFields(aggregations);
    expect(required).toEqual([['n'], ['d']]);
    const unlimited = runCompiledQuery(compileQuery(ROOT, query('c'), required), docs);
    // c/c lacks `d` and c/d lacks both; c/b's string `d` exists, so it counts.
    expect(unlimited.documents.map((d) => d.name)).toEqual([nameOf('c/a'), nameOf('c/b')]);
    const limited = runCompiledQuery(compileQuery(ROOT, query('c', limit(2)), [['n']]), docs);
    expect(limited.documents).toHaveLength(2);
    expect(runCompiledQuery(compileQuery(ROOT, query('c'), [['x']]), docs).documents).toEqual([]);
  });

  it('validates aliases and counts', () => {
    expect(() => validateAggregations([])).toThrow(EmulatorError);
    expect(() =>
      validateAggregations([
        { alias: 'a', kind: 'count' },
        { alias: 'a', kind: 'count' },
      ]),
    ).toThrow(/Duplicate/);
    const six = Array.from({ length: 6 }, (_, i) => ({ alias: `c${i}`, kind: 'count' as const }));
    expect(() => validateAggregations(six)).toThrow(/maximum number of aggregations/);
    expect(() => validateAggregations(six.slice(1))).not.toThrow();
  });
});
