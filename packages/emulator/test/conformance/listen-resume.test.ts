// A listener resumed after documents were deleted while it was away: the server answers as
// production does, with only what changed since the resume token and an existence filter whose
// bloom filter (`unchangedNames`) lets the SDK drop the deleted documents itself. The web SDK,
// Node build over gRPC and browser build over WebChannel in Chromium, must end up with the right
// documents without re-running the query: no RESET, no re-listen tagged
// `existence-filter-mismatch(-bloom)`, and the unchanged documents are not sent again. The
// Listen traffic is observed by wrapping the core's service.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  getFirestore,
  onSnapshot,
  terminate,
} from 'firebase/firestore';
import type { Firestore, QuerySnapshot } from 'firebase/firestore';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { createEmulatorCore } from '../../src/service/index.js';
import type {
  FirestoreService,
  ListenRequest,
  ListenResponse,
  ListenStream,
} from '../../src/service/types.js';
import type { Harness } from './browser-page/page-entry.js';
import {
  CHROMIUM_ARGS,
  DOCUMENTS,
  PROJECT,
  restDelete,
  restSet,
  serveBrowserPage,
  startEmulator,
} from './support.js';
import type { CapturingLogger } from './support.js';

type PageGlobals = { harness: Harness };

let server: EmulatorServer;
let log: CapturingLogger;
let app: FirebaseApp;
let db: Firestore;
let page: { url: string; close(): Promise<void> };
let browser: Browser;

/** A Listen request or response, with the stream (session) it travelled on. */
type Recorded =
  | { readonly session: number; readonly request: ListenRequest }
  | { readonly session: number; readonly response: ListenResponse };
const recorded: Recorded[] = [];

/** The core's service, with every Listen request and response recorded on its way. */
function recordingService(service: FirestoreService): FirestoreService {
  let sessions = 0;
  return {
    ...service,
    listen(ctx, sink): ListenStream {
      const session = ++sessions;
      const stream = service.listen(ctx, {
        send(response) {
          recorded.push({ session, response });
          sink.send(response);
        },
        end: (error) => sink.end(error),
      });
      return {
        receive(request) {
          recorded.push({ session, request });
          stream.receive(request);
        },
        addTarget(target) {
          recorded.push({ session, request: { kind: 'add', target } });
          stream.addTarget(target);
        },
        removeTarget: (targetId) => stream.removeTarget(targetId),
        finish: () => stream.finish(),
        close: (error) => stream.close(error),
      };
    },
  };
}

beforeAll(async () => {
  const core = createEmulatorCore();
  ({ server, log } = await startEmulator({
    core: { ...core, service: recordingService(core.service) },
  }));
  app = initializeApp({ projectId: PROJECT }, 'listen-resume');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port);
  page = await serveBrowserPage();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await browser?.close();
  await page?.close();
  await server?.close();
});

const int = (n: number) => ({ integerValue: String(n) });

/** Seeds d1…d5, then (while the client is away) deletes d2 and d4, changes d1 and adds d6. */
async function seed(collectionId: string): Promise<void> {
  for (const id of ['d1', 'd2', 'd3', 'd4', 'd5'])
    await restSet(server, `${collectionId}/${id}`, { n: int(1) });
}
async function changeWhileAway(collectionId: string): Promise<void> {
  await restDelete(server, `${collectionId}/d2`);
  await restDelete(server, `${collectionId}/d4`);
  await restSet(server, `${collectionId}/d1`, { n: int(2) });
  await restSet(server, `${collectionId}/d6`, { n: int(1) });
}
const SETTLED = ['d1=2', 'd3=1', 'd5=1', 'd6=1'];

/**
 * What the server and the SDK said after the resume (recorded from `from` on): the resumed query
 * target got an existence filter with a bloom filter, no RESET, only the changed documents, and
 * the SDK never re-listened to re-run the query.
 */
