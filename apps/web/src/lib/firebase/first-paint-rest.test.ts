// The first paint's REST reads against our Firestore emulator with firestore.rules in force,
// beside the app's own queries through the firebase SDK: the same showcases in the same order,
// answered to a page's origin, and nothing a visitor may not read.
import { EmulatorClient, RULES_FILE, startFirestoreEmulator } from '@showcase/dev-stack';
import type { ShowcaseDocument } from '@showcase/schema';
import { buildShowcase } from '@showcase/schema';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { Firestore } from 'firebase/firestore';
import {
  connectFirestoreEmulator,
  getDocsFromServer,
  getFirestore,
  setLogLevel,
  terminate,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestTarget, ShowcasesRoute } from '../../first-paint/rest';
import {
  FIRST_PAINT_CARDS,
  firstPaintRequest,
  readFirstPaintAnswer,
  readProfileScreen,
} from '../../first-paint/rest';
import { showcasesQuery, userShowcasesQuery } from './showcases';
import { loadFirestoreSdk } from './sdk';

// The data layer's functions call into the SDK, which the app loads with its first database.
beforeAll(loadFirestoreSdk);

const ORIGIN = 'http://127.0.0.1:5173';

let server: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let app: FirebaseApp;
let visitor: Firestore;
let target: RestTarget;

beforeAll(async () => {
  setLogLevel('silent');
  server = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  target = { origin: server.url, projectId: 'demo-showcase', apiKey: null };
  app = initializeApp({ projectId: 'demo-showcase', apiKey: 'test' }, 'first-paint-visitor');
  visitor = getFirestore(app);
  connectFirestoreEmulator(visitor, '127.0.0.1', server.port);
  const client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: server.url });
  await client.clearFirestore();
  const showcases: Record<string, Partial<ShowcaseDocument>> = {};
  // Twelve published (more than a first paint asks for), likes tied in pairs, two drafts.
  for (let index = 0; index < 12; index++) {
    showcases[`p${index}`] = {
      title: `Published ${index}`,
      tags: index % 3 === 0 ? ['game'] : ['art'],
      likeCount: Math.floor(index / 2),
      status: 'published',
    };
  }
  showcases.draft1 = { title: 'Draft', tags: ['game'], likeCount: 99, status: 'draft' };
  showcases.draft2 = { title: 'Draft', tags: ['art'], status: 'draft' };
  await client.commit(
    Object.entries(showcases).map(([id, fields], index) => ({
      path: `showcases/${id}`,
      data: buildShowcase({
        ownerUid: 'maker',
        ownerName: 'Maker',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        ...fields,
      }),
    })),
  );
});

afterAll(async () => {
  await terminate(visitor);
  await deleteApp(app);
  await server?.close();
});

/** What the first paint's read answers, as a page on ORIGIN sends it. */
async function restRead(route: ShowcasesRoute): Promise<Response> {
  const request = firstPaintRequest(target, route);
  return fetch(request.url, {
    ...request.init,
    headers: { ...(request.init.headers as Record<string, string>), Origin: ORIGIN },
  });
}

describe("the first paint's REST reads", () => {
  it.each([
    { sort: 'newest', tag: null },
    { sort: 'liked', tag: null },
    { sort: 'newest', tag: 'game' },
    { sort: 'liked', tag: 'art' },
  ] as const)('show what the gallery shows first: $sort, tag $tag', async ({ sort, tag }) => {
    const response = await restRead({ kind: 'gallery', sort, tag });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const drawn = readFirstPaintAnswer({ kind: 'gallery', sort, tag }, await response.json());
    const app = await getDocsFromServer(
      showcasesQuery(visitor, { sort, tag, limit: FIRST_PAINT_CARDS }),
    );
    expect(drawn?.map((showcase) => showcase.id)).toEqual(app.docs.map((document) => document.id));
    expect(drawn?.length).toBeGreaterThan(0);
  });

  it('reads a published showcase, and is refused a draft and told of a missing one', async () => {
    const ok = await restRead({ kind: 'showcase', id: 'p3' });
    expect(ok.status).toBe(200);
    const [showcase] = readFirstPaintAnswer({ kind: 'showcase', id: 'p3' }, await ok.json()) ?? [];
    expect(showcase).toMatchObject({ id: 'p3', title: 'Published 3', tags: ['game'] });
    expect((await restRead({ kind: 'showcase', id: 'draft1' })).status).toBe(403);
    expect((await restRead({ kind: 'showcase', id: 'nothing-here' })).status).toBe(404);
  });

  it('reads a profile as its page shows it: the document, the first cards and the count', async () => {
    const client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: server.url });
    await client.commit([
      { path: 'users/maker', data: { displayName: 'Maker', followerCount: 3, followingCount: 1 } },
      { path: 'users/no-work', data: { displayName: 'Idle' } },
    ]);
    const painted = await readProfileScreen(target, 'maker');
    const app = await getDocsFromServer(userShowcasesQuery(visitor, 'maker', FIRST_PAINT_CARDS));
    expect(painted?.showcases.map((showcase) => showcase.id)).toEqual(
      app.docs.map((document) => document.id),
    );
    // Twelve published; the drafts count for no one but their owner.
    expect(painted).toMatchObject({
      profile: { uid: 'maker', displayName: 'Maker', followerCount: 3 },
      showcaseCount: '12',
    });
    // Nothing to draw: no published showcase, or no profile at all.
    expect(await readProfileScreen(target, 'no-work')).toBeNull();
    expect(await readProfileScreen(target, 'nobody')).toBeNull();
  });

  it("passes the browser's preflight for the JSON POST", async () => {
    const request = firstPaintRequest(target, { kind: 'gallery', sort: 'newest', tag: null });
    const preflight = await fetch(request.url, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  });
});
