import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { double, int, nameOf, TEST_DATABASE, wrap, wrapFields } from '../model/builders.js';
import type { Document, Value } from '../model/types.js';
import { createMonotonicClock } from '../store/clock.js';
import {
  arrayRemove,
  arrayUnion,
  create,
  increment,
  maximum,
  merge,
  minimum,
  ownerContext,
  remove,
  serverTime,
  set,
  transformOnly,
  update,
  updateTimeIs,
  verify,
  withPrecondition,
} from './builders.js';
import { createEmulatorCore } from './index.js';

function setup() {
  let t = 1_700_000_000_000_000;
  const core = createEmulatorCore({ clock: createMonotonicClock(() => (t += 10)) });
  const { service } = core;
  const get = async (path: string): Promise<Document | null> => {
    const { results } = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf(path)],
    });
    const result = results[0];
    return result !== undefined && 'found' in result ? result.found : null;
  };
  const commit = (...writes: Parameters<typeof service.commit>[1]['writes']) =>
    service.commit(ownerContext, { writes });
  return { core, service, get, commit };
}

async function expectError(
  promise: Promise<unknown>,
  code: string,
  message?: RegExp,
): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmulatorError);
  expect((error as EmulatorError).code).toBe(code);
  if (message) expect((error as EmulatorError).message).toMatch(message);
}

describe('commit', () => {
  it('sets, reads back, and stamps create/update times with the commit time', async () => {
    const { commit, get } = setup();
    const first = await commit(set('coll/a', { x: 1, s: 'hi' }));
    expect(first.writeResults).toHaveLength(1);
    expect(first.writeResults[0]?.updateTime).toEqual(first.commitTime);
    const doc = await get('coll/a');
    expect(doc?.fields).toEqual(wrapFields({ x: 1, s: 'hi' }));
    expect(doc?.createTime).toEqual(first.commitTime);

    const second = await commit(set('coll/a', { x: 2 }));
    const updated = await get('coll/a');
    expect(updated?.fields).toEqual(wrapFields({ x: 2 }));
    expect(updated?.createTime).toEqual(first.commitTime);
    expect(updated?.updateTime).toEqual(second.commitTime);
  });

  it('keeps the old updateTime for a write that changes nothing', async () => {
    const { commit } = setup();
    const first = await commit(set('coll/a', { x: 1 }));
    const again = await commit(set('coll/a', { x: 1 }));
    expect(again.writeResults[0]?.updateTime).toEqual(first.commitTime);
    // 1 and 1.0 are different stored values: that is a change.
    const changed = await commit(set('coll/a', { x: double(1) }));
    expect(changed.writeResults[0]?.updateTime).toEqual(changed.commitTime);
  });

  it('merges masked fields and deletes masked paths missing from fields', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { a: 1, b: 2, m: { x: 1, y: 2 } }));
    await commit(merge('coll/a', { a: 10, m: { x: 5 } }, ['a', 'b', 'm.x', 'm.z']));
    expect((await get('coll/a'))?.fields).toEqual(wrapFields({ a: 10, m: { x: 5, y: 2 } }));
  });

  it('answers preconditions with production codes and wording', async () => {
    const { commit } = setup();
    await expectError(
      commit(update('coll/missing', { x: 1 })),
      'NOT_FOUND',
      /^No document to update: projects\//,
    );
    const written = await commit(create('coll/a', { x: 1 }));
    await expectError(
      commit(create('coll/a', { x: 2 })),
      'ALREADY_EXISTS',
      /^Document already exists: /,
    );
    await expectError(
      commit(withPrecondition(set('coll/a', { x: 3 }), updateTimeIs({ seconds: 1, nanos: 0 }))),
      'FAILED_PRECONDITION',
    );
    const ok = await commit(
      withPrecondition(
        set('coll/a', { x: 3 }),
        updateTimeIs(written.writeResults[0]?.updateTime as never),
      ),
    );
    expect(ok.writeResults[0]?.updateTime).toEqual(ok.commitTime);
  });

  it('refuses an update of a document deleted earlier in the same commit with INVALID_ARGUMENT', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { x: 1 }));
    await expectError(
      commit(remove('coll/a'), update('coll/a', { x: 2 })),
      'INVALID_ARGUMENT',
      /deleted earlier in the same request/,
    );
    await expectError(
      commit(remove('coll/none'), update('coll/none', { x: 2 })),
      'INVALID_ARGUMENT',
    );
    expect((await get('coll/a'))?.fields).toEqual(wrapFields({ x: 1 }));
    // A set after the delete needs no existing document.
    await commit(remove('coll/a'), set('coll/a', { x: 3 }));
    expect((await get('coll/a'))?.fields).toEqual(wrapFields({ x: 3 }));
  });

  it('applies a batch atomically: one failing write leaves everything untouched', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { x: 1 }));
    await expectError(
      commit(set('coll/a', { x: 2 }), set('coll/b', { y: 1 }), update('coll/c', { z: 1 })),
      'NOT_FOUND',
    );
    expect((await get('coll/a'))?.fields).toEqual(wrapFields({ x: 1 }));
    expect(await get('coll/b')).toBeNull();
  });

  it('applies writes to the same document in order within a batch', async () => {
    const { commit, get } = setup();
    await commit(
      set('coll/a', { x: 1 }),
      update('coll/a', { y: 2 }),
      transformOnly('coll/a', increment('x', 5)),
    );
    expect((await get('coll/a'))?.fields).toEqual(wrapFields({ x: 6, y: 2 }));
  });

  it('omits updateTime for deletes and verifies', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { x: 1 }));
    const result = await commit(
      verify('coll/a', { kind: 'exists', exists: true }),
      remove('coll/a'),
    );
    expect(result.writeResults.map((r) => r.updateTime)).toEqual([undefined, undefined]);
    expect(await get('coll/a')).toBeNull();
    await expectError(commit(verify('coll/a', { kind: 'exists', exists: true })), 'NOT_FOUND');
    await expectError(commit(remove('coll/a', { kind: 'exists', exists: true })), 'NOT_FOUND');
  });

  it('rejects bad names and oversize documents with INVALID_ARGUMENT', async () => {
    const { commit } = setup();
    await expectError(commit(set('coll', { x: 1 })), 'INVALID_ARGUMENT', /lacks "\/"/);
    await expectError(commit(set('coll/__x__', { x: 1 })), 'INVALID_ARGUMENT', /reserved/);
    await expectError(
      commit(set('coll/big', { s: 'x'.repeat(1_048_576) })),
      'INVALID_ARGUMENT',
      /cannot be written because its size \(1,048,6\d\d bytes\) exceeds the maximum allowed size of 1,048,576 bytes/,
    );
    await expectError(
      commit({
        kind: 'update',
        name: `projects/other/databases/(default)/documents/c/d`,
        fields: new Map(),
        transforms: [],
      }),
      'INVALID_ARGUMENT',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 21; i++) deep = { d: deep };
    await expectError(commit(set('coll/deep', { d: deep })), 'INVALID_ARGUMENT', /nesting depth/);
  });
});

