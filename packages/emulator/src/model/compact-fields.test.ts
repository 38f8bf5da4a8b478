import { describe, expect, it } from 'vitest';
import {
  CompactFields,
  compactFields,
  InternTable,
  MAX_COMPACT_FIELDS,
  MAX_SHARED_STRING_LENGTH,
} from './compact-fields.js';
import type { Fields, Value } from './types.js';
import { FALSE_VALUE, NULL_VALUE, TRUE_VALUE } from './values.js';

const str = (value: string): Value => ({ kind: 'string', value });
const time = { seconds: 1_700_000_000, nanos: 123_000 };

/** One field of every kind, a vector and nested maps and arrays. */
const EVERY_KIND: Fields = new Map<string, Value>([
  ['null', NULL_VALUE],
  ['yes', { kind: 'boolean', value: true }],
  ['no', { kind: 'boolean', value: false }],
  ['int', { kind: 'integer', value: -(2n ** 63n) }],
  ['double', { kind: 'double', value: -0 }],
  ['nan', { kind: 'double', value: Number.NaN }],
  ['time', { kind: 'timestamp', value: time }],
  ['text', str('héllo')],
  ['bytes', { kind: 'bytes', value: new Uint8Array([0, 255]) }],
  ['ref', { kind: 'reference', value: 'projects/p/databases/(default)/documents/a/b' }],
  ['geo', { kind: 'geoPoint', latitude: 1.5, longitude: -2 }],
  ['leaves', { kind: 'array', values: [str('a'), { kind: 'integer', value: 1n }, NULL_VALUE] }],
  [
    'mixed',
    {
      kind: 'array',
      values: [str('a'), { kind: 'map', fields: new Map([['x', { kind: 'null' } as Value]]) }],
    },
  ],
  [
    'map',
    {
      kind: 'map',
      fields: new Map<string, Value>([
        ['__type__', str('__vector__')],
        ['value', { kind: 'array', values: [{ kind: 'double', value: 1 }] }],
      ]),
    },
  ],
  ['', str('empty name')],
  ['__proto__', str('plain data')],
]);

/** The entries of a field map, nested maps included, as plain arrays. */
function entriesDeep(fields: ReadonlyMap<string, Value>): unknown[] {
  const plain = (value: Value): unknown => {
    if (value.kind === 'map') return { kind: 'map', fields: entriesDeep(value.fields) };
    if (value.kind === 'array') return { kind: 'array', values: value.values.map(plain) };
    return value;
  };
  return [...fields].map(([name, value]) => [name, plain(value)]);
}

