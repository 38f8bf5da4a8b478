import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytes, double, geo, int, ref, timestamp, vector, wrap } from './builders.js';
import type { Value } from './types.js';
import {
  compareResourceNames,
  compareUtf8Strings,
  valueCanonicalId,
  valueCompare,
  valueEquals,
  valueIdentical,
  valueTypeOrder,
} from './values.js';

/** Asserts that `values` are strictly ascending and that compare is antisymmetric. */
function expectAscending(values: readonly Value[]): void {
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < values.length; j++) {
      const expected = Math.sign(i - j);
      expect(valueCompare(values[i] as Value, values[j] as Value), `${i} vs ${j}`).toBe(expected);
    }
  }
}

describe('valueCompare', () => {
  it('orders types null < bool < number < timestamp < string < bytes < reference < geo < array < vector < map', () => {
    expectAscending([
      wrap(null),
      wrap(true),
      wrap(-1e300),
      timestamp(0),
      wrap(''),
      bytes(),
      ref('a/b'),
      geo(-90, -180),
      wrap([]),
      vector([]),
      wrap({}),
    ]);
    expect(valueTypeOrder(vector([1]))).toBeLessThan(valueTypeOrder(wrap({ a: 1 })));
  });

  it('orders numbers numerically across integers and doubles, NaN first', () => {
    expectAscending([
      double(NaN),
      double(-Infinity),
      int(-(1n << 63n)),
      double(-1.5),
      int(-1),
      double(-0.5),
      int(0),
      double(0.5),
      int(1),
      double(1.5),
      int(2),
      double(2 ** 53),
      int(2n ** 53n + 1n),
      int((1n << 63n) - 1n),
      double(2 ** 63),
      double(Infinity),
    ]);
  });

  it('treats 0, -0 and 0.0 as equal, 1 and 1.0 as equal, and NaN as equal to NaN', () => {
    expect(valueCompare(double(-0), int(0))).toBe(0);
    expect(valueCompare(double(-0), double(0))).toBe(0);
    expect(valueEquals(int(1), double(1))).toBe(true);
    expect(valueEquals(double(NaN), double(NaN))).toBe(true);
    // Big integers are not rounded through doubles.
    expect(valueCompare(int(2n ** 53n + 1n), double(2 ** 53))).toBe(1);
    expect(valueEquals(int(2n ** 53n), double(2 ** 53))).toBe(true);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 code units', () => {
    // U+FFFD (EF BF BD) < U+1F600 (F0 9F 98 80) in UTF-8, though its UTF-16 unit is larger.
    expect('\u{1F600}' < '\uFFFD').toBe(true);
    expect(compareUtf8Strings('\uFFFD', '\u{1F600}')).toBe(-1);
    expectAscending([
      wrap(''),
      wrap('A'),
      wrap('a'),
      wrap('ab'),
      wrap('é'),
      wrap('\uFFFD'),
      wrap('\u{1F600}'),
    ]);
    expect(valueCompare(wrap('\u{1F600}a'), wrap('\u{1F600}b'))).toBe(-1);
  });

  it('orders timestamps, bytes, references and geo points', () => {
    expectAscending([timestamp(-1, 999_999_999), timestamp(0), timestamp(0, 1), timestamp(1)]);
    expectAscending([bytes(), bytes(0), bytes(0, 0), bytes(0, 1), bytes(1), bytes(255)]);
    expectAscending([ref('a/b'), ref('a/b/c/d'), ref('a/c'), ref('b/a'), ref('ba/a')]);
    // Segment-wise: 'a/b' sorts before 'a-/b' although '/' > '-' character-wise.
    expect(valueCompare(ref('a/b'), ref('a-/b'))).toBe(-1);
    expectAscending([geo(-10, 5), geo(0, -5), geo(0, 0), geo(10, -100)]);
  });

  it('orders arrays element-wise, then by length', () => {
    expectAscending([
      wrap([]),
      wrap([null]),
      wrap([1]),
      wrap([1, 'a']),
      wrap([1, 'b']),
      wrap([2]),
      wrap(['a']),
    ]);
  });

  it('orders vectors by dimension first, then element-wise', () => {
    expectAscending([vector([]), vector([100]), vector([1, 2]), vector([1, 3]), vector([0, 0, 0])]);
  });

  it('orders maps by sorted keys, then values, then size', () => {
    expectAscending([
      wrap({}),
      wrap({ a: 1 }),
      wrap({ a: 1, b: 0 }),
      wrap({ a: 2 }),
      wrap({ a: 2, b: 1 }),
      wrap({ b: 0 }),
      wrap({ '\u{1F600}': 0 }),
    ]);
    expect(valueCompare(wrap({ b: 1, a: 1 }), wrap({ a: 1, b: 1 }))).toBe(0);
    expect(valueCompare(wrap({ a: { x: [1, 2] } }), wrap({ a: { x: [1, 3] } }))).toBe(-1);
  });
});

describe('compareResourceNames', () => {
  it('equals a segment-by-segment UTF-8 comparison', () => {
    const segment = fc
      .array(fc.constantFrom('a', 'b', '-', '.', '\u0000', '\uFFFD', '\u{1F600}', 'é'), {
        minLength: 1,
        maxLength: 3,
      })
      .map((chars) => chars.join(''));
    const path = fc.array(segment, { minLength: 1, maxLength: 4 });
    const naive = (a: string[], b: string[]): number => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const c = compareUtf8Strings(a[i] as string, b[i] as string);
        if (c !== 0) return c;
      }
      return Math.sign(a.length - b.length);
    };
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(compareResourceNames(a.join('/'), b.join('/'))).toBe(naive(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('orders numeric ids (__id<int64>__) first, numerically, as production does', () => {
    const names = [
      'c/a',
      'c/__id-5__',
      'c/__id7__',
      'c/__id30__',
      'c/__id__x',
      'c/b/d/__id1__',
      'c/b/d/a',
    ];
    const sorted = [...names].sort(compareResourceNames);
    expect(sorted).toEqual([
      'c/__id-5__',
      'c/__id7__',
      'c/__id30__',
      'c/__id__x',
      'c/a',
      'c/b/d/__id1__',
      'c/b/d/a',
    ]);
    expect(
      compareResourceNames('c/__id9223372036854775807__', 'c/__id-9223372036854775808__'),
    ).toBe(1);
  });
});

describe('valueIdentical', () => {
  it('is type-sensitive where equality is numeric', () => {
    expect(valueIdentical(int(1), double(1))).toBe(false);
    expect(valueIdentical(double(0), double(-0))).toBe(false);
    expect(valueIdentical(double(NaN), double(NaN))).toBe(true);
    expect(valueIdentical(wrap({ a: [1, { b: 'x' }] }), wrap({ a: [1, { b: 'x' }] }))).toBe(true);
    expect(valueIdentical(wrap({ a: [1] }), wrap({ a: [1, 2] }))).toBe(false);
  });
});

describe('valueCanonicalId', () => {
  it('matches valueEquals: equal values share an id, different ones do not', () => {
    expect(valueCanonicalId(int(3))).toBe(valueCanonicalId(double(3)));
    expect(valueCanonicalId(double(-0))).toBe(valueCanonicalId(int(0)));
    expect(valueCanonicalId(wrap({ b: 1, a: 2 }))).toBe(valueCanonicalId(wrap({ a: 2, b: 1 })));
    expect(valueCanonicalId(wrap('1'))).not.toBe(valueCanonicalId(int(1)));
    expect(valueCanonicalId(int(2n ** 53n + 1n))).not.toBe(valueCanonicalId(double(2 ** 53)));
  });
});
