import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { double, geo, int, nameOf, ref, timestamp, wrap, wrapFields } from './builders.js';
import {
  applyTransforms,
  applyUpdateMask,
  deleteField,
  documentSize,
  getField,
  indexEntryCount,
  normalizeFields,
  projectFields,
  setField,
  validateDocumentLimits,
  validateFields,
  valueSize,
} from './document.js';

describe('field access', () => {
  const fields = wrapFields({ a: { b: { c: 1 } }, x: 'y' });

  it('gets nested fields and misses through non-maps', () => {
    expect(getField(fields, ['a', 'b', 'c'])).toEqual(int(1));
    expect(getField(fields, ['x', 'y'])).toBeUndefined();
    expect(getField(fields, ['nope'])).toBeUndefined();
  });

  it('sets and deletes copy-on-write', () => {
    const updated = setField(fields, ['a', 'b', 'd'], wrap(2));
    expect(getField(updated, ['a', 'b', 'd'])).toEqual(int(2));
    expect(getField(fields, ['a', 'b', 'd'])).toBeUndefined();
    expect(getField(setField(fields, ['x', 'z'], wrap(1)), ['x', 'z'])).toEqual(int(1));
    const removed = deleteField(fields, ['a', 'b', 'c']);
    expect(removed.get('a')).toEqual(wrap({ b: {} }));
    expect(deleteField(fields, ['q', 'r'])).toBe(fields);
  });

  it('applies update masks: present paths set, absent ones deleted', () => {
    const base = wrapFields({ a: 1, b: 2, m: { x: 1, y: 2 } });
    const result = applyUpdateMask(base, wrapFields({ a: 5, m: { y: 9 } }), [
      ['a'],
      ['b'],
      ['m', 'y'],
    ]);
    expect(result).toEqual(wrapFields({ a: 5, m: { x: 1, y: 9 } }));
  });

  it('projects selected paths', () => {
    expect(projectFields(fields, [['a', 'b'], ['missing']])).toEqual(
      wrapFields({ a: { b: { c: 1 } } }),
    );
  });
});

describe('transforms', () => {
  const now = { seconds: 10, nanos: 5000 };
  it('array union appends missing elements, comparing numbers numerically', () => {
    const { fields, results } = applyTransforms(
      wrapFields({ a: [1, 'x', null] }),
      [
        {
          fieldPath: ['a'],
          kind: 'appendMissingElements',
          elements: [double(1), null, NaN, NaN].map(wrap),
        },
      ],
      now,
    );
    expect(fields.get('a')).toEqual(wrap([1, 'x', null, NaN]));
    expect(results).toEqual([wrap(null)]);
  });

  it('array remove removes every equivalent element; non-arrays become empty', () => {
    const { fields } = applyTransforms(
      wrapFields({ a: [1, double(1), 2, NaN], s: 'str' }),
      [
        { fieldPath: ['a'], kind: 'removeAllFromArray', elements: [wrap(1), wrap(NaN)] },
        { fieldPath: ['s'], kind: 'removeAllFromArray', elements: [wrap(1)] },
      ],
      now,
    );
    expect(fields.get('a')).toEqual(wrap([2]));
    expect(fields.get('s')).toEqual(wrap([]));
  });

  it('increment on a non-number replaces it with the operand; maximum keeps the larger type', () => {
    const { fields } = applyTransforms(
      wrapFields({ s: 'x', m: 2, n: double(2.5) }),
      [
        { fieldPath: ['s'], kind: 'increment', operand: double(1.5) },
        { fieldPath: ['m'], kind: 'maximum', operand: double(2.5) },
        { fieldPath: ['n'], kind: 'minimum', operand: int(3) },
        { fieldPath: ['t'], kind: 'serverTime' },
      ],
      now,
    );
    expect(fields.get('s')).toEqual(double(1.5));
    expect(fields.get('m')).toEqual(double(2.5));
    expect(fields.get('n')).toEqual(double(2.5));
    expect(fields.get('t')).toEqual(timestamp(10, 5000));
  });
});

