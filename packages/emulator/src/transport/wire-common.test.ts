import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { formatFieldPath, parseFieldPath as parseModelFieldPath } from '../model/paths.js';
import { formatRfc3339, parseInt32, parseInt64, parseRfc3339 } from './wire-common.js';

/** The field path grammar requests use (model/paths.ts with wire syntax). */
function parseFieldPath(text: string, where: string): readonly string[] {
  return parseModelFieldPath(text, { where, unquoted: 'wire' });
}

describe('parseFieldPath', () => {
  it('splits plain and quoted segments', () => {
    expect(parseFieldPath('a.b.c', 'x')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`my field`.x', 'x')).toEqual(['my field', 'x']);
    expect(parseFieldPath('`a.b`.`c\\`d`.`e\\\\f`', 'x')).toEqual(['a.b', 'c`d', 'e\\f']);
    expect(parseFieldPath('__name__', 'x')).toEqual(['__name__']);
  });

  it('rejects malformed paths with INVALID_ARGUMENT naming the field', () => {
    for (const bad of ['', 'a..b', 'a.', '.a', '`a', 'a b', '`a`b', '``']) {
      expect(() => parseFieldPath(bad, 'orderBy[0].field')).toThrow(EmulatorError);
      try {
        parseFieldPath(bad, 'orderBy[0].field');
      } catch (error) {
        expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
        expect((error as EmulatorError).message).toContain('orderBy[0].field');
      }
    }
  });

  it('round-trips through formatFieldPath', () => {
    for (const path of [['a', 'b'], ['with space', '1x', 'back`tick', 'dot.ted'], ['__name__']]) {
      expect(parseFieldPath(formatFieldPath(path), 'x')).toEqual(path);
    }
  });
});

describe('RFC 3339 timestamps', () => {
  it('parses 0 to 9 fraction digits and offsets', () => {
    expect(parseRfc3339('1970-01-01T00:00:00Z', 't')).toEqual({ seconds: 0, nanos: 0 });
    expect(parseRfc3339('2023-11-14T22:13:20.123456789Z', 't')).toEqual({
      seconds: 1700000000,
      nanos: 123456789,
    });
    expect(parseRfc3339('2023-11-14T22:13:20.5Z', 't')).toEqual({
      seconds: 1700000000,
      nanos: 500000000,
    });
    expect(parseRfc3339('2023-11-15T00:13:20+02:00', 't')).toEqual({
      seconds: 1700000000,
      nanos: 0,
    });
    expect(parseRfc3339('0001-01-01T00:00:00Z', 't')).toEqual({ seconds: -62135596800, nanos: 0 });
    // Years below 100 are not shifted into the 1900s (checked against Python's datetime).
    expect(parseRfc3339('0099-03-01T00:00:00Z', 't')).toEqual({ seconds: -59037897600, nanos: 0 });
  });

  it('rejects impossible or out-of-range dates', () => {
    for (const bad of [
      '2023-02-30T00:00:00Z',
      '2023-01-01T24:00:00Z',
      '2023-01-01 00:00:00Z',
      '10000-01-01T00:00:00Z',
      'x',
    ]) {
      expect(() => parseRfc3339(bad, 'readTime')).toThrow(/readTime/);
    }
  });

  it('formats with 0, 3, 6 or 9 fraction digits', () => {
    expect(formatRfc3339({ seconds: 1700000000, nanos: 0 })).toBe('2023-11-14T22:13:20Z');
    expect(formatRfc3339({ seconds: 1700000000, nanos: 120000000 })).toBe(
      '2023-11-14T22:13:20.120Z',
    );
    expect(formatRfc3339({ seconds: 1700000000, nanos: 123456000 })).toBe(
      '2023-11-14T22:13:20.123456Z',
    );
    expect(formatRfc3339({ seconds: 1700000000, nanos: 1 })).toBe('2023-11-14T22:13:20.000000001Z');
    expect(formatRfc3339({ seconds: -62135596800, nanos: 0 })).toBe('0001-01-01T00:00:00Z');
  });
});

describe('integers', () => {
  it('accepts int64 strings and safe numbers within range', () => {
    expect(parseInt64('9223372036854775807', 'v')).toBe(9223372036854775807n);
    expect(parseInt64('-9223372036854775808', 'v')).toBe(-9223372036854775808n);
    expect(parseInt64(42, 'v')).toBe(42n);
    expect(() => parseInt64('9223372036854775808', 'v')).toThrow(/TYPE_INT64/);
    expect(() => parseInt64('1.5', 'v')).toThrow(EmulatorError);
    expect(() => parseInt64(1.5, 'v')).toThrow(EmulatorError);
  });

  it('bounds int32', () => {
    expect(parseInt32('7', 'limit')).toBe(7);
    expect(() => parseInt32(2 ** 31, 'limit')).toThrow(/limit/);
  });
});
