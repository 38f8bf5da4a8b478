import { describe, expect, it } from 'vitest';
import { EmulatorError, PERMISSION_DENIED_MESSAGE } from '../errors.js';
import { nameOf, TEST_DATABASE, vector } from '../model/builders.js';
import type { StructuredQuery } from '../model/types.js';
import { collectionGroup, limit, orderBy, query, where } from '../query/builders.js';
import { createMonotonicClock } from '../store/clock.js';
import { allowAllAuthorizer } from './allow-all-authorizer.js';
import {
  describeResponses,
  ownerContext,
  RecordingSink,
  remove,
  set,
  update,
  userContext,
} from './builders.js';
import { createEmulatorCore } from './index.js';
import { MAX_TARGETS_PER_SESSION } from './listen.js';
import type { Write } from '../model/types.js';
import type { ListenTarget, RequestContext } from './types.js';

const ROOT = `${TEST_DATABASE}/documents`;

function setup() {
  let t = 1_700_000_000_000_000;
  const core = createEmulatorCore({ clock: createMonotonicClock(() => (t += 10)) });
  const commit = (...writes: Write[]) => core.service.commit(ownerContext, { writes });
  const open = (ctx: RequestContext = ownerContext) => {
    const sink = new RecordingSink();
    const session = core.service.listen(ctx, sink);
    const read = () => describeResponses(sink.take());
    return { sink, session, read };
  };
  return { core, commit, open };
}

function queryTarget(
  targetId: number,
  q: StructuredQuery,
  extra: Partial<ListenTarget> = {},
): ListenTarget {
  return { targetId, target: { kind: 'query', parent: ROOT, query: q }, ...extra };
}

function docTarget(
  targetId: number,
  path: string,
  extra: Partial<ListenTarget> = {},
): ListenTarget {
  return { targetId, target: { kind: 'documents', names: [nameOf(path)] }, ...extra };
}

describe('listen: initial snapshot', () => {
  it('sends ADD, the matching documents, CURRENT with a token, then a global read time', async () => {
    const { commit, open } = setup();
    await commit(
      set('coll/a', { x: 1 }),
      set('coll/b', { x: 2 }),
      set('coll/c', { x: 0 }),
      set('other/d', { x: 5 }),
    );
    const { sink, session, read } = open();
    session.addTarget(queryTarget(2, query('coll', where('x', '>', 0))));
    const responses = sink.responses;
    expect(read()).toEqual([
      'ADD [2]',
      'change coll/a [2]',
      'change coll/b [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
    ]);
    const current = responses[3];
    expect(current?.kind === 'targetChange' && current.resumeToken?.length).toBeGreaterThan(0);
    const global = responses[4];
    expect(global?.kind === 'targetChange' && global.readTime).toBeTruthy();
  });

  it('answers document targets with the document if it exists', async () => {
    const { commit, open } = setup();
    await commit(set('coll/a', { x: 1 }));
    const { session, read } = open();
    session.addTarget(docTarget(3, 'coll/a'));
    session.addTarget(docTarget(5, 'coll/missing', { tag: 'limbo-document' }));
    expect(read()).toEqual([
      'ADD [3]',
      'change coll/a [3]',
      'CURRENT [3]',
      'NO_CHANGE global',
      'ADD [5]',
      'CURRENT [5]',
      'NO_CHANGE global',
    ]);
  });

  it('sends RESET after ADD when resuming by token or read time', async () => {
    const { commit, open } = setup();
    await commit(set('coll/a', { x: 1 }));
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll'), { resumeToken: new Uint8Array([1, 2]) }));
    expect(read()).toEqual([
      'ADD [2]',
      'RESET [2]',
      'change coll/a [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
    ]);
    session.addTarget(docTarget(4, 'coll/a', { readTime: { seconds: 1, nanos: 0 } }));
    expect(read()).toEqual([
      'ADD [4]',
      'RESET [4]',
      'change coll/a [4]',
      'CURRENT [4]',
      'NO_CHANGE global',
    ]);
  });

  it('read times rise strictly across snapshots and commits', async () => {
    const { commit, open } = setup();
    const { sink, session } = open();
    session.addTarget(queryTarget(2, query('coll')));
    const { commitTime } = await commit(set('coll/a', { x: 1 }));
    const times = sink.responses.flatMap((r) =>
      r.kind === 'targetChange' && r.readTime ? [r.readTime.seconds * 1e9 + r.readTime.nanos] : [],
    );
    expect(times).toHaveLength(2);
    expect(times[1]).toBe(commitTime.seconds * 1e9 + commitTime.nanos);
    expect(times[1]).toBeGreaterThan(times[0] as number);
  });
});