describe('compactFields', () => {
  it('answers every ReadonlyMap method as the Map it was made from', () => {
    const compact = compactFields(EVERY_KIND, new InternTable());
    expect(compact).toBeInstanceOf(CompactFields);
    expect(compact.size).toBe(EVERY_KIND.size);
    expect(entriesDeep(compact)).toEqual(entriesDeep(EVERY_KIND));
    expect([...compact.keys()]).toEqual([...EVERY_KIND.keys()]);
    expect([...compact.values()].map((v) => v.kind)).toEqual(
      [...EVERY_KIND.values()].map((v) => v.kind),
    );
    expect([...compact.entries()].map(([name]) => name)).toEqual([...EVERY_KIND.keys()]);
    const visited: string[] = [];
    compact.forEach((value, name, map) => {
      expect(map).toBe(compact);
      expect(value).toEqual(EVERY_KIND.get(name));
      visited.push(name);
    });
    expect(visited).toEqual([...EVERY_KIND.keys()]);
    for (const name of EVERY_KIND.keys()) {
      expect(compact.has(name)).toBe(true);
      expect(compact.get(name)).toEqual(EVERY_KIND.get(name));
    }
    expect(compact.has('missing')).toBe(false);
    expect(compact.get('missing')).toBeUndefined();
    expect(Object.is((compact.get('double') as { value: number }).value, -0)).toBe(true);
    expect(String(compact)).toBe('[object CompactFields]');
  });

  it('compacts maps at every depth and shares nulls and booleans', () => {
    const compact = compactFields(EVERY_KIND, new InternTable());
    const map = compact.get('map') as Extract<Value, { kind: 'map' }>;
    expect(map.fields).toBeInstanceOf(CompactFields);
    const mixed = compact.get('mixed') as Extract<Value, { kind: 'array' }>;
    const inner = mixed.values[1] as Extract<Value, { kind: 'map' }>;
    expect(inner.fields).toBeInstanceOf(CompactFields);
    expect(inner.fields.get('x')).toBe(NULL_VALUE);
    expect(compact.get('null')).toBe(NULL_VALUE);
    expect(compact.get('yes')).toBe(TRUE_VALUE);
    expect(compact.get('no')).toBe(FALSE_VALUE);
  });

  it('keeps safe integers as numbers and reads them back as integers, doubles as doubles', () => {
    const int = (value: bigint): Value => ({ kind: 'integer', value });
    const original = new Map<string, Value>([
      ['one', int(1n)],
      ['oneDouble', { kind: 'double', value: 1 }],
      ['zero', int(0n)],
      ['minusZero', { kind: 'double', value: -0 }],
      ['largest', int(BigInt(Number.MAX_SAFE_INTEGER))],
      ['smallest', int(BigInt(Number.MIN_SAFE_INTEGER))],
      ['past', int(2n ** 53n)],
      ['below', int(-(2n ** 53n))],
    ]);
    const compact = compactFields(original, new InternTable());
    expect(entriesDeep(compact)).toEqual(entriesDeep(original));
    const slots = (compact as unknown as { slots: unknown[] }).slots;
    expect(slots.slice(0, 6).map((slot) => typeof slot)).toEqual(Array(6).fill('number'));
    expect(slots.slice(6).map((slot) => typeof slot)).toEqual(['bigint', 'bigint']);
    expect(compact.get('oneDouble')).toEqual({ kind: 'double', value: 1 });
    expect(Object.is((compact.get('minusZero') as { value: number }).value, -0)).toBe(true);
    expect([...compact.values()].map((value) => value.kind)).toEqual([
      'integer',
      'double',
      'integer',
      'double',
      'integer',
      'integer',
      'integer',
      'integer',
    ]);
  });

  it('shares one name list between maps with the same names in the same order', () => {
    const table = new InternTable();
    const a = compactFields(
      new Map([
        ['x', str('1')],
        ['y', str('2')],
      ]),
      table,
    );
    const b = compactFields(
      new Map([
        ['x', str('3')],
        ['y', str('4')],
      ]),
      table,
    );
    const c = compactFields(
      new Map([
        ['y', str('5')],
        ['x', str('6')],
      ]),
      table,
    );
    expect(table.size).toBe(2);
    const namesOf = (fields: Fields) => (fields as unknown as { names: unknown }).names;
    expect(namesOf(a)).toBe(namesOf(b));
    expect(namesOf(a)).not.toBe(namesOf(c));
    expect(b.get('y')).toEqual(str('4'));
    expect([...c.keys()]).toEqual(['y', 'x']);
  });

  it('shares short strings between maps, at the top and in arrays of leaves, up to its limit', () => {
    const table = new InternTable(2);
    // Strings made at run time, as a decoder makes them: equal but distinct until shared.
    const made = (text: string) => [...text].join('');
    const slotsOf = (fields: Fields) => (fields as unknown as { slots: unknown[] }).slots;
    const tagged = () =>
      compactFields(
        new Map<string, Value>([
          ['state', str(made('draft'))],
          ['tags', { kind: 'array', values: [str(made('alpha'))] }],
          ['long', str(made('x'.repeat(MAX_SHARED_STRING_LENGTH + 1)))],
        ]),
        table,
      );
    const [first, second] = [slotsOf(tagged()), slotsOf(tagged())];
    expect(second[0]).toBe(first[0]);
    expect((second[1] as string[])[0]).toBe((first[1] as string[])[0]);
    expect(table.stringCount).toBe(2);
    const late = compactFields(new Map([['state', str('published')]]), table);
    expect(late.get('state')).toEqual(str('published'));
    expect(table.stringCount).toBe(2);
  });

  it('stops remembering name lists past its limit, and still compacts', () => {
    const table = new InternTable(2);
    for (let i = 0; i < 5; i++) compactFields(new Map([[`id-${i}`, str('v')]]), table);
    expect(table.size).toBe(2);
    const late = compactFields(new Map([['id-9', str('w')]]), table);
    expect(late.get('id-9')).toEqual(str('w'));
  });

  it(`keeps maps of more than ${MAX_COMPACT_FIELDS} fields as Maps, their values compacted`, () => {
    const big = new Map<string, Value>(
      Array.from({ length: MAX_COMPACT_FIELDS + 1 }, (_, i) => [`f${i}`, str(String(i))]),
    );
    big.set('nested', { kind: 'map', fields: new Map([['b', { kind: 'boolean', value: true }]]) });
    const compact = compactFields(big, new InternTable());
    expect(compact).toBeInstanceOf(Map);
    expect(entriesDeep(compact)).toEqual(entriesDeep(big));
    const nested = compact.get('nested') as Extract<Value, { kind: 'map' }>;
    expect(nested.fields).toBeInstanceOf(CompactFields);
    expect(nested.fields.get('b')).toBe(TRUE_VALUE);
  });
});
