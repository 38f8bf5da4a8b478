import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import type { Value } from '../model/types.js';
import { jsonCodec } from './codec.js';

/** A decoded Listen request, flattened as these cases spell it (`{kind, database, target}`). */
function listenRequest(raw: unknown): Record<string, unknown> {
  const { request, ...rest } = jsonCodec.fromListenRequest(raw);
  return { ...request, ...rest };
}

const ALL_KINDS: Value[] = [
  { kind: 'null' },
  { kind: 'boolean', value: false },
  { kind: 'integer', value: -9223372036854775808n },
  { kind: 'double', value: 1.5 },
  { kind: 'double', value: NaN },
  { kind: 'double', value: -Infinity },
  { kind: 'double', value: -0 },
  { kind: 'timestamp', value: { seconds: 1700000000, nanos: 123456000 } },
  { kind: 'string', value: 'é😀' },
  { kind: 'bytes', value: new Uint8Array([0, 255]) },
  { kind: 'reference', value: 'projects/p/databases/(default)/documents/a/b' },
  { kind: 'geoPoint', latitude: -1.5, longitude: 179 },
  { kind: 'array', values: [] },
  { kind: 'array', values: [{ kind: 'null' }, { kind: 'array', values: [] }] },
  { kind: 'map', fields: new Map() },
  { kind: 'map', fields: new Map([['__proto__', { kind: 'boolean', value: true }]]) },
];

function expectInvalid(action: () => unknown, mention: string): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
    expect((error as EmulatorError).message).toContain(mention);
    return;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('values', () => {
  it('round-trips every kind through proto3 JSON text', () => {
    for (const value of ALL_KINDS) {
      const wire = JSON.parse(JSON.stringify(jsonCodec.toValue(value))) as unknown;
      const back = jsonCodec.fromValue(wire, 'v');
      if (value.kind === 'double') {
        expect(back.kind).toBe('double');
        expect(Object.is((back as { value: number }).value, value.value)).toBe(true);
      } else {
        expect(back).toEqual(value);
      }
    }
  });

  it('omits empty values and fields as production does', () => {
    expect(jsonCodec.toValue({ kind: 'array', values: [] })).toEqual({ arrayValue: {} });
    expect(jsonCodec.toValue({ kind: 'map', fields: new Map() })).toEqual({ mapValue: {} });
    expect(jsonCodec.toValue({ kind: 'integer', value: 5n })).toEqual({ integerValue: '5' });
    expect(jsonCodec.toValue({ kind: 'double', value: -0 })).toEqual({ doubleValue: '-0' });
  });

  it('names the bad field', () => {
    expectInvalid(
      () => jsonCodec.fromValue({ integerValue: 'x' }, 'fields[a]'),
      'fields[a].integerValue',
    );
    expectInvalid(
      () => jsonCodec.fromValue({ stringValue: 'a', integerValue: '1' }, 'v'),
      'Only one of',
    );
    expectInvalid(() => jsonCodec.fromValue({}, 'v'), 'must be set');
    expectInvalid(
      () => jsonCodec.fromValue({ mapValue: { fields: { k: { bogus: 1 } } } }, 'v'),
      'Unknown name "bogus"',
    );
    expectInvalid(() => jsonCodec.fromValue({ bytesValue: '***' }, 'v'), 'TYPE_BYTES');
  });

  it('reads every proto3 JSON form of NullValue and refuses others', () => {
    for (const raw of [
      { nullValue: null },
      { null_value: null },
      { nullValue: 'NULL_VALUE' },
      { nullValue: 0 },
    ]) {
      expect(jsonCodec.fromValue(raw, 'v')).toEqual({ kind: 'null' });
    }
    expect(jsonCodec.toValue({ kind: 'null' })).toEqual({ nullValue: 'NULL_VALUE' });
    expectInvalid(() => jsonCodec.fromValue({ nullValue: 'null' }, 'v'), 'v.nullValue');
    expectInvalid(
      () => jsonCodec.fromValue({ nullValue: null, stringValue: 'a' }, 'v'),
      'Only one of',
    );
  });

  it('guards against absurd nesting without overflowing the stack', () => {
    let deep: unknown = { nullValue: 'NULL_VALUE' };
    for (let i = 0; i < 5000; i++) deep = { arrayValue: { values: [deep] } };
    expectInvalid(() => jsonCodec.fromValue(deep, 'v'), 'nested too deeply');
  });
});

