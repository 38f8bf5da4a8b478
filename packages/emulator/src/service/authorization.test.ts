import { describe, expect, it } from 'vitest';
import { EmulatorError, PERMISSION_DENIED_MESSAGE } from '../errors.js';
import { int, nameOf, TEST_DATABASE } from '../model/builders.js';
import type { Write } from '../model/types.js';
import { query } from '../query/builders.js';
import { createMonotonicClock } from '../store/clock.js';
import { allowAllAuthorizer } from './allow-all-authorizer.js';
import {
  describeResponses,
  increment,
  merge,
  ownerContext,
  RecordingSink,
  remove,
  set,
  userContext,
} from './builders.js';
import { createEmulatorCore } from './index.js';
import type { Authorizer, WriteBatchView } from './types.js';

const ROOT = `${TEST_DATABASE}/documents`;
const alice = userContext('alice');

function deny(): never {
  throw new EmulatorError('PERMISSION_DENIED', PERMISSION_DENIED_MESSAGE);
}

function setup() {
  let t = 1_700_000_000_000_000;
  const core = createEmulatorCore({ clock: createMonotonicClock(() => (t += 10)) });
  const calls: string[] = [];
  const batches: WriteBatchView[] = [];
  // before()/after() read live state, so they are sampled while the batch is judged.
  const lookups: { before: unknown; after: unknown }[] = [];
  const recording: Authorizer = {
    authorizeGet(_ctx, read) {
      calls.push(`get ${read.name.slice(ROOT.length + 1)}`);
      const doc = read.lookup(read.name);
      if (doc?.fields.get('secret') !== undefined) deny();
    },
    authorizeList(_ctx, read) {
      calls.push(`list ${read.query.from[0]?.collectionId}`);
      if (read.query.from[0]?.collectionId === 'private') deny();
    },
    authorizeWrites(_ctx, batch) {
      batches.push(batch);
      lookups.push({ before: batch.before(nameOf('c/new')), after: batch.after(nameOf('c/new')) });
      calls.push(`write ${batch.writes.map((w) => w.method).join(',')}`);
      if (batch.writes.some((w) => w.after?.fields.get('forbidden') !== undefined)) deny();
    },
    describe: () => 'recording',
  };
  core.setAuthorizer(recording);
  const commit = (ctx: typeof alice, ...writes: Write[]) => core.service.commit(ctx, { writes });
  return { core, calls, batches, lookups, commit };
}

describe('authorization hook', () => {
  it('starts with the allow-all authorizer, which says rules are off', () => {
    const core = createEmulatorCore();
    expect(core.authorizer()).toBe(allowAllAuthorizer);
    expect(core.authorizer().describe()).toMatch(/rules are OFF/);
  });

  it('judges each batch once with before/after views and methods; the owner bypasses it', async () => {
    const { calls, batches, lookups, commit } = setup();
    await commit(ownerContext, set('c/existing', { n: 1 }));
    expect(calls).toEqual([]);
    await commit(
      alice,
      set('c/new', { n: 1 }),
      merge('c/existing', {}, [], increment('n', 2)),
      remove('c/gone'),
    );
    expect(calls).toEqual(['write create,update,delete']);
    const batch = batches[0] as WriteBatchView;
    expect(batch.writes[1]?.before?.fields.get('n')).toEqual(int(1));
    expect(batch.writes[1]?.after?.fields.get('n')).toEqual(int(3));
    expect(lookups[0]?.before).toBeNull();
    expect(lookups[0]?.after).toMatchObject({ fields: new Map([['n', int(1)]]) });
  });

  it('a denied batch writes nothing', async () => {
    const { core, commit } = setup();
    await expect(
      commit(alice, set('c/a', { n: 1 }), set('c/b', { forbidden: true })),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect(core.stats().documents).toBe(0);
  });

  it('checks every document of a batchGet and every query', async () => {
    const { core, calls, commit } = setup();
    await commit(ownerContext, set('c/a', { n: 1 }), set('c/s', { secret: 1 }));
    await core.service.batchGetDocuments(alice, {
      documents: [nameOf('c/a'), nameOf('c/missing')],
    });
    await expect(
      core.service.batchGetDocuments(alice, { documents: [nameOf('c/a'), nameOf('c/s')] }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await core.service.runQuery(alice, { parent: ROOT, query: query('c') });
    await expect(
      core.service.runQuery(alice, { parent: ROOT, query: query('private') }),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    await expect(
      core.service.runAggregationQuery(alice, {
        parent: ROOT,
        query: query('private'),
        aggregations: [{ alias: 'n', kind: 'count' }],
      }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(calls).toEqual([
      'get c/a',
      'get c/missing',
      'get c/a',
      'get c/s',
      'list c',
      'list private',
      'list private',
    ]);
  });

  it('re-checks document targets when their document changes and rejects them with a cause', async () => {
    const { core, commit } = setup();
    await commit(ownerContext, set('c/a', { n: 1 }));
    const sink = new RecordingSink();
    const session = core.service.listen(alice, sink);
    session.addTarget({ targetId: 3, target: { kind: 'documents', names: [nameOf('c/a')] } });
    expect(describeResponses(sink.take())).toEqual([
      'ADD [3]',
      'change c/a [3]',
      'CURRENT [3]',
      'NO_CHANGE global',
    ]);
    await commit(ownerContext, set('c/a', { n: 2, secret: true }));
    expect(describeResponses(sink.take())).toEqual(['REMOVE [3] cause 7']);
    await commit(ownerContext, set('c/a', { n: 3 }));
    expect(sink.take()).toEqual([]);
    expect(core.stats().listenTargets).toBe(0);
  });

  it('denies listCollectionIds to end users once rules are loaded', async () => {
    const { core } = setup();
    await expect(core.service.listCollectionIds(alice, { parent: ROOT })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    await expect(core.service.listCollectionIds(ownerContext, { parent: ROOT })).resolves.toEqual({
      collectionIds: [],
    });
  });
});