describe('listen: increments', () => {
  it('sends changes, removes for docs leaving the query and deletes, then the commit read time', async () => {
    const { commit, open } = setup();
    await commit(set('coll/a', { x: 1 }), set('coll/b', { x: 2 }));
    const { sink, session, read } = open();
    session.addTarget(queryTarget(2, query('coll', where('x', '>', 0))));
    read();
    const added = await commit(set('coll/c', { x: 3 }));
    const responses = sink.responses;
    expect(read()).toEqual(['change coll/c [2]', 'NO_CHANGE global']);
    const global = responses[1];
    expect(global?.kind === 'targetChange' && global.readTime).toEqual(added.commitTime);

    await commit(update('coll/a', { x: -1 }), remove('coll/b'), set('coll/z', { x: -5 }));
    expect(read().sort()).toEqual(
      ['NO_CHANGE global', 'delete coll/b -[2]', 'remove coll/a -[2]'].sort(),
    );

    // A write that changes nothing sends nothing.
    await commit(set('coll/c', { x: 3 }));
    expect(read()).toEqual([]);
  });

  it('sends nothing to sessions whose targets the commit does not touch', async () => {
    const { commit, open } = setup();
    const first = open();
    const second = open();
    first.session.addTarget(queryTarget(2, query('coll')));
    second.session.addTarget(queryTarget(2, query('elsewhere')));
    first.read();
    second.read();
    await commit(set('coll/a', { x: 1 }));
    expect(first.read()).toEqual(['change coll/a [2]', 'NO_CHANGE global']);
    expect(second.read()).toEqual([]);
  });

  it('shares one view between equal queries from different sessions', async () => {
    const { core, commit, open } = setup();
    const first = open();
    const second = open();
    first.session.addTarget(queryTarget(2, query('coll', orderBy('n'), limit(2))));
    second.session.addTarget(queryTarget(8, query('coll', orderBy('n'), limit(2))));
    second.session.addTarget(queryTarget(10, query('coll', orderBy('n'), limit(3))));
    expect(core.stats()).toMatchObject({ listenTargets: 3, listenQueries: 2 });
    first.read();
    second.read();
    await commit(set('coll/a', { n: 1 }));
    expect(first.read()).toEqual(['change coll/a [2]', 'NO_CHANGE global']);
    expect(second.read()).toEqual(['change coll/a [8,10]', 'NO_CHANGE global']);
    first.session.close();
    second.session.removeTarget(8);
    expect(core.stats()).toMatchObject({ listenTargets: 1, listenQueries: 1 });
    // A late joiner gets the view's current results.
    const third = open();
    third.session.addTarget(queryTarget(2, query('coll', orderBy('n'), limit(3))));
    expect(third.read()).toEqual([
      'ADD [2]',
      'change coll/a [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
    ]);
  });

  it('groups one document matching several targets into one change', async () => {
    const { commit, open } = setup();
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll')));
    session.addTarget(queryTarget(4, query('coll', where('x', '==', 1))));
    session.addTarget(docTarget(6, 'coll/a'));
    read();
    await commit(set('coll/a', { x: 1 }));
    expect(read()).toEqual(['change coll/a [2,4,6]', 'NO_CHANGE global']);
    await commit(set('coll/a', { x: 2 }));
    expect(read()).toEqual(['change coll/a [2,6] -[4]', 'NO_CHANGE global']);
  });

  it('follows collection groups across parents', async () => {
    const { commit, open } = setup();
    const { session, read } = open();
    session.addTarget(queryTarget(2, collectionGroup('items', orderBy('n'))));
    read();
    await commit(set('a/1/items/x', { n: 1 }), set('b/2/items/y', { n: 2 }), set('items/z', {}));
    expect(read()).toEqual([
      'change a/1/items/x [2]',
      'change b/2/items/y [2]',
      'NO_CHANGE global',
    ]);
  });
});

