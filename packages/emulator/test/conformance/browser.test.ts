// The unmodified firebase browser build (WebChannel Listen/Write streams + REST) in headless
// Chromium against an in-process emulator. One browser for the whole suite; each test uses its
// own collection and its own Firestore instance (at most two hanging GETs each: the browser
// allows six connections per host, and three SDK instances in one context deadlock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allowAllAuthorizer as allowAll } from '../../src/service/allow-all-authorizer.js';
import type { EmulatorServer } from '../../src/server.js';
import type { Harness, PlainSnapshot } from './browser-page/page-entry.js';
import {
  CHROMIUM_ARGS,
  DOCUMENTS,
  rest,
  restDelete,
  restSet,
  serveBrowserPage,
  startEmulator,
} from './support.js';
import type { CapturingLogger } from './support.js';

type PageGlobals = { harness: Harness };

let server: EmulatorServer;
let log: CapturingLogger;
let page: { url: string; close(): Promise<void> };
let browser: Browser;
let context: BrowserContext;
let tab: Page;
const consoleErrors: string[] = [];

async function openTab(ctx: BrowserContext): Promise<Page> {
  const p = await ctx.newPage();
  p.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  p.on('pageerror', (e) => consoleErrors.push(e.message));
  await p.goto(page.url);
  await p.waitForFunction(() => 'harness' in globalThis, undefined, { polling: 20 });
  return p;
}

/** Waits until the last snapshot recorded under `id` satisfies `predicate` (run in the page). */
async function waitForSnapshot(
  p: Page,
  id: string,
  predicate: string,
  timeout = 15_000,
): Promise<PlainSnapshot> {
  const handle = await p
    .waitForFunction(
      ({ id, predicate }) => {
        const h = (globalThis as unknown as PageGlobals).harness;
        const error = h.error(id);
        if (error) return { error };
        const snap = h.last(id);
        return snap && (new Function('s', `return (${predicate});`)(snap) as boolean)
          ? snap
          : false;
      },
      { id, predicate },
      { polling: 20, timeout },
    )
    .catch(async (error: unknown) => {
      const last = await p.evaluate(
        (id) => (globalThis as unknown as PageGlobals).harness.last(id),
        id,
      );
      throw new Error(
        `snapshot ${id} never matched ${predicate}; last: ${JSON.stringify(last)}; ${String(error)}`,
      );
    });
  const value = (await handle.jsonValue()) as PlainSnapshot | { error: string };
  if ('error' in value && typeof value.error === 'string')
    throw new Error(`listener ${id} failed: ${value.error}`);
  return value as PlainSnapshot;
}

const ids = (s: PlainSnapshot): string[] => (s.docs ?? []).map((d) => d.id);

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  page = await serveBrowserPage();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext();
  tab = await openTab(context);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await server?.close();
});

