import { describe, expect, it } from 'vitest';
import { toFields, toValue } from './firestore-rest.mjs';

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
});
