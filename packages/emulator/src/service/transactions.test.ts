import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { nameOf, TEST_DATABASE, wrapFields } from '../model/builders.js';
import type { Write } from '../model/types.js';
import { query, where } from '../query/builders.js';
import { createMonotonicClock } from '../store/clock.js';
import { ownerContext, RecordingSink, set } from './builders.js';
import { createEmulatorCore } from './index.js';
import type { WriteResponse } from './types.js';

const ROOT = `${TEST_DATABASE}/documents`;

function setup() {
  let t = 1_700_000_000_000_000;
  const core = createEmulatorCore({ clock: createMonotonicClock(() => (t += 10)) });
  const { service } = core;
  const commit = (writes: Write[], transaction?: Uint8Array) =>
    service.commit(ownerContext, transaction === undefined ? { writes } : { writes, transaction });
  return { core, service, commit };
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    return (error as EmulatorError).code;
  }
}

describe('transactions', () => {
  it('returns a transaction id on the first read with newTransaction and commits with it', async () => {
    const { service, commit } = setup();
    await commit([set('acc/a', { balance: 10 })]);
    const read = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('acc/a')],
      newTransaction: { readOnly: false },
    });
    expect(read.transaction?.length).toBeGreaterThan(0);
    const transaction = read.transaction as Uint8Array;
    const more = await service.runQuery(ownerContext, {
      parent: ROOT,
      query: query('acc', where('balance', '>', 0)),
      transaction,
    });
    expect(more.transaction).toBeUndefined();
    expect(more.documents).toHaveLength(1);
    const result = await commit([set('acc/a', { balance: 5 })], transaction);
    expect(result.writeResults).toHaveLength(1);
    // A transaction id is single-use.
    expect(await codeOf(commit([set('acc/a', { balance: 1 })], transaction))).toBe('ABORTED');
  });

  it('aborts when a document it read changed, so the admin SDK retries', async () => {
    const { service, commit } = setup();
    await commit([set('acc/a', { balance: 10 })]);
    const { transaction } = await service.beginTransaction(ownerContext, {});
    await service.batchGetDocuments(ownerContext, { documents: [nameOf('acc/a')], transaction });
    await commit([set('acc/a', { balance: 11 })]);
    expect(await codeOf(commit([set('acc/a', { balance: 0 })], transaction))).toBe('ABORTED');
    const { results } = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('acc/a')],
    });
    expect(results[0] && 'found' in results[0] && results[0].found.fields).toEqual(
      wrapFields({ balance: 11 }),
    );
  });

  it('aborts when a query it ran would now return something else (phantoms)', async () => {
    const { service, commit } = setup();
    const { transaction } = await service.beginTransaction(ownerContext, {});
    await service.runQuery(ownerContext, { parent: ROOT, query: query('acc'), transaction });
    await commit([set('acc/new', { x: 1 })]);
    expect(await codeOf(commit([set('acc/other', { x: 1 })], transaction))).toBe('ABORTED');
  });

  it('aborts when a document read as missing appears', async () => {
    const { service, commit } = setup();
    const { transaction } = await service.beginTransaction(ownerContext, {});
    await service.batchGetDocuments(ownerContext, { documents: [nameOf('acc/a')], transaction });
    await commit([set('acc/a', { x: 1 })]);
    expect(await codeOf(commit([], transaction))).toBe('ABORTED');
  });

  it('rejects malformed ids, rolls back, and refuses writes in read-only transactions', async () => {
    const { service, commit } = setup();
    expect(await codeOf(commit([], new Uint8Array([1, 2, 3])))).toBe('INVALID_ARGUMENT');
    const { transaction } = await service.beginTransaction(ownerContext, {});
    await service.rollback(ownerContext, { transaction });
    expect(await codeOf(commit([], transaction))).toBe('ABORTED');
    // Rolling back twice is harmless.
    await service.rollback(ownerContext, { transaction });
    const readOnly = await service.beginTransaction(ownerContext, { options: { readOnly: true } });
    expect(await codeOf(commit([set('a/b', {})], readOnly.transaction))).toBe('INVALID_ARGUMENT');
  });

  it('reads a read-only transaction begun at a read time then, and commits it whatever changed since', async () => {
    const { service, commit } = setup();
    const { commitTime } = await commit([set('acc/a', { balance: 10 })]);
    await commit([set('acc/a', { balance: 11 })]);
    const { transaction } = await service.beginTransaction(ownerContext, {
      options: { readOnly: true, readTime: commitTime },
    });
    const read = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('acc/a')],
      transaction,
    });
    expect(read.results[0]).toMatchObject({
      found: { fields: wrapFields({ balance: 10 }) },
      readTime: commitTime,
    });
    expect((await commit([], transaction)).writeResults).toEqual([]);
  });

  it('rejects reads that set more than one consistency option', async () => {
    const { service } = setup();
    const { transaction } = await service.beginTransaction(ownerContext, {});
    expect(
      await codeOf(
        service.batchGetDocuments(ownerContext, {
          documents: [],
          transaction,
          readTime: { seconds: 1, nanos: 0 },
        }),
      ),
    ).toBe('INVALID_ARGUMENT');
  });
});