describe('browser SDK over WebChannel and REST', () => {
  it('listens to a query and a document through adds, changes and removes', async () => {
    await tab.evaluate((port) => {
      const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
      const db = open('listen', port);
      watch('q', fs.query(fs.collection(db, 'listen'), fs.where('n', '>=', 2), fs.orderBy('n')));
      watch('d', fs.doc(db, 'listen/b'));
    }, server.port);
    await waitForSnapshot(tab, 'q', '!s.fromCache && s.docs.length === 0');
    await waitForSnapshot(tab, 'd', '!s.fromCache && !s.exists');

    await restSet(server, 'listen/a', { n: { integerValue: '1' } });
    await restSet(server, 'listen/b', { n: { integerValue: '2' } });
    await restSet(server, 'listen/c', { n: { integerValue: '3' } });
    let q = await waitForSnapshot(tab, 'q', 's.docs.length === 2');
    expect(ids(q)).toEqual(['b', 'c']);
    await waitForSnapshot(tab, 'd', 's.exists && s.data.n === 2');

    // Changes made by this client go through the Write stream.
    await tab.evaluate(async () => {
      const { fs, db } = (globalThis as unknown as PageGlobals).harness;
      await fs.updateDoc(fs.doc(db('listen'), 'listen/c'), { n: 0 });
      await fs.setDoc(fs.doc(db('listen'), 'listen/a'), { n: 5 });
    });
    q = await waitForSnapshot(tab, 'q', "s.docs.map(d => d.id).join() === 'b,a'");
    expect(q.docs?.map((d) => d.data)).toEqual([{ n: 2 }, { n: 5 }]);

    await restDelete(server, 'listen/b');
    q = await waitForSnapshot(tab, 'q', "s.docs.map(d => d.id).join() === 'a'");
    expect(q.changes).toEqual([{ type: 'removed', id: 'b' }]);
    await waitForSnapshot(tab, 'd', '!s.exists');
    await tab.evaluate(async () => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.unwatch('q');
      h.unwatch('d');
      await h.close('listen');
    });
  });

  it('round-trips every value type and every write kind', async () => {
    const result = await tab.evaluate(async (port) => {
      const { fs, open, plain, close } = (globalThis as unknown as PageGlobals).harness;
      const db = open('writes', port);
      const ref = fs.doc(db, 'writes/all');
      await fs.setDoc(ref, {
        nul: null,
        yes: true,
        int: 42,
        big: 9007199254740991,
        dbl: 1.5,
        nan: NaN,
        inf: Infinity,
        negInf: -Infinity,
        time: new fs.Timestamp(1700000000, 123456000),
        text: 'héllo wörld ✓ 😀 中文',
        bytes: fs.Bytes.fromUint8Array(new Uint8Array([0, 1, 254, 255])),
        ref: fs.doc(db, 'other/doc'),
        geo: new fs.GeoPoint(48.85, 2.35),
        list: [1, 'two', { three: 3 }, { four: [4] }],
        map: { nested: { deep: 'value' }, 'with space': 1, 'dots.in.key': 'x' },
        vec: fs.vector([0.1, 0.2, 0.3]),
        emptyList: [],
        emptyMap: {},
      });
      await fs.setDoc(ref, { merged: 'yes', map: { added: true } }, { merge: true });
      await fs.updateDoc(ref, 'map.nested.deep', 'changed', 'yes', fs.deleteField());
      await fs.updateDoc(ref, {
        stamp: fs.serverTimestamp(),
        int: fs.increment(8),
        dbl: fs.increment(0.25),
        fresh: fs.increment(3),
        list: fs.arrayUnion('two', 'five'),
        emptyList: fs.arrayUnion(1, 1, 2),
      });
      await fs.updateDoc(ref, { list: fs.arrayRemove(1, { four: [4] }) });
      const batch = fs.writeBatch(db);
      batch.set(fs.doc(db, 'writes/b1'), { n: 1 });
      batch.set(fs.doc(db, 'writes/b2'), { n: 2 });
      batch.update(ref, { batched: true });
      batch.delete(fs.doc(db, 'writes/b1'));
      await batch.commit();
      await fs.deleteDoc(fs.doc(db, 'writes/missing-is-fine'));
      const snap = await fs.getDocFromServer(ref);
      const b1 = await fs.getDocFromServer(fs.doc(db, 'writes/b1'));
      const all = await fs.getDocsFromServer(
        fs.query(fs.collection(db, 'writes'), fs.orderBy(fs.documentId())),
      );
      const out = {
        data: plain(snap.data()),
        b1Exists: b1.exists(),
        ids: all.docs.map((d) => d.id),
      };
      await close('writes');
      return out;
    }, server.port);
    const data = result.data as Record<string, unknown>;
    expect(result.b1Exists).toBe(false);
    expect(result.ids).toEqual(['all', 'b2']);
    expect(data).toMatchObject({
      nul: null,
      int: 50,
      big: 9007199254740991,
      dbl: 1.75,
      nan: 'NaN',
      inf: 'Infinity',
      negInf: '-Infinity',
      time: { timestamp: '2023-11-14T22:13:20.123Z', nanos: 123456000 },
      text: 'héllo wörld ✓ 😀 中文',
      bytes: { bytes: 'AAH+/w==' },
      ref: { ref: 'other/doc' },
      geo: { lat: 48.85, lng: 2.35 },
      list: ['two', { three: 3 }, 'five'],
      map: { nested: { deep: 'changed' }, 'with space': 1, 'dots.in.key': 'x', added: true },
      vec: { vector: [0.1, 0.2, 0.3] },
      emptyList: [1, 2],
      emptyMap: {},
      merged: 'yes',
      fresh: 3,
      batched: true,
    });
    expect(Object.keys(data)).not.toContain('yes');
    expect(data.stamp).toMatchObject({ timestamp: expect.stringMatching(/^\d{4}-/) });
  });

  it('runs transactions (optimistic, with retries) and aggregations over REST', async () => {
    const result = await tab.evaluate(async (port) => {
      const { fs, open, close } = (globalThis as unknown as PageGlobals).harness;
      const db = open('tx', port);
      const counter = fs.doc(db, 'tx/counter');
      await fs.setDoc(counter, { n: 0 });
      const bump = (): Promise<number> =>
        fs.runTransaction(db, async (tx) => {
          const snap = await tx.get(counter);
          const next = (snap.data()?.n as number) + 1;
          tx.update(counter, { n: next });
          tx.set(fs.doc(db, `tx/item-${next}`), { n: next });
          return next;
        });
      const results = await Promise.all([bump(), bump(), bump()]);
      const missing = await fs.runTransaction(db, async (tx) =>
        (await tx.get(fs.doc(db, 'tx/none'))).exists(),
      );
      const items = fs.query(fs.collection(db, 'tx'), fs.where('n', '>', 0));
      const count = (await fs.getCountFromServer(items)).data().count;
      const agg = (
        await fs.getAggregateFromServer(items, { total: fs.sum('n'), mean: fs.average('n') })
      ).data();
      // Each aggregated field filters by its existence, so `absent` beside `n` would empty
      // every aggregation of the request, as in production; alone it averages nothing.
      const none = (await fs.getAggregateFromServer(items, { none: fs.average('absent') })).data();
      const final = (await fs.getDocFromServer(counter)).data();
      await close('tx');
      return { results: results.sort(), missing, count, agg: { ...agg, ...none }, final };
    }, server.port);
    expect(result.results).toEqual([1, 2, 3]);
    expect(result.missing).toBe(false);
    expect(result.final).toEqual({ n: 3 });
    // counter (n=3) and item-1..3.
    expect(result.count).toBe(4);
    expect(result.agg).toEqual({ total: 9, mean: 2.25, none: null });
  });

  it('removes documents pushed out of a limit window and serves limitToLast', async () => {
    for (const [id, rank] of [
      ['r1', 1],
      ['r2', 2],
      ['r3', 3],
    ] as const) {
      await restSet(server, `limits/${id}`, { rank: { integerValue: String(rank) } });
    }
    await tab.evaluate((port) => {
      const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
      const db = open('limits', port);
      const base = fs.collection(db, 'limits');
      watch('top2', fs.query(base, fs.orderBy('rank'), fs.limit(2)));
      watch('last2', fs.query(base, fs.orderBy('rank'), fs.limitToLast(2)));
    }, server.port);
    expect(ids(await waitForSnapshot(tab, 'top2', '!s.fromCache && s.docs.length === 2'))).toEqual([
      'r1',
      'r2',
    ]);
    expect(ids(await waitForSnapshot(tab, 'last2', '!s.fromCache && s.docs.length === 2'))).toEqual(
      ['r2', 'r3'],
    );

    await restSet(server, 'limits/r0', { rank: { integerValue: '0' } });
    const top = await waitForSnapshot(tab, 'top2', "s.docs.map(d => d.id).join() === 'r0,r1'");
    expect(top.changes).toEqual(
      expect.arrayContaining([
        { type: 'added', id: 'r0' },
        { type: 'removed', id: 'r2' },
      ]),
    );
    await restSet(server, 'limits/r1', { rank: { integerValue: '10' } });
    await waitForSnapshot(tab, 'top2', "s.docs.map(d => d.id).join() === 'r0,r2'");
    await waitForSnapshot(tab, 'last2', "s.docs.map(d => d.id).join() === 'r3,r1'");
    await tab.evaluate(async () => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.unwatch('top2');
      h.unwatch('last2');
      await h.close('limits');
    });
  });

  it('delivers a snapshot larger than one streaming GET carries (the GET is recycled)', async () => {
    const writes = Array.from({ length: 300 }, (_, i) => ({
      update: {
        name: `${DOCUMENTS}/bulk/d${String(i).padStart(3, '0')}`,
        fields: { i: { integerValue: String(i) }, pad: { stringValue: 'é'.repeat(5000) } },
      },
    }));
    await rest(server, 'commit', { writes });
    const before = server.transportStats().streamingGets;
    await tab.evaluate((port) => {
      const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
      watch('bulk', fs.query(fs.collection(open('bulk', port), 'bulk'), fs.orderBy('i')));
    }, server.port);
    const snap = await waitForSnapshot(
      tab,
      'bulk',
      '!s.fromCache && s.docs.length === 300',
      30_000,
    );
    expect(snap.docs?.[299]?.id).toBe('d299');
    // 300 × ~30 KB of escaped JSON cannot fit one 1 MiB streaming GET.
    expect(server.transportStats().streamingGets - before).toBeGreaterThan(2);
    await tab.evaluate(async () => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.unwatch('bulk');
      await h.close('bulk');
    });
  });

  it('resumes listeners after the server drops every WebChannel session', async () => {
    await restSet(server, 'resume/a', { v: { integerValue: '1' } });
    await restSet(server, 'resume/b', { v: { integerValue: '2' } });
    await tab.evaluate((port) => {
      const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
      const db = open('resume', port);
      watch('r', fs.query(fs.collection(db, 'resume')));
    }, server.port);
    await waitForSnapshot(tab, 'r', "!s.fromCache && s.docs.map(d => d.id).join() === 'a,b'");

    expect(server.dropWebChannelSessions()).toBeGreaterThan(0);
    // Changes made while the client is away: a deletion the client must not keep as stale.
    await restDelete(server, 'resume/a');
    await restSet(server, 'resume/c', { v: { integerValue: '3' } });
    await waitForSnapshot(
      tab,
      'r',
      "!s.fromCache && s.docs.map(d => d.id).join() === 'b,c'",
      30_000,
    );

    // The resumed stream keeps delivering, and writes from this client still go out.
    await tab.evaluate(async () => {
      const { fs, db } = (globalThis as unknown as PageGlobals).harness;
      await fs.setDoc(fs.doc(db('resume'), 'resume/d'), { v: 4 });
    });
    await waitForSnapshot(tab, 'r', "s.docs.map(d => d.id).join() === 'b,c,d'");
    await tab.evaluate(async () => {
      const h = (globalThis as unknown as PageGlobals).harness;
      h.unwatch('r');
      await h.close('resume');
    });
  });

  it('works with forced long-polling (CI=1 backchannel)', async () => {
    const before = server.transportStats().longPollGets;
    const longPollContext = await browser.newContext();
    const lp = await openTab(longPollContext);
    try {
      await lp.evaluate((port) => {
        const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
        const db = open('lp', port, { experimentalForceLongPolling: true });
        watch('lp', fs.query(fs.collection(db, 'longpoll'), fs.orderBy('n')));
      }, server.port);
      await waitForSnapshot(lp, 'lp', '!s.fromCache && s.docs.length === 0');
      await lp.evaluate(async () => {
        const { fs, db } = (globalThis as unknown as PageGlobals).harness;
        await fs.setDoc(fs.doc(db('lp'), 'longpoll/x'), { n: 1 });
      });
      await waitForSnapshot(lp, 'lp', "s.docs.map(d => d.id).join() === 'x'");
      await restSet(server, 'longpoll/y', { n: { integerValue: '2' } });
      await waitForSnapshot(lp, 'lp', "s.docs.map(d => d.id).join() === 'x,y'");
      await restDelete(server, 'longpoll/x');
      await waitForSnapshot(lp, 'lp', "s.docs.map(d => d.id).join() === 'y'");
      const reads = await lp.evaluate(async () => {
        const { fs, db, close } = (globalThis as unknown as PageGlobals).harness;
        const snap = await fs.getDocFromServer(fs.doc(db('lp'), 'longpoll/y'));
        await close('lp');
        return snap.data();
      });
      expect(reads).toEqual({ n: 2 });
      expect(server.transportStats().longPollGets).toBeGreaterThan(before);
    } finally {
      await longPollContext.close();
    }
  });

  it('enforces rules per signed-in user on both streams and REST (auth bound to the session)', async () => {
    const loaded = await server.rules.load({
      name: 'browser.rules',
      content: `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /owned/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /open/{doc} {
      allow read, write: if true;
    }
  }
}`,
    });
    expect(loaded.loaded).toBe(true);
    try {
      const outcome = await tab.evaluate(async (port) => {
        const { fs, open, close } = (globalThis as unknown as PageGlobals).harness;
        const alice = open('alice', port, {}, { user_id: 'alice' });
        const anonymous = open('anonymous', port);
        const code = (error: unknown): string => (error as { code?: string }).code ?? String(error);
        await fs.setDoc(fs.doc(alice, 'owned/alice'), { mine: true });
        const denied = await fs
          .setDoc(fs.doc(alice, 'owned/bob'), { mine: false })
          .then(() => 'allowed', code);
        const readOwn = (await fs.getDocFromServer(fs.doc(alice, 'owned/alice'))).data();
        const anonymousRead = await fs
          .getDocFromServer(fs.doc(anonymous, 'owned/alice'))
          .then(() => 'allowed', code);
        const listen = await new Promise<string>((resolve) => {
          const unsubscribe = fs.onSnapshot(
            fs.doc(anonymous, 'owned/alice'),
            () => resolve('allowed'),
            (error) => {
              unsubscribe();
              resolve(code(error));
            },
          );
        });
        const transaction = await fs
          .runTransaction(anonymous, async (tx) => {
            await tx.get(fs.doc(anonymous, 'owned/alice'));
          })
          .then(() => 'allowed', code);
        // After a rejected write the stream recovers and later writes still go through.
        await fs.setDoc(fs.doc(alice, 'open/after'), { ok: true });
        await close('alice');
        await close('anonymous');
        return { denied, readOwn, anonymousRead, listen, transaction };
      }, server.port);
      expect(outcome).toEqual({
        denied: 'permission-denied',
        readOwn: { mine: true },
        anonymousRead: 'permission-denied',
        listen: 'permission-denied',
        transaction: 'permission-denied',
      });
    } finally {
      server.core.setAuthorizer(allowAll);
    }
  });

  it('reports no internal errors', () => {
    expect(log.errors).toEqual([]);
    expect(consoleErrors.filter((e) => /INTERNAL|assert/i.test(e))).toEqual([]);
  });
});
