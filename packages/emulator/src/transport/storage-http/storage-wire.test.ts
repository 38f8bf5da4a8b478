import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../storage/byte-budget.js';
import {
  fromWireMetadata,
  rangeOf,
  RangeNotSatisfiableError,
  readReservedBody,
} from './storage-wire.js';

function request(chunks: readonly Buffer[], contentLength?: number): IncomingMessage {
  const req = Readable.from(chunks, { objectMode: false }) as unknown as IncomingMessage;
  Object.assign(req, {
    headers: contentLength === undefined ? {} : { 'content-length': String(contentLength) },
    complete: true,
  });
  return req;
}

describe('readReservedBody', () => {
  const limits = { bodyIdleTimeoutMs: 5_000 };
  const pieces = [Buffer.from('hello '), Buffer.from('wor'), Buffer.from('ld')];

  it('reads a declared length into one buffer of exactly that size', async () => {
    const budget = new ByteBudget(100);
    const reservation = budget.reserve();
    const body = await readReservedBody(request(pieces, 11), reservation, limits);
    expect(body.toString()).toBe('hello world');
    expect(body.buffer.byteLength).toBe(11);
    expect(reservation.bytes).toBe(11);
  });

  it('reads a body without a length, and one longer than declared, whole', async () => {
    const budget = new ByteBudget(100);
    expect((await readReservedBody(request(pieces), budget.reserve(), limits)).toString()).toBe(
      'hello world',
    );
    const reservation = budget.reserve();
    const body = await readReservedBody(request(pieces, 4), reservation, limits);
    expect(body.toString()).toBe('hello world');
    expect(reservation.bytes).toBe(11);
  });
});

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
