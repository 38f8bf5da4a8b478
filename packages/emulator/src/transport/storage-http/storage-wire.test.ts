import { describe, expect, it } from 'vitest';
import { fromWireMetadata, rangeOf, RangeNotSatisfiableError } from './storage-wire.js';

describe('rangeOf', () => {
  it('reads one range in each form, clamped to the object', () => {
    expect(rangeOf('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(rangeOf('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=0-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
  });

  it('ignores what Storage ignores and refuses a start past the end', () => {
    expect(rangeOf(undefined, 100)).toBeUndefined();
    expect(rangeOf('items=0-1', 100)).toBeUndefined();
    expect(rangeOf('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(rangeOf('bytes=9-2', 100)).toBeUndefined();
    // An empty object has nothing to range over: it is sent whole.
    expect(rangeOf('bytes=0-10', 0)).toBeUndefined();
    expect(() => rangeOf('bytes=100-', 100)).toThrow(RangeNotSatisfiableError);
    expect(() => rangeOf('bytes=-0', 100)).toThrow(RangeNotSatisfiableError);
  });
});

describe('fromWireMetadata', () => {
  it('keeps writable fields and nulls, stringifies custom scalars, ignores read-only fields', () => {
    expect(
      fromWireMetadata({
        name: 'x',
        size: 5,
        contentType: 'image/png',
        cacheControl: null,
        metadata: { a: 'b', n: 1, gone: null },
      }),
    ).toEqual({
      contentType: 'image/png',
      cacheControl: null,
      metadata: { a: 'b', n: '1', gone: null },
    });
  });

  it('refuses wrong types with the field named', () => {
    expect(() => fromWireMetadata([])).toThrow(/must be a JSON object/);
    expect(() => fromWireMetadata({ contentType: 5 })).toThrow(/contentType must be a string/);
    expect(() => fromWireMetadata({ metadata: { a: {} } })).toThrow(/"a" must be a string/);
  });
});
