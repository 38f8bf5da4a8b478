import { describe, expect, it } from 'vitest';
import { fromFields, fromValue, toFields, toValue } from '../src/index.js';

describe('Firestore REST encoding', () => {
  it('encodes the value types the seed writes', () => {
    expect(toValue('x')).toEqual({ stringValue: 'x' });
    expect(toValue(3)).toEqual({ integerValue: '3' });
    expect(toValue(1.5)).toEqual({ doubleValue: 1.5 });
    expect(toValue(true)).toEqual({ booleanValue: true });
    expect(toValue(null)).toEqual({ nullValue: 'NULL_VALUE' });
    expect(toValue(new Date('2026-01-02T03:04:05.678Z'))).toEqual({
      timestampValue: '2026-01-02T03:04:05.678Z',
    });
    expect(toValue([])).toEqual({ arrayValue: {} });
    expect(toValue(['a'])).toEqual({ arrayValue: { values: [{ stringValue: 'a' }] } });
    expect(toValue({ a: 1 })).toEqual({ mapValue: { fields: { a: { integerValue: '1' } } } });
  });

  it('leaves undefined fields out', () => {
    expect(toFields({ a: 'x', b: undefined })).toEqual({ a: { stringValue: 'x' } });
  });

  it('decodes what it encodes, and the other kinds the server sends', () => {
    const data = {
      s: 'x',
      i: 3,
      d: 1.5,
      b: false,
      n: null,
      t: new Date('2026-01-02T03:04:05.678Z'),
      a: [1, 'two', []],
      m: { nested: { deep: true } },
    };
    expect(fromFields(toFields(data))).toEqual(data);
    expect(fromValue({ referenceValue: 'projects/p/databases/(default)/documents/a/b' })).toBe(
      'projects/p/databases/(default)/documents/a/b',
    );
    expect(fromValue({ integerValue: '-9' })).toBe(-9);
    expect(fromValue({ geoPointValue: { latitude: 1, longitude: 2 } })).toEqual({
      latitude: 1,
      longitude: 2,
    });
    expect(() => fromValue({ strange: 1 })).toThrow(/Unknown Firestore value/);
  });
});