describe('transforms', () => {
  it('applies server time, increments, max/min and array ops after the update, in order', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { n: 1, d: 1.5, k: 2, m: 1, arr: [1, 'a', 1] }));
    const result = await commit(
      transformOnly(
        'coll/a',
        serverTime('when'),
        increment('n', 2),
        increment('d', 1),
        increment('fresh', 7),
        maximum('k', double(2.5)),
        minimum('m', 0),
        arrayUnion('arr', double(1), 'b', 'b'),
        arrayRemove('other', 1),
      ),
    );
    const doc = await get('coll/a');
    const when: Value = { kind: 'timestamp', value: result.commitTime };
    expect(doc?.fields.get('when')).toEqual(when);
    expect(doc?.fields.get('n')).toEqual(int(3));
    expect(doc?.fields.get('d')).toEqual(double(2.5));
    expect(doc?.fields.get('k')).toEqual(double(2.5));
    expect(doc?.fields.get('m')).toEqual(int(0));
    expect(doc?.fields.get('fresh')).toEqual(int(7));
    expect(doc?.fields.get('arr')).toEqual(wrap([1, 'a', 1, 'b']));
    expect(doc?.fields.get('other')).toEqual(wrap([]));
    expect(result.writeResults[0]?.transformResults).toEqual([
      when,
      int(3),
      double(2.5),
      int(7),
      double(2.5),
      int(0),
      wrap(null),
      wrap(null),
    ]);
  });

  it('saturates integer increments at the int64 bounds and mixes to double', async () => {
    const { commit, get } = setup();
    const max = (1n << 63n) - 1n;
    await commit(set('coll/a', { big: int(max - 1n), small: int(-max), mixed: 1 }));
    await commit(
      transformOnly(
        'coll/a',
        increment('big', 5),
        increment('small', -10),
        increment('mixed', 0.5),
      ),
    );
    const doc = await get('coll/a');
    expect(doc?.fields.get('big')).toEqual(int(max));
    expect(doc?.fields.get('small')).toEqual(int(-max - 1n));
    expect(doc?.fields.get('mixed')).toEqual(double(1.5));
  });

  it('treats NaN and equivalent zeros in maximum/minimum as production does', async () => {
    const { commit, get } = setup();
    await commit(set('coll/a', { z: double(-0), n: NaN, k: 3 }));
    await commit(
      transformOnly('coll/a', maximum('z', 0), minimum('n', 1), maximum('k', double(3))),
    );
    const doc = await get('coll/a');
    expect(doc?.fields.get('z')).toEqual(double(-0));
    expect(doc?.fields.get('n')).toEqual(double(NaN));
    expect(doc?.fields.get('k')).toEqual(int(3));
  });

  it('rejects non-numeric increment operands', async () => {
    const { commit } = setup();
    await expectError(
      commit(transformOnly('coll/a', increment('n', 'x'))),
      'INVALID_ARGUMENT',
      /increment/,
    );
    await expectError(
      commit(transformOnly('coll/a', increment('n', 1), increment('n', 2))),
      'INVALID_ARGUMENT',
      /multiple transforms/,
    );
  });
});