describe('listen: other target kinds', () => {
  it('follows all-descendant (kindless) queries below a parent', async () => {
    const { commit, open } = setup();
    const { session, read } = open();
    session.addTarget({
      targetId: 2,
      target: { kind: 'query', parent: nameOf('p/1'), query: collectionGroup('') },
    });
    read();
    await commit(set('p/1/a/x', {}), set('p/1/a/x/b/y', {}), set('p/2/a/z', {}), set('p/1', {}));
    expect(read()).toEqual(['change p/1/a/x [2]', 'change p/1/a/x/b/y [2]', 'NO_CHANGE global']);
  });

  it('removes a once target after its first snapshot', async () => {
    const { core, commit, open } = setup();
    await commit(set('coll/a', {}));
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll'), { once: true }));
    expect(read()).toEqual([
      'ADD [2]',
      'change coll/a [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
      'REMOVE [2]',
    ]);
    expect(core.stats()).toMatchObject({ listenTargets: 0, listenQueries: 0 });
  });
});

describe('listen: limit windows', () => {
  it('pushes documents out of a full window and pulls them back in', async () => {
    const { commit, open } = setup();
    await commit(
      set('coll/a', { n: 1 }),
      set('coll/b', { n: 2 }),
      set('coll/c', { n: 3 }),
      set('coll/d', { n: 4 }),
    );
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll', orderBy('n'), limit(2))));
    expect(read()).toEqual([
      'ADD [2]',
      'change coll/a [2]',
      'change coll/b [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
    ]);

    // A new first document displaces the last one of the window.
    await commit(set('coll/z', { n: 0 }));
    expect(read()).toEqual(['change coll/z [2]', 'remove coll/b -[2]', 'NO_CHANGE global']);

    // Deleting from the window backfills the next one from the store.
    await commit(remove('coll/z'));
    expect(read()).toEqual(['change coll/b [2]', 'delete coll/z -[2]', 'NO_CHANGE global']);

    // A document beyond the window changing sends nothing.
    await commit(set('coll/d', { n: 10 }));
    expect(read()).toEqual([]);

    // A window member moving past the boundary swaps with the next document.
    await commit(set('coll/a', { n: 5 }));
    expect(read()).toEqual(['change coll/c [2]', 'remove coll/a -[2]', 'NO_CHANGE global']);
  });

  it('keeps a window that holds every match without scanning', async () => {
    const { commit, open } = setup();
    await commit(set('coll/a', { n: 1 }));
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll', orderBy('n', 'desc'), limit(3))));
    read();
    await commit(set('coll/b', { n: 2 }), set('coll/c', { n: 3 }));
    // Changes of a window arrive in query order.
    expect(read()).toEqual(['change coll/c [2]', 'change coll/b [2]', 'NO_CHANGE global']);
    await commit(set('coll/d', { n: 0 }));
    expect(read()).toEqual([]);
    await commit(remove('coll/b'));
    expect(read()).toEqual(['change coll/d [2]', 'delete coll/b -[2]', 'NO_CHANGE global']);
  });
});

describe('listen: windows with slack and offsets', () => {
  it('stays exact through many deletions in a limit window over a large collection', async () => {
    const { commit, open } = setup();
    const writes: Write[] = [];
    for (let i = 0; i < 300; i++) writes.push(set(`big/d${String(i).padStart(3, '0')}`, { n: i }));
    await commit(...writes.slice(0, 150));
    await commit(...writes.slice(150));
    const { sink, session } = open();
    session.addTarget(queryTarget(2, query('big', orderBy('n'), limit(3))));
    sink.take();
    // Delete the first 100 documents one commit at a time; the window must always show the
    // next three, which exercises the slack running out and the rescan.
    for (let i = 0; i < 100; i++) {
      await commit(remove(`big/d${String(i).padStart(3, '0')}`));
      const got = describeResponses(sink.take());
      const entering = `change big/d${String(i + 3).padStart(3, '0')} [2]`;
      expect(got).toEqual([
        entering,
        `delete big/d${String(i).padStart(3, '0')} -[2]`,
        'NO_CHANGE global',
      ]);
    }
  });

  it('shifts an offset window when documents before it change', async () => {
    const { commit, open } = setup();
    await commit(
      set('c/a', { n: 1 }),
      set('c/b', { n: 2 }),
      set('c/c', { n: 3 }),
      set('c/d', { n: 4 }),
    );
    const { session, read } = open();
    session.addTarget(queryTarget(2, { ...query('c', orderBy('n'), limit(2)), offset: 1 }));
    expect(read()).toEqual([
      'ADD [2]',
      'change c/b [2]',
      'change c/c [2]',
      'CURRENT [2]',
      'NO_CHANGE global',
    ]);
    await commit(remove('c/a'));
    expect(read()).toEqual(['change c/d [2]', 'remove c/b -[2]', 'NO_CHANGE global']);
    await commit(set('c/z', { n: 0 }));
    expect(read()).toEqual(['change c/b [2]', 'remove c/d -[2]', 'NO_CHANGE global']);
  });
});

