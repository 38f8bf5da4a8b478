import { describe, expect, it } from 'vitest';
import { outcome } from './testing.js';

describe('equality', () => {
  it.each([
    ['1 == 1.0', true],
    ['1 != 1.0', false],
    ['0.1 + 0.2 == 0.3', false],
    ["'a' == 'a'", true],
    ['null == null', true],
    ['[1, [2]] == [1.0, [2.0]]', true],
    ['[1, 2] == [2, 1]', false],
    ["{'a': 1, 'b': 2} == {'b': 2, 'a': 1.0}", true],
    ["{'a': 1} == {'a': 1, 'b': 2}", false],
    ['[1, 2, 2].toSet() == [2, 1].toSet()', true],
    ['/a/b == /a/b', true],
    ['/a/b == /a/c', false],
    ['timestamp.value(5) == timestamp.value(5)', true],
    ['9007199254740993 == 9007199254740992.0', false],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each([
    ["1 == '1'", false],
    ["1 != '1'", true],
    ['null == 0', false],
    ['null != false', true],
    ["'/a/b' == /a/b", false],
    ['[1] == [1].toSet()', false],
    ["{'a': 1} == ['a']", false],
  ])('across types never errors: %s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('NaN is unequal to itself', () => {
    expect(outcome('(0.0 / 0) == (0.0 / 0)')).toBe(false);
    expect(outcome('(0.0 / 0) != (0.0 / 0)')).toBe(true);
  });
});

describe('ordering', () => {
  it.each([
    ['1 < 2', true],
    ['2 <= 2.0', true],
    ['2.5 > 2', true],
    ['-1 >= -1', true],
    ["'abc' < 'abd'", true],
    ["'Z' < 'a'", true],
    ["'ab' < 'abc'", true],
    // Code point order, not UTF-16 order: U+FFFD sorts before U+1F600.
    ["'\\uFFFD' < '😀'", true],
    ['timestamp.value(1) < timestamp.value(2)', true],
    ["duration.value(1, 'm') > duration.value(59, 's')", true],
    ["b'\\x01' < b'\\x02'", true],
    ['false < true', true],
    ['(0.0 / 0) < 1', false],
    // The float literal rounds to 2^63, which is above every int.
    ['9223372036854775807 < 9223372036854775806.0', true],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each([
    "1 < '2'",
    "'a' > null",
    'null < null',
    '[1] < [2]',
    "{'a': 1} <= {'a': 1}",
    'true < 1',
    '/a < /b',
  ])('across or among unordered types is an error: %s', (text) => {
    expect(outcome(text)).toBe('error');
  });
});

describe('membership', () => {
  it.each([
    ["'a' in {'a': 1}", true],
    ["'b' in {'a': 1}", false],
    ['2 in [1, 2.0]', true],
    ["'x' in ['y']", false],
    ['1.0 in [1].toSet()', true],
    ['[1] in [[1]]', true],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each(["1 in {'a': 1}", "'a' in 'abc'", '1 in 1'])('%s is an error', (text) => {
    expect(outcome(text)).toBe('error');
  });
});

describe('conditional expressions', () => {
  it.each([
    ['true ? 1 : 2', 1n],
    ['false ? 1 : 2', 2n],
    ['1 < 2 ? (3 > 4 ? 5 : 6) : 7', 6n],
  ])('%s', (text, value) => {
    expect(outcome(`(${text}) == ${value}`)).toBe(true);
  });

  it('evaluates only the chosen branch', () => {
    expect(outcome('true ? true : (1 / 0 == 1)')).toBe(true);
  });

  it('errors on a non-bool or failing test', () => {
    expect(outcome("'yes' ? true : false")).toBe('error');
    expect(outcome('(1 / 0 == 1) ? true : true')).toBe('error');
  });
});