describe('reads', () => {
  it('batchGet answers every name in order with found or missing and one read time', async () => {
    const { commit, service } = setup();
    const { commitTime } = await commit(set('coll/a', { x: 1, y: { z: 2, w: 3 } }));
    const { results } = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('coll/missing'), nameOf('coll/a')],
      mask: [['y', 'z']],
    });
    expect(results[0]).toMatchObject({ missing: nameOf('coll/missing') });
    const found = results[1] as { found: Document; readTime: unknown };
    expect(found.found.fields).toEqual(wrapFields({ y: { z: 2 } }));
    expect(found.readTime).toEqual(results[0]?.readTime);
    expect((found.readTime as { seconds: number }).seconds).toBeGreaterThanOrEqual(
      commitTime.seconds,
    );
  });

  it('runQuery filters, orders, limits, offsets and projects', async () => {
    const { commit, service } = setup();
    await commit(
      set('coll/a', { x: 3, y: 'a' }),
      set('coll/b', { x: 1, y: 'b' }),
      set('coll/c', { x: 2, y: 'c' }),
      set('coll/d', { y: 'no x' }),
      set('other/e', { x: 5 }),
      set('coll/a/sub/f', { x: 9 }),
    );
    const response = await service.runQuery(ownerContext, {
      parent: `${TEST_DATABASE}/documents`,
      query: {
        from: [{ collectionId: 'coll', allDescendants: false }],
        where: { kind: 'field', field: ['x'], op: 'GREATER_THAN_OR_EQUAL', value: int(1) },
        orderBy: [{ field: ['x'], direction: 'DESCENDING' }],
        offset: 1,
        limit: 5,
        select: [['y']],
      },
    });
    expect(response.documents.map((d) => d.name)).toEqual([nameOf('coll/c'), nameOf('coll/b')]);
    expect(response.documents[0]?.fields).toEqual(wrapFields({ y: 'c' }));
    expect(response.skippedResults).toBe(1);
  });

  it('runAggregationQuery counts, sums and averages', async () => {
    const { commit, service } = setup();
    await commit(
      set('coll/a', { n: 1 }),
      set('coll/b', { n: 2 }),
      set('coll/c', { n: 'x' }),
      set('coll/d', {}),
    );
    const { result } = await service.runAggregationQuery(ownerContext, {
      parent: `${TEST_DATABASE}/documents`,
      query: { from: [{ collectionId: 'coll', allDescendants: false }], orderBy: [], offset: 0 },
      aggregations: [
        { alias: 'count', kind: 'count' },
        { alias: 'sum', kind: 'sum', field: ['n'] },
        { alias: 'avg', kind: 'avg', field: ['n'] },
      ],
    });
    // coll/d lacks `n`: aggregating over `n` filters by its existence, count included; coll/c's
    // string counts but adds nothing to the sum or average.
    expect(result.get('count')).toEqual(int(3));
    expect(result.get('sum')).toEqual(int(3));
    expect(result.get('avg')).toEqual(double(1.5));
  });
});
