// The browser SDK's persistent cache after a resumed limit query: a showcase the client wrote
// offline, had confirmed, then saw at the top of a resumed gallery query must still be in that
// query's results after a reload with the network off. The cache can only serve it if the
// resume told the target about it (a document change for the target, then an existence filter
// whose bloom filter drops what fell out of the window), not just the write's acknowledgement.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EmulatorServer } from '../../src/server.js';
import type { Harness, PlainSnapshot } from './browser-page/page-entry.js';
import { CHROMIUM_ARGS, restSet, serveBrowserPage, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

type PageGlobals = { harness: Harness };

/** The gallery's page size: older showcases fill it, so the new one pushes one out. */
const LIMIT = 25;

let server: EmulatorServer;
let log: CapturingLogger;
let page: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  page = await serveBrowserPage();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await server?.close();
});

/** A page load: a new SDK instance on the context's IndexedDB, listening to the gallery query. */
async function loadGallery(context: BrowserContext, { offline }: { offline: boolean }) {
  const tab = await context.newPage();
  await tab.goto(page.url);
  await tab.waitForFunction(() => 'harness' in globalThis, undefined, { polling: 20 });
  await tab.evaluate(
    async ({ port, offline, limit }) => {
      const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
      const db = open('gallery', port, {
        localCache: fs.persistentLocalCache({ tabManager: fs.persistentMultipleTabManager() }),
      });
      if (offline) await fs.disableNetwork(db);
      const gallery = fs.query(
        fs.collection(db, 'showcases'),
        fs.where('status', '==', 'published'),
        fs.orderBy('createdAt', 'desc'),
        fs.limit(limit),
      );
      // As the app listens: a server confirmation with no document change is a snapshot too.
      watch('gallery', gallery, { includeMetadataChanges: true });
    },
    { port: server.port, offline, limit: LIMIT },
  );
  return tab;
}

async function gallerySnapshot(tab: Page, predicate: string): Promise<PlainSnapshot> {
  const handle = await tab.waitForFunction(
    (predicate) => {
      const snap = (globalThis as unknown as PageGlobals).harness.last('gallery');
      return snap && (new Function('s', `return (${predicate});`)(snap) as boolean) ? snap : false;
    },
    predicate,
    { polling: 20, timeout: 20_000 },
  );
  return (await handle.jsonValue()) as PlainSnapshot;
}

const ids = (snapshot: PlainSnapshot) => (snapshot.docs ?? []).map((doc) => doc.id);

it('keeps a confirmed own write in a resumed limit query through an offline reload', async () => {
  const context = await browser.newContext();
  for (let n = 1; n <= LIMIT + 5; n++) {
    await restSet(server, `showcases/older${n}`, {
      status: { stringValue: 'published' },
      createdAt: { timestampValue: new Date(Date.UTC(2026, 0, 1, n)).toISOString() },
    });
  }
  // Visit 1: the gallery from the server; then the editor (the gallery's listener goes away),
  // where the new showcase is published offline and confirmed once back online.
  let tab = await loadGallery(context, { offline: false });
  await gallerySnapshot(tab, `!s.fromCache && s.docs.length === ${LIMIT}`);
  await tab.evaluate(async () => {
    const { fs, db, unwatch } = (globalThis as unknown as PageGlobals).harness;
    unwatch('gallery');
    const gallery = db('gallery');
    await fs.disableNetwork(gallery);
    void fs.setDoc(fs.doc(gallery, 'showcases/fresh'), {
      status: 'published',
      createdAt: fs.serverTimestamp(),
    });
    await fs.enableNetwork(gallery);
    await fs.waitForPendingWrites(gallery);
  });
  await tab.close({ runBeforeUnload: true });

  // Visit 2: a full load resumes the gallery's target; the server puts the new showcase on top.
  tab = await loadGallery(context, { offline: false });
  const online = await gallerySnapshot(tab, "!s.fromCache && s.docs[0]?.id === 'fresh'");
  expect(online.docs).toHaveLength(LIMIT);
  await tab.close({ runBeforeUnload: true });

  // Visit 3: a reload with the network off, served by the cache alone.
  tab = await loadGallery(context, { offline: true });
  const offline = await gallerySnapshot(tab, 's.fromCache');
  expect(ids(offline)).toEqual(ids(online));
  await context.close();
  expect(log.errors).toEqual([]);
});