describe('write streams', () => {
  it('hands out a stream id and fresh non-empty tokens per batch', async () => {
    const { core } = setup();
    const sink = new RecordingSink<WriteResponse>();
    const stream = core.service.write(ownerContext, sink);
    stream.receive({});
    const [handshake] = sink.take();
    expect(handshake!.streamId!.length).toBeGreaterThan(0);
    expect(handshake!.streamToken.length).toBeGreaterThan(0);
    stream.receive({ writes: [set('c/a', { x: 1 })] });
    stream.receive({ writes: [set('c/b', { x: 1 })] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [first, second] = sink.take();
    expect(first!.streamToken.length).toBeGreaterThan(0);
    expect(Buffer.from(first!.streamToken).equals(Buffer.from(second!.streamToken))).toBe(false);
    expect(first!.writeResults[0]?.updateTime).toEqual(first!.commitTime);
    expect(core.stats().writeSessions).toBe(1);
    stream.close();
    expect(core.stats().writeSessions).toBe(0);
    stream.receive({ writes: [set('c/c', {})] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sink.take()).toEqual([]);
    expect(sink.ends).toBe(1);
  });

  it('closes cleanly after the batches already received, and ends once', async () => {
    const { core } = setup();
    const sink = new RecordingSink<WriteResponse>();
    const stream = core.service.write(ownerContext, sink);
    stream.receive({});
    stream.receive({ writes: [set('c/a', { x: 1 })] });
    stream.finish();
    stream.receive({ writes: [set('c/b', { x: 1 })] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sink.take().map((r) => r.writeResults.length)).toEqual([0, 1]);
    expect(sink.ends).toBe(1);
    expect(sink.failure).toBe(null);
    stream.close(new Error('late'));
    expect(sink.ends).toBe(1);
    expect(core.stats().writeSessions).toBe(0);
  });
});

describe('listCollectionIds and listDocuments', () => {
  it('lists collection ids under a parent, including ones holding only deeper documents', async () => {
    const { service, commit } = setup();
    await commit([
      set('a/1', {}),
      set('b/2/c/3', {}),
      set('a/1/sub/x', {}),
      set('a/1/zed/y/deep/z', {}),
    ]);
    expect((await service.listCollectionIds(ownerContext, { parent: ROOT })).collectionIds).toEqual(
      ['a', 'b'],
    );
    const sub = await service.listCollectionIds(ownerContext, { parent: nameOf('a/1') });
    expect(sub.collectionIds).toEqual(['sub', 'zed']);
    const paged = await service.listCollectionIds(ownerContext, {
      parent: nameOf('a/1'),
      pageSize: 1,
    });
    expect(paged.collectionIds).toEqual(['sub']);
    const next = await service.listCollectionIds(ownerContext, {
      parent: nameOf('a/1'),
      pageSize: 1,
      pageToken: paged.nextPageToken as string,
    });
    expect(next).toEqual({ collectionIds: ['zed'] });
  });

  it('lists documents in name order, with missing ones when asked, page by page', async () => {
    const { service, commit } = setup();
    await commit([set('c/b', { x: 1 }), set('c/a', { x: 2 }), set('c/m/sub/z', {})]);
    const plain = await service.listDocuments(ownerContext, { parent: ROOT, collectionId: 'c' });
    expect(plain.documents.map((d) => d.name)).toEqual([nameOf('c/a'), nameOf('c/b')]);
    const all = await service.listDocuments(ownerContext, {
      parent: ROOT,
      collectionId: 'c',
      showMissing: true,
    });
    expect(all.documents.map((d) => d.name)).toEqual([nameOf('c/a'), nameOf('c/b'), nameOf('c/m')]);
    const page = await service.listDocuments(ownerContext, {
      parent: ROOT,
      collectionId: 'c',
      pageSize: 1,
    });
    expect(page.documents.map((d) => d.name)).toEqual([nameOf('c/a')]);
    const rest = await service.listDocuments(ownerContext, {
      parent: ROOT,
      collectionId: 'c',
      pageToken: page.nextPageToken as string,
    });
    expect(rest.documents.map((d) => d.name)).toEqual([nameOf('c/b')]);
    expect(rest.nextPageToken).toBeUndefined();
  });
});
