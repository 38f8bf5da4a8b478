import { describe, expect, it } from 'vitest';
import { evaluate, outcome } from './testing.js';
import { fromJson, fromModelValue, mapOf, resourceOf, str } from './values.js';
import { doc } from './testing.js';

describe('literals', () => {
  it.each([
    ['null', { type: 'null' }],
    ['true', { type: 'bool', value: true }],
    ['42', { type: 'int', value: 42n }],
    ['-7', { type: 'int', value: -7n }],
    ['2.5', { type: 'float', value: 2.5 }],
    ["'text'", { type: 'string', value: 'text' }],
    ["b'\\x01'", { type: 'bytes', value: Uint8Array.from([1]) }],
    [
      '[1, 2.0]',
      {
        type: 'list',
        items: [
          { type: 'int', value: 1n },
          { type: 'float', value: 2 },
        ],
      },
    ],
    [
      '/databases/x/documents/a/b',
      { type: 'path', segments: ['databases', 'x', 'documents', 'a', 'b'] },
    ],
  ])('%s evaluates to its value', (text, expected) => {
    expect(evaluate(text)).toEqual(expected);
  });

  it('builds maps from literal keys', () => {
    expect(evaluate("{'a': 1, 'b': [true]}")).toEqual(
      mapOf({
        a: { type: 'int', value: 1n },
        b: { type: 'list', items: [{ type: 'bool', value: true }] },
      }),
    );
  });

  it('rejects non-string map keys', () => {
    expect(outcome('{1: 2} == {}')).toBe('error');
  });
});

describe('`is` type checks', () => {
  it.each([
    ["'s' is string", true],
    ['1 is int', true],
    ['1 is float', false],
    ['1.0 is float', true],
    ['1 is number', true],
    ['1.5 is number', true],
    ["'1' is number", false],
    ['true is bool', true],
    ['null is null', true],
    ['[] is list', true],
    ['{} is map', true],
    ['[1].toSet() is set', true],
    ["b'x' is bytes", true],
    ['/a/b is path', true],
    ['timestamp.value(0) is timestamp', true],
    ["duration.value(1, 's') is duration", true],
    ['latlng.value(1, 2) is latlng', true],
    ['{}.diff({}) is map_diff', true],
    ['[] is map', false],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('propagates an error in its operand', () => {
    expect(outcome('{}.missing is string')).toBe('error');
  });
});

describe('conversions', () => {
  it.each([
    ['int(2.9) == 2', true],
    ['int(-2.9) == -2', true],
    ["int('42') == 42", true],
    ["float('1.5') == 1.5", true],
    ['float(3) == 3.0', true],
    ['float(3) is float', true],
    ['string(true) == "true"', true],
    ['string(1) == "1"', true],
    ['string(2.0) == "2.0"', true],
    ['string(null) == "null"', true],
    ["string(/a/b) == '/a/b'", true],
    ["bool('true') == true", true],
    ["path('/databases/d/documents/a/b') == /databases/d/documents/a/b", true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each([
    "int('4x')",
    "int('')",
    'int(1.0 / 0)',
    "float('abc')",
    'string([1])',
    "bool('yes')",
    "path('a//b')",
  ])('%s is an error', (text) => {
    expect(outcome(`${text} == 0`)).toBe('error');
  });
});

describe('values from Firestore and tokens', () => {
  it('maps stored values to rules types', () => {
    expect(fromModelValue({ kind: 'integer', value: 5n })).toEqual({ type: 'int', value: 5n });
    expect(fromModelValue({ kind: 'double', value: 5 })).toEqual({ type: 'float', value: 5 });
    expect(
      fromModelValue({ kind: 'reference', value: 'projects/p/databases/(default)/documents/a/b' }),
    ).toEqual({
      type: 'path',
      segments: ['databases', '(default)', 'documents', 'a', 'b'],
    });
    expect(fromModelValue({ kind: 'geoPoint', latitude: 1, longitude: 2 })).toEqual({
      type: 'latlng',
      lat: 1,
      lng: 2,
    });
    expect(fromModelValue({ kind: 'timestamp', value: { seconds: 1, nanos: 5 } })).toEqual({
      type: 'timestamp',
      nanos: 1_000_000_005n,
    });
  });

  it('maps token claims: whole numbers are ints, objects maps', () => {
    const token = fromJson({
      email_verified: true,
      iat: 0,
      firebase: { sign_in_provider: 'anonymous' },
      score: 1.5,
    });
    expect(
      outcome(
        "t.email_verified && t.iat == 0 && t.iat is int && t.score is float && t.firebase.sign_in_provider == 'anonymous'",
        { t: token },
      ),
    ).toBe(true);
  });

  it('gives a resource its data, id and __name__', () => {
    const resource = resourceOf(doc('users/alice', { n: 1n }));
    expect(
      outcome(
        "r.id == 'alice' && r.data.n == 1 && r.__name__ == /databases/(default)/documents/users/alice",
        { r: resource },
      ),
    ).toBe(true);
    expect(outcome("r['__name__'][4] == 'alice'", { r: resource })).toBe(true);
    expect(resourceOf(null)).toEqual({ type: 'null' });
    expect(str('x')).toEqual({ type: 'string', value: 'x' });
  });
});

describe('hostile token claims', () => {
  it('reads claims nested past 32 levels as null instead of overflowing', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const token = fromJson({ deep });
    expect(outcome('t.deep[0][0][0] is list', { t: token })).toBe(true);
  });
});