describe('size and shape limits', () => {
  it('computes sizes with the documented formula', () => {
    // Example from the storage-size docs: users/jeff/tasks/my_task_id is 6+5+6+11+16 = 44 bytes.
    const name = nameOf('users/jeff/tasks/my_task_id');
    expect(documentSize(name, new Map())).toBe(44 + 32);
    // "type": "Personal" = 5 + 9; "done": false = 5 + 1; "priority": 1 = 9 + 8.
    const fields = wrapFields({ type: 'Personal', done: false, priority: 1 });
    expect(documentSize(name, fields)).toBe(44 + 14 + 6 + 17 + 32);
    expect(valueSize(wrap([1, 'ab', null]))).toBe(8 + 3 + 1);
    expect(valueSize(geo(1, 2))).toBe(16);
    expect(valueSize(ref('a/b'))).toBe(2 + 2 + 16);
  });

  it('rejects documents over 1 MiB', () => {
    const name = nameOf('c/d');
    validateDocumentLimits(name, wrapFields({ s: 'x'.repeat(1_000_000) }));
    expect(() => validateDocumentLimits(name, wrapFields({ s: 'x'.repeat(1_048_576) }))).toThrow(
      EmulatorError,
    );
  });

  it('counts index entries as production does and refuses more than 40,000', () => {
    // a, m, m.x, list: two each; list has two distinct elements (the repeated 1 counts once).
    expect(indexEntryCount(wrapFields({ a: 'x', m: { x: true }, list: [1, 1.5, 1, 1.0] }))).toBe(
      12,
    );
    const name = nameOf('c/d');
    const flat = (n: number) =>
      wrapFields(Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i])));
    validateDocumentLimits(name, flat(20_000));
    expect(() => validateDocumentLimits(name, flat(20_001))).toThrow(
      'too many index entries for entity /c/d',
    );
    validateDocumentLimits(name, wrapFields({ list: Array.from({ length: 19_999 }, (_, i) => i) }));
    expect(() =>
      validateDocumentLimits(
        name,
        wrapFields({ list: Array.from({ length: 20_000 }, (_, i) => i) }),
      ),
    ).toThrow(/too many index entries/);
  });

  it('truncates timestamps to microseconds and checks timestamp and geo ranges', () => {
    const fields = wrapFields({ t: timestamp(5, 123_456_789), keep: timestamp(5, 1000) });
    const normalized = normalizeFields(fields);
    expect(normalized.get('t')).toEqual(timestamp(5, 123_456_000));
    expect(normalized.get('keep')).toBe(fields.get('keep'));
    const untouched = wrapFields({ a: { b: [1, timestamp(1, 2000)] } });
    expect(normalizeFields(untouched)).toBe(untouched);
    expect(() => normalizeFields(wrapFields({ t: timestamp(253_402_300_800) }))).toThrow(
      /out of range/,
    );
    expect(() => normalizeFields(wrapFields({ g: geo(91, 0) }))).toThrow(/latitude/);
    expect(() => normalizeFields(wrapFields({ '': 1 }))).toThrow(/empty/);
  });

  it('rejects reserved field names, over-deep nesting and nested arrays', () => {
    expect(() => validateFields(wrapFields({ __x__: 1 }))).toThrow(/reserved/);
    expect(() => validateFields(wrapFields({ a: { __x__: 1 } }))).toThrow(/reserved/);
    expect(() => validateFields(wrapFields({ a: [[1]] }))).toThrow(/array/);
    let ok: unknown = 1;
    for (let i = 0; i < 19; i++) ok = { n: ok };
    validateFields(wrapFields({ top: ok }));
    expect(() => validateFields(wrapFields({ top: { n: { n: ok } } }))).toThrow(
      /nesting depth of 20/,
    );
  });
});
