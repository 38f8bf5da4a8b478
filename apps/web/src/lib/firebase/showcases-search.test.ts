// The gallery's search query and the app's edit payload against our Firestore emulator with
// firestore.rules in force, through the firebase SDK: what a visitor finds by a title-word or
// tag prefix, that drafts never show, and that an edit keeps the stored terms in step.
import { EmulatorClient, RULES_FILE, startFirestoreEmulator } from '@showcase/dev-stack';
import type { ShowcaseDocument } from '@showcase/schema';
import { buildShowcase, matchesSearch, searchPlan } from '@showcase/schema';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { Firestore } from 'firebase/firestore';
import {
  connectFirestoreEmulator,
  doc,
  getDocFromServer,
  getDocsFromServer,
  getFirestore,
  setLogLevel,
  terminate,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GallerySort } from './showcases';
import { showcaseUpdateFields } from './showcase-writes';
import { showcaseRef, showcasesQuery } from './showcases';
import { loadFirestoreSdk } from './sdk';

// The data layer's functions call into the SDK, which the app loads with its first database.
beforeAll(loadFirestoreSdk);

const OWNER = { uid: 'maker', name: 'Maker' };

let server: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let client: EmulatorClient;
const apps: FirebaseApp[] = [];
let visitor: Firestore;
let member: Firestore;

/** A Firestore of its own app: a visitor, or a member signed in with a mock emulator token. */
function firestoreAs(name: string, uid?: string): Firestore {
  const app = initializeApp({ projectId: 'demo-showcase', apiKey: 'test' }, name);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port, {
    ...(uid
      ? {
          mockUserToken: {
            sub: uid,
            firebase: { sign_in_provider: 'password', identities: {} },
          },
        }
      : {}),
  });
  return db;
}

beforeAll(async () => {
  setLogLevel('silent');
  server = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: server.url });
  visitor = firestoreAs('visitor');
  member = firestoreAs('member', OWNER.uid);
});

afterAll(async () => {
  await Promise.all([visitor, member].map((db) => terminate(db)));
  await Promise.all(apps.map((app) => deleteApp(app)));
  await server?.close();
});

beforeEach(() => client.clearFirestore());

let minute = 0;
/** Stores showcases as the owner of the emulator (rules bypassed), each a minute newer. */
async function store(showcases: Record<string, Partial<ShowcaseDocument>>): Promise<void> {
  await client.commit(
    Object.entries(showcases).map(([id, fields]) => ({
      path: `showcases/${id}`,
      data: buildShowcase({
        ownerUid: OWNER.uid,
        ownerName: OWNER.name,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)),
        ...fields,
      }),
    })),
  );
}

/** What a visitor typing `text` sees: the gallery's query for the plan's term, then its check. */
async function search(text: string, sort: GallerySort = 'newest'): Promise<string[]> {
  const plan = searchPlan(text);
  if (plan === null) return [];
  const query = showcasesQuery(visitor, { sort, tag: null, searchTerm: plan.term, limit: 24 });
  const snapshot = await getDocsFromServer(query);
  return snapshot.docs
    .map((document) => document.data())
    .filter((showcase) => matchesSearch(showcase.searchTerms, plan))
    .map((showcase) => showcase.title);
}

describe('the gallery search query', () => {
  it('finds published showcases by the start of a title word or a tag, newest first', async () => {
    await store({
      workshop: { title: 'Lantern Workshop', tags: ['pixel-art'] },
      lamp: { title: 'Walnut Lamp', tags: ['lantern'], likeCount: 3 },
      garden: { title: 'Pixel Garden', tags: ['game'] },
    });
    expect(await search('lan')).toEqual(['Walnut Lamp', 'Lantern Workshop']);
    expect(await search('lan', 'liked')).toEqual(['Walnut Lamp', 'Lantern Workshop']);
    expect(await search('PIX')).toEqual(['Pixel Garden', 'Lantern Workshop']);
    expect(await search('art')).toEqual(['Lantern Workshop']);
    // Every typed word must start a word of the showcase; the longest goes to the server.
    expect(await search('pix gard')).toEqual(['Pixel Garden']);
    expect(await search('lanterns')).toEqual([]);
  });

  it('never returns a draft, however well it matches', async () => {
    await store({
      draft: { title: 'Lantern Draft', status: 'draft', url: '' },
      published: { title: 'Lantern Published' },
    });
    expect(await search('lantern')).toEqual(['Lantern Published']);
  });
});

describe('an edit, written as the app writes it', () => {
  /** The member's update of `changes`, computed from the server's version as the app does. */
  async function edit(id: string, changes: Parameters<typeof showcaseUpdateFields>[0]) {
    const stored = (await getDocFromServer(showcaseRef(member, id))).data()!;
    await updateDoc(
      doc(member, 'showcases', id),
      showcaseUpdateFields(changes, stored, stored.status, OWNER),
    );
  }

  it('finds a renamed showcase by its new title only', async () => {
    await store({ renamed: { title: 'Lantern Workshop', tags: ['craft'] } });
    await edit('renamed', { title: 'Beacon Workshop' });
    expect(await search('bea')).toEqual(['Beacon Workshop']);
    expect(await search('lan')).toEqual([]);
    expect(await search('craf')).toEqual(['Beacon Workshop']);
  });

  it('brings a showcase stored without terms into search on an edit of any field', async () => {
    const { searchTerms: _terms, ...oldShape } = buildShowcase({
      title: 'Lantern Workshop',
      ownerUid: OWNER.uid,
      ownerName: OWNER.name,
    });
    await client.commit([{ path: 'showcases/old', data: oldShape }]);
    expect(await search('lan')).toEqual([]);
    await edit('old', { description: 'Now with a dimmer.' });
    expect(await search('lan')).toEqual(['Lantern Workshop']);
  });
});
