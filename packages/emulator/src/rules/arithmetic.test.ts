import { describe, expect, it } from 'vitest';
import { evaluate, outcome } from './testing.js';

describe('arithmetic', () => {
  it.each([
    ['1 + 2', { type: 'int', value: 3n }],
    ['7 / 2', { type: 'int', value: 3n }],
    ['-7 / 2', { type: 'int', value: -3n }],
    ['-7 % 3', { type: 'int', value: -1n }],
    ['2 * 3.5', { type: 'float', value: 7 }],
    ['1 + 0.5', { type: 'float', value: 1.5 }],
    ['7.0 / 2', { type: 'float', value: 3.5 }],
    ['-(3)', { type: 'int', value: -3n }],
    ['-(2.5)', { type: 'float', value: -2.5 }],
    ["'ab' + 'cd'", { type: 'string', value: 'abcd' }],
    [
      '[1] + [2]',
      {
        type: 'list',
        items: [
          { type: 'int', value: 1n },
          { type: 'int', value: 2n },
        ],
      },
    ],
  ])('%s', (text, expected) => {
    expect(evaluate(text)).toEqual(expected);
  });

  it('follows IEEE for floats: 1.0 / 0 is infinite, 0.0 / 0 is NaN', () => {
    expect(outcome('math.isInfinite(1.0 / 0)')).toBe(true);
    expect(outcome('math.isNaN(0.0 / 0)')).toBe(true);
  });

  it.each([
    ['9223372036854775807 + 1', 'Integer overflow.'],
    ['-9223372036854775808 - 1', 'Integer overflow.'],
    ['9223372036854775807 * 2', 'Integer overflow.'],
    ['-(-9223372036854775808)', 'Integer overflow.'],
    ['-9223372036854775808 / -1', 'Integer overflow.'],
    ['1 / 0', 'Division by zero.'],
    ['1 % 0', 'Modulo by zero.'],
    ["1 + '1'", 'Unsupported operation: + on int and string.'],
    ["'a' - 'b'", 'Unsupported operation: - on string and string.'],
    ['true + 1', 'Unsupported operation: + on bool and int.'],
    ["-'a'", 'Unsupported operation: - on string.'],
    ['null * 2', 'Unsupported operation: * on null and int.'],
  ])('%s is an error: %s', (text, message) => {
    expect(() => evaluate(text)).toThrow(message);
  });

  it('keeps the largest ints exact', () => {
    expect(evaluate('9223372036854775806 + 1')).toEqual({
      type: 'int',
      value: 9223372036854775807n,
    });
  });
});

describe('math', () => {
  it.each([
    ['math.abs(-3) == 3', true],
    ['math.abs(-2.5) == 2.5', true],
    ['math.ceil(1.2) == 2', true],
    ['math.ceil(1.2) is int', true],
    ['math.floor(-1.2) == -2', true],
    ['math.round(2.5) == 3', true],
    ['math.round(-2.5) == -3', true],
    ['math.sqrt(16) == 4.0', true],
    ['math.pow(2, 10) == 1024', true],
    ['math.isNaN(1.0)', false],
    ['math.isInfinite(1)', false],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('errors on a non-number argument', () => {
    expect(outcome("math.abs('1') == 1")).toBe('error');
  });
});
