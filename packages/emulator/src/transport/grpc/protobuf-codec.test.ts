// What the equivalence test against proto-loader (service-definition.test.ts) does not reach:
// map keys that are property names of Object.prototype, int64 beyond 2^53, encodings other
// writers use (unpacked lists), and bytes that are not a message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, MessageTypes } from './protobuf-codec.js';
import type { DescriptorJson } from './protobuf-codec.js';
import { DESCRIPTOR_URL } from './service-definition.js';

const types = new MessageTypes(JSON.parse(readFileSync(DESCRIPTOR_URL, 'utf8')) as DescriptorJson);
const VALUE = types.message('google.firestore.v1.Value');
const DOCUMENT = types.message('google.firestore.v1.Document');
const TARGET_CHANGE = types.message('google.firestore.v1.TargetChange');

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('the descriptor-driven protobuf codec', () => {
  it('keeps a map key named __proto__ as a field', () => {
    const document: unknown = JSON.parse(
      '{"fields": {"__proto__": {"stringValue": "kept"}, "b": {"booleanValue": true}}}',
    );
    const decoded = decodeMessage(DOCUMENT, encodeMessage(DOCUMENT, document));
    const fields = decoded.fields as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual({
      stringValue: 'kept',
    });
  });

  it('writes and reads every int64 exactly, as decimal strings', () => {
    for (const integerValue of [
      '0',
      '1',
      '-1',
      '9007199254740993',
      '-9223372036854775808',
      '9223372036854775807',
    ]) {
      expect(decodeMessage(VALUE, encodeMessage(VALUE, { integerValue }))).toEqual({
        integerValue,
      });
    }
    // -1 is ten bytes on the wire, as every protobuf writer puts it.
    expect(encodeMessage(VALUE, { integerValue: '-1' })).toEqual(hex('10 ffffffffffffffffff01'));
  });

  it('reads repeated numbers packed and unpacked alike', () => {
    const packed = hex('12 03 01 02 03'); // targetIds (field 2) = [1, 2, 3], packed
    const unpacked = hex('10 01 10 02 10 03');
    expect(decodeMessage(TARGET_CHANGE, packed)).toEqual({ targetIds: [1, 2, 3] });
    expect(decodeMessage(TARGET_CHANGE, unpacked)).toEqual({ targetIds: [1, 2, 3] });
    expect(encodeMessage(TARGET_CHANGE, { targetIds: [1, 2, 3] })).toEqual(packed);
  });

  it('skips fields it does not know, of every wire type', () => {
    const unknown = hex('f8 01 05   f9 01 0102030405060708   fa 01 02 6869   fd 01 01020304');
    const booleanValue = hex('08 01');
    expect(decodeMessage(VALUE, Buffer.concat([unknown, booleanValue]))).toEqual({
      booleanValue: true,
    });
  });

  it('writes strings and messages longer than a one-byte length', () => {
    const stringValue = 'é'.repeat(300);
    const nested = { mapValue: { fields: { long: { stringValue } } } };
    expect(decodeMessage(VALUE, encodeMessage(VALUE, nested))).toEqual(nested);
  });

  it.each([
    ['a length past the end', hex('8a 01 05 6869')],
    ['a varint that never ends', hex('08 ff ff ff ff ff ff ff ff ff ff')],
    ['a wire type that does not exist', hex('0f')],
    ['the wrong wire type for a known field', hex('8d 01 00000000')],
    ['a nested message longer than its parent', hex('32 02 0a 05 68 69')],
  ])('refuses bytes with %s', (_, bytes) => {
    expect(() => decodeMessage(VALUE, bytes)).toThrow();
  });

  it('refuses messages nested past protoc’s recursion limit, both ways', () => {
    const nest = (depth: number): Record<string, unknown> => {
      let value: Record<string, unknown> = { nullValue: 'NULL_VALUE' };
      for (let i = 0; i < depth; i++) value = { mapValue: { fields: { a: value } } };
      return value;
    };
    expect(() => encodeMessage(VALUE, nest(60))).toThrow(/max depth exceeded/);
    expect(decodeMessage(VALUE, encodeMessage(VALUE, nest(30)))).toEqual(nest(30));
    // Written by hand: Value{map_value: MapValue{fields: {"a": …}}}, 60 levels of it.
    const delimited = (tag: number, payload: Buffer): Buffer => {
      const length: number[] = [];
      for (let n = payload.length; ; n >>>= 7) {
        length.push(n > 0x7f ? (n & 0x7f) | 0x80 : n);
        if (n <= 0x7f) break;
      }
      return Buffer.concat([Buffer.from([tag, ...length]), payload]);
    };
    let bytes = hex('58 00');
    for (let i = 0; i < 60; i++) {
      bytes = delimited(
        0x32,
        delimited(0x0a, Buffer.concat([hex('0a 01 61'), delimited(0x12, bytes)])),
      );
    }
    expect(() => decodeMessage(VALUE, bytes)).toThrow(/maximum nesting depth exceeded/);
  });
});
