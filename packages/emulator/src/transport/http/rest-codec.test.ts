import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../../errors.js';
import type { Value } from '../../model/types.js';
import {
  fromRestListenRequest,
  fromRestStructuredQuery,
  fromRestValue,
  fromRestWrite,
  fromRestWriteRequest,
  toRestDocument,
  toRestListenResponse,
  toRestValue,
} from './rest-codec.js';

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
      const wire = JSON.parse(JSON.stringify(toRestValue(value))) as unknown;
      const back = fromRestValue(wire, 'v');
      if (value.kind === 'double') {
        expect(back.kind).toBe('double');
        expect(Object.is((back as { value: number }).value, value.value)).toBe(true);
      } else {
        expect(back).toEqual(value);
      }
    }
  });

  it('omits empty values and fields as production does', () => {
    expect(toRestValue({ kind: 'array', values: [] })).toEqual({ arrayValue: {} });
    expect(toRestValue({ kind: 'map', fields: new Map() })).toEqual({ mapValue: {} });
    expect(toRestValue({ kind: 'integer', value: 5n })).toEqual({ integerValue: '5' });
    expect(toRestValue({ kind: 'double', value: -0 })).toEqual({ doubleValue: '-0' });
  });

  it('names the bad field', () => {
    expectInvalid(
      () => fromRestValue({ integerValue: 'x' }, 'fields[a]'),
      'fields[a].integerValue',
    );
    expectInvalid(() => fromRestValue({ stringValue: 'a', integerValue: '1' }, 'v'), 'Only one of');
    expectInvalid(() => fromRestValue({}, 'v'), 'must be set');
    expectInvalid(
      () => fromRestValue({ mapValue: { fields: { k: { bogus: 1 } } } }, 'v'),
      'Unknown name "bogus"',
    );
    expectInvalid(() => fromRestValue({ bytesValue: '***' }, 'v'), 'TYPE_BYTES');
  });

  it('guards against absurd nesting without overflowing the stack', () => {
    let deep: unknown = { nullValue: 'NULL_VALUE' };
    for (let i = 0; i < 5000; i++) deep = { arrayValue: { values: [deep] } };
    expectInvalid(() => fromRestValue(deep, 'v'), 'nested too deeply');
  });
});

describe('documents and writes', () => {
  it('encodes a document with fields before the times', () => {
    const doc = toRestDocument({
      name: 'projects/p/databases/d/documents/a/b',
      fields: new Map([['x', { kind: 'boolean', value: true }]]),
      createTime: { seconds: 1, nanos: 0 },
      updateTime: { seconds: 2, nanos: 0 },
    });
    expect(Object.keys(doc)).toEqual(['name', 'fields', 'createTime', 'updateTime']);
  });

  it('decodes a transform-only update with an empty mask (wire-brief §10.11)', () => {
    const write = fromRestWrite(
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
    const write = fromRestWrite(
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
      () => fromRestWrite({ delete: 'x', update: { name: 'y' } }, 'writes[2]'),
      'writes[2]',
    );
    expectInvalid(
      () => fromRestWrite({ delete: 'x', updateMask: { fieldPaths: [] } }, 'w'),
      'only to an update',
    );
    expectInvalid(() => fromRestWrite({ verify: 'x' }, 'w'), 'currentDocument');
    expectInvalid(
      () =>
        fromRestWrite(
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
    expect(fromRestWriteRequest({ database: 'projects/p/databases/d' }).writes).toBeUndefined();
    expect(fromRestWriteRequest({ streamToken: 'AQ==', writes: [] }).writes).toEqual([]);
  });
});

describe('queries and listen', () => {
  it('decodes a structured query the way the SDK sends it', () => {
    const query = fromRestStructuredQuery(
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
    expect(fromRestStructuredQuery({ limit: { value: 3 } }, 'q').limit).toBe(3);
    expectInvalid(
      () =>
        fromRestStructuredQuery(
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
    const add = fromRestListenRequest({
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
    expect(fromRestListenRequest({ database: 'd', removeTarget: 1002 })).toEqual({
      kind: 'remove',
      database: 'd',
      targetId: 1002,
    });
  });

  it('encodes listen responses with one field each, omitting NO_CHANGE', () => {
    expect(
      toRestListenResponse({
        kind: 'targetChange',
        changeType: 'NO_CHANGE',
        targetIds: [],
        readTime: { seconds: 1, nanos: 0 },
      }),
    ).toEqual({ targetChange: { readTime: '1970-01-01T00:00:01Z' } });
    expect(
      toRestListenResponse({
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
      toRestListenResponse({
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