describe('documents and writes', () => {
  it('encodes a document with fields before the times', () => {
    const doc = jsonCodec.toDocument({
      name: 'projects/p/databases/d/documents/a/b',
      fields: new Map([['x', { kind: 'boolean', value: true }]]),
      createTime: { seconds: 1, nanos: 0 },
      updateTime: { seconds: 2, nanos: 0 },
    });
    expect(Object.keys(doc)).toEqual(['name', 'fields', 'createTime', 'updateTime']);
  });

  it('decodes a transform-only update with an empty mask (the SDK sends no fields and an empty mask)', () => {
    const write = jsonCodec.fromWrite(
      {
        update: { name: 'projects/p/databases/d/documents/a/b' },
        updateMask: { fieldPaths: [] },
        updateTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
        currentDocument: { exists: true },
      },
      'writes[0]',
    );
    expect(write).toEqual({
      kind: 'update',
      name: 'projects/p/databases/d/documents/a/b',
      fields: new Map(),
      updateMask: [],
      transforms: [
        { fieldPath: ['n'], kind: 'increment', operand: { kind: 'integer', value: 1n } },
      ],
      precondition: { kind: 'exists', exists: true },
    });
  });

  it('accepts snake_case field names and verify writes', () => {
    const write = jsonCodec.fromWrite(
      {
        verify: 'projects/p/databases/d/documents/a/b',
        current_document: { update_time: '1970-01-01T00:00:01Z' },
      },
      'w',
    );
    expect(write).toEqual({
      kind: 'verify',
      name: 'projects/p/databases/d/documents/a/b',
      precondition: { kind: 'updateTime', updateTime: { seconds: 1, nanos: 0 } },
    });
  });

  it('rejects malformed writes', () => {
    expectInvalid(
      () => jsonCodec.fromWrite({ delete: 'x', update: { name: 'y' } }, 'writes[2]'),
      'writes[2]',
    );
    expectInvalid(
      () => jsonCodec.fromWrite({ delete: 'x', updateMask: { fieldPaths: [] } }, 'w'),
      'only to an update',
    );
    expectInvalid(() => jsonCodec.fromWrite({ verify: 'x' }, 'w'), 'currentDocument');
    expectInvalid(
      () =>
        jsonCodec.fromWrite(
          {
            update: { name: 'n' },
            updateTransforms: [{ fieldPath: 'a', setToServerValue: 'NOW' }],
          },
          'w',
        ),
      'w.updateTransforms[0].setToServerValue',
    );
  });

  it('tells the write-stream handshake from a clean close', () => {
    expect(
      jsonCodec.fromWriteRequest({ database: 'projects/p/databases/d' }).writes,
    ).toBeUndefined();
    expect(jsonCodec.fromWriteRequest({ streamToken: 'AQ==', writes: [] }).writes).toEqual([]);
  });
});

describe('queries and listen', () => {
  it('decodes a structured query the way the SDK sends it', () => {
    const query = jsonCodec.fromStructuredQuery(
      {
        from: [{ collectionId: 'c', allDescendants: true }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'a' },
                  op: 'IN',
                  value: { arrayValue: { values: [] } },
                },
              },
              { unaryFilter: { field: { fieldPath: '`b c`' }, op: 'IS_NAN' } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
        startAt: { values: [{ stringValue: 'x' }], before: true },
        limit: 5,
        offset: 2,
        select: { fields: [{ fieldPath: 'a' }] },
      },
      'structuredQuery',
    );
    expect(query.limit).toBe(5);
    expect(query.offset).toBe(2);
    expect(query.orderBy).toEqual([{ field: ['__name__'], direction: 'DESCENDING' }]);
    expect(query.where).toMatchObject({ kind: 'composite', op: 'OR' });
    expect(query.select).toEqual([['a']]);
    expect(jsonCodec.fromStructuredQuery({ limit: { value: 3 } }, 'q').limit).toBe(3);
    // Enums by number, as proto3 JSON allows.
    const numbered = jsonCodec.fromStructuredQuery(
      {
        where: {
          compositeFilter: {
            op: 2,
            filters: [
              { fieldFilter: { field: { fieldPath: 'a' }, op: 10, value: { arrayValue: {} } } },
              { unaryFilter: { field: { fieldPath: 'b' }, op: 2 } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'a' }, direction: 2 }],
      },
      'q',
    );
    expect(numbered.where).toMatchObject({
      kind: 'composite',
      op: 'OR',
      filters: [{ op: 'NOT_IN' }, { op: 'IS_NAN' }],
    });
    expect(numbered.orderBy).toEqual([{ field: ['a'], direction: 'DESCENDING' }]);
    expectInvalid(
      () =>
        jsonCodec.fromStructuredQuery(
          { where: { unaryFilter: { field: { fieldPath: 'a' }, op: 1 } } },
          'q',
        ),
      'q.where.unaryFilter.op',
    );
    expectInvalid(
      () =>
        jsonCodec.fromStructuredQuery(
          {
            where: {
              fieldFilter: { field: { fieldPath: 'a' }, op: 'LIKE', value: { nullValue: null } },
            },
          },
          'q',
        ),
      'q.where.fieldFilter.op',
    );
  });

  it('decodes add and remove target requests with labels', () => {
    const add = listenRequest({
      database: 'projects/p/databases/(default)',
      addTarget: {
        documents: { documents: ['projects/p/databases/(default)/documents/a/b'] },
        targetId: 1003,
        resumeToken: 'AAE=',
        expectedCount: 1,
      },
      labels: { 'goog-listen-tags': 'limbo-document' },
    });
    expect(add).toMatchObject({
      kind: 'add',
      target: {
        targetId: 1003,
        tag: 'limbo-document',
        expectedCount: 1,
        resumeToken: new Uint8Array([0, 1]),
      },
    });
    expect(listenRequest({ database: 'd', removeTarget: 1002 })).toEqual({
      kind: 'remove',
      database: 'd',
      targetId: 1002,
    });
  });

  it('encodes listen responses with one field each, omitting NO_CHANGE', () => {
    expect(
      jsonCodec.toListenResponse({
        kind: 'targetChange',
        changeType: 'NO_CHANGE',
        targetIds: [],
        readTime: { seconds: 1, nanos: 0 },
      }),
    ).toEqual({ targetChange: { readTime: '1970-01-01T00:00:01Z' } });
    expect(
      jsonCodec.toListenResponse({
        kind: 'targetChange',
        changeType: 'REMOVE',
        targetIds: [2],
        cause: { code: 7, message: 'Missing or insufficient permissions.' },
      }),
    ).toEqual({
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [2],
        cause: { code: 7, message: 'Missing or insufficient permissions.' },
      },
    });
    expect(
      jsonCodec.toListenResponse({
        kind: 'documentDelete',
        name: 'n',
        removedTargetIds: [2],
        readTime: { seconds: 0, nanos: 5000 },
      }),
    ).toEqual({
      documentDelete: {
        document: 'n',
        removedTargetIds: [2],
        readTime: '1970-01-01T00:00:00.000005Z',
      },
    });
  });
});