describe('listen: target lifecycle', () => {
  it('acknowledges removal with REMOVE, stops updates, and reuses the id', async () => {
    const { commit, open } = setup();
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll')));
    read();
    session.removeTarget(2);
    expect(read()).toEqual(['REMOVE [2]']);
    await commit(set('coll/a', { x: 1 }));
    expect(read()).toEqual([]);
    session.addTarget(queryTarget(2, query('coll')));
    expect(read()).toEqual(['ADD [2]', 'change coll/a [2]', 'CURRENT [2]', 'NO_CHANGE global']);
  });

  it('rejects a denied target with REMOVE and cause 7, which is also its ack', async () => {
    const { core, commit, open } = setup();
    await commit(set('private/a', { x: 1 }));
    core.setAuthorizer({
      ...allowAllAuthorizer,
      authorizeList(_ctx, read) {
        if (read.query.from[0]?.collectionId === 'private') {
          throw new EmulatorError('PERMISSION_DENIED', PERMISSION_DENIED_MESSAGE);
        }
      },
    });
    const { sink, session, read } = open(userContext('alice'));
    session.addTarget(queryTarget(2, query('private')));
    const responses = sink.responses;
    expect(read()).toEqual(['REMOVE [2] cause 7']);
    // A late removeTarget for the rejected id gets no second REMOVE.
    session.removeTarget(2);
    expect(read()).toEqual([]);
    expect(responses[0]).toMatchObject({ cause: { code: 7, message: PERMISSION_DENIED_MESSAGE } });
    session.addTarget(queryTarget(4, query('public')));
    expect(read()).toEqual(['ADD [4]', 'CURRENT [4]', 'NO_CHANGE global']);
    // The owner bypasses the authorizer.
    const owner = open(ownerContext);
    owner.session.addTarget(queryTarget(2, query('private')));
    expect(owner.read()).toContain('change private/a [2]');
  });

  it('rejects invalid targets with INVALID_ARGUMENT causes and bounds targets per stream', () => {
    const { open } = setup();
    const { session, read } = open();
    session.addTarget({
      targetId: 2,
      target: {
        kind: 'query',
        parent: 'projects/other/databases/(default)/documents',
        query: query('coll'),
      },
    });
    expect(read()).toEqual(['REMOVE [2] cause 3']);
    // Production serves vector search to one-shot queries only.
    const nearest = {
      ...query('coll'),
      findNearest: {
        vectorField: ['v'],
        queryVector: vector([1]),
        distanceMeasure: 'EUCLIDEAN' as const,
        limit: 1,
      },
    };
    session.addTarget(queryTarget(4, nearest));
    expect(read()).toEqual(['REMOVE [4] cause 3']);
    for (let i = 1; i <= MAX_TARGETS_PER_SESSION; i++)
      session.addTarget(docTarget(i * 2, `coll/d${i}`));
    read();
    session.addTarget(docTarget(1, 'coll/one-too-many'));
    expect(read()).toEqual(['REMOVE [1] cause 8']);
  });

  it('fails the stream on a duplicate target id', () => {
    const { open } = setup();
    const { sink, session } = open();
    session.addTarget(queryTarget(2, query('coll')));
    session.addTarget(queryTarget(2, query('coll')));
    expect(sink.failure).toBeInstanceOf(EmulatorError);
  });

  it('closes cleanly: no more messages, targets released', async () => {
    const { core, commit, open } = setup();
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll')));
    read();
    expect(core.stats().listenTargets).toBe(1);
    session.close();
    await commit(set('coll/a', { x: 1 }));
    expect(read()).toEqual([]);
    expect(core.stats()).toMatchObject({ listenTargets: 0, listenSessions: 0 });
  });

  it('clearDocuments sends deletes to open listeners', async () => {
    const { core, commit, open } = setup();
    await commit(set('coll/a', { x: 1 }), set('coll/b', { x: 2 }));
    const { session, read } = open();
    session.addTarget(queryTarget(2, query('coll')));
    session.addTarget(docTarget(4, 'coll/a'));
    read();
    core.clearDocuments(TEST_DATABASE);
    expect(read()).toEqual(['delete coll/a -[2,4]', 'delete coll/b -[2]', 'NO_CHANGE global']);
    expect(core.stats().documents).toBe(0);
  });
});