function expectResumedWithoutRequery(from: number, collectionId: string): void {
  const after = recorded.slice(from);
  const resumed = after.find(
    (r) =>
      'request' in r &&
      r.request.kind === 'add' &&
      r.request.target.target.kind === 'query' &&
      r.request.target.target.query.from[0]?.collectionId === collectionId,
  );
  expect(resumed && 'request' in resumed && resumed.request.kind === 'add').toBe(true);
  if (!resumed || !('request' in resumed) || resumed.request.kind !== 'add') return;
  const { session } = resumed;
  const { targetId, resumeToken } = resumed.request.target;
  expect(resumeToken?.length).toBeGreaterThan(0);
  const sent = after.flatMap((r) => (r.session === session && 'response' in r ? [r.response] : []));

  // Production's answer: the existence filter, with a bloom filter of every matching name.
  const filter = sent.find((r) => r.kind === 'filter' && r.targetId === targetId);
  expect(filter).toMatchObject({ kind: 'filter', count: 4 });
  expect(filter?.kind === 'filter' && filter.unchangedNames?.bitmap.length).toBeGreaterThan(0);
  // No RESET, and the unchanged documents are not sent again.
  expect(sent.filter((r) => r.kind === 'targetChange' && r.changeType === 'RESET')).toEqual([]);
  const resent = sent
    .filter((r) => r.kind === 'documentChange' && r.targetIds.includes(targetId))
    .map((r) => (r.kind === 'documentChange' ? r.document.name : ''))
    .sort();
  expect(resent).toEqual([`${DOCUMENTS}/${collectionId}/d1`, `${DOCUMENTS}/${collectionId}/d6`]);
  // The SDK accepted the filter: it never re-listened to re-run the query.
  const tags = after
    .flatMap((r) =>
      'request' in r && r.request.kind === 'add' ? [r.request.target.tag ?? ''] : [],
    )
    .filter((tag) => tag.startsWith('existence-filter-mismatch'));
  expect(tags).toEqual([]);
}

describe('resuming a listener whose results shrank while it was away', () => {
  it('Node SDK (gRPC): drops the deleted documents through the bloom filter, without re-running the query', async () => {
    await seed('resume');
    const snapshots: QuerySnapshot[] = [];
    let wake = (): void => {};
    const unsubscribe = onSnapshot(
      collection(db, 'resume'),
      { includeMetadataChanges: true },
      (snapshot) => {
        snapshots.push(snapshot);
        wake();
      },
    );
    /** Resolves with the first snapshot (from `from` on) that `predicate` accepts. */
    const snapshotWhere = async (from: number, predicate: (s: QuerySnapshot) => boolean) => {
      for (let i = from; ; i++) {
        while (i >= snapshots.length) await new Promise<void>((resolve) => (wake = resolve));
        const snapshot = snapshots[i]!;
        if (predicate(snapshot)) return snapshot;
      }
    };
    const summary = (s: QuerySnapshot) => s.docs.map((d) => `${d.id}=${String(d.get('n'))}`).sort();

    await snapshotWhere(0, (s) => !s.metadata.fromCache && s.size === 5);
    await disableNetwork(db);
    const from = recorded.length;
    await changeWhileAway('resume');
    const resumedFrom = snapshots.length;
    await enableNetwork(db);
    const settled = await snapshotWhere(
      resumedFrom,
      (s) => !s.metadata.fromCache && summary(s).join() === SETTLED.join(),
    );
    unsubscribe();
    expect(summary(settled)).toEqual(SETTLED);
    expectResumedWithoutRequery(from, 'resume');
  });

  it('browser SDK (WebChannel, Chromium): the same', async () => {
    await seed('resume-web');
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(page.url);
      await tab.waitForFunction(() => 'harness' in globalThis, undefined, { polling: 20 });
      const settledIn = (expected: string) =>
        tab.waitForFunction(
          (expected) => {
            const last = (globalThis as unknown as PageGlobals).harness.last('r');
            const seen = (last?.docs ?? [])
              .map((d) => `${d.id}=${String((d.data as { n: number }).n)}`)
              .sort()
              .join();
            return last !== undefined && !last.fromCache && seen === expected;
          },
          expected,
          { polling: 20, timeout: 30_000 },
        );
      await tab.evaluate((port) => {
        const { fs, open, watch } = (globalThis as unknown as PageGlobals).harness;
        watch('r', fs.query(fs.collection(open('resume-web', port), 'resume-web')));
      }, server.port);
      await settledIn('d1=1,d2=1,d3=1,d4=1,d5=1');
      await tab.evaluate(async () => {
        const { fs, db } = (globalThis as unknown as PageGlobals).harness;
        await fs.disableNetwork(db('resume-web'));
      });
      const from = recorded.length;
      await changeWhileAway('resume-web');
      await tab.evaluate(async () => {
        const { fs, db } = (globalThis as unknown as PageGlobals).harness;
        await fs.enableNetwork(db('resume-web'));
      });
      await settledIn(SETTLED.join());
      expectResumedWithoutRequery(from, 'resume-web');
    } finally {
      await context.close();
    }
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
