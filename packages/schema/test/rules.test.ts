// The schema's own examples written through the project's firestore.rules, against our emulator
// over real sockets: every valid example is allowed, every invalid one is denied while its valid
// twin (the same document but for one field) is allowed, so each denial is for that field.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { createServer, silentLogger, type EmulatorServer } from '@showcase/emulator';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvalidShowcaseExample, ShowcaseExampleData } from '../src/index.js';
import {
  EXAMPLE_OWNER_UID,
  EXAMPLE_SHOWCASE_ID,
  SHOWCASE_FIELDS,
  showcaseExamples,
} from '../src/index.js';

const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

let server: EmulatorServer;
let env: RulesTestEnvironment;
let owner: Firestore;

beforeAll(async () => {
  setLogLevel('silent');
  server = await createServer({ port: 0, log: silentLogger });
  env = await initializeTestEnvironment({
    projectId: 'demo-showcase',
    firestore: { host: '127.0.0.1', port: server.port, rules: RULES },
  });
  owner = env
    .authenticatedContext(EXAMPLE_OWNER_UID, {
      firebase: { sign_in_provider: 'password', identities: {} },
    })
    .firestore() as unknown as Firestore;
});

afterAll(async () => {
  await env?.cleanup();
  await server?.close();
});

/** Example data as the SDK writes it: Dates become timestamps. */
function toSdk(data: ShowcaseExampleData): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof Date ? Timestamp.fromDate(value) : value,
    ]),
  );
}

// Every example is written at the id its images name (the rules want an image's URL under its
// own showcase's path): each write starts from a fresh document there. The tests of this file
// run one after another.
const EXAMPLE_PATH = `showcases/${EXAMPLE_SHOWCASE_ID}`;

/** Stores `data` at the examples' path as it is, rules off (null: nothing stored there). */
async function store(data: ShowcaseExampleData | null): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const ref = doc(context.firestore() as unknown as Firestore, EXAMPLE_PATH);
    await deleteDoc(ref);
    if (data !== null) await setDoc(ref, toSdk(data));
  });
}

/**
 * The member's first save of the example: the rules want both times to be the request time and
 * no likes yet, so those come from the request, not the example.
 */
async function create(data: ShowcaseExampleData): Promise<void> {
  await store(null);
  await setDoc(doc(owner, EXAMPLE_PATH), {
    ...toSdk(data),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    likeCount: 0,
  });
}

/**
 * The example stored as it is (rules off), then saved again by its owner: everything but
 * `updatedAt`, which must be the request time, is the example's own.
 */
async function resave(data: ShowcaseExampleData): Promise<void> {
  await store(data);
  await setDoc(doc(owner, EXAMPLE_PATH), { ...toSdk(data), updatedAt: serverTimestamp() });
}

/**
 * The example stored without images (as before uploads existed), then saved by its owner with
 * the example's images: the update that has to check them.
 */
async function addImages(data: ShowcaseExampleData): Promise<void> {
  const { images: _images, ...before } = data;
  await store(before);
  await setDoc(doc(owner, EXAMPLE_PATH), { ...toSdk(data), updatedAt: serverTimestamp() });
}

/**
 * The example stored as it is (rules off), then changed by its owner with a partial update, as
 * the app's edit form writes: only `changes` and `updatedAt`.
 */
async function change(
  data: ShowcaseExampleData,
  changes: Readonly<Record<string, unknown>>,
): Promise<void> {
  await store(data);
  await updateDoc(doc(owner, EXAMPLE_PATH), { ...changes, updatedAt: serverTimestamp() });
}

/** A create cannot carry the example's times or like count, so it only shows the other fields. */
const createShows = (field: InvalidShowcaseExample['field']) =>
  !['createdAt', 'updatedAt', 'likeCount'].includes(field);

const { valid, invalid } = showcaseExamples();
const twinOf = (example: InvalidShowcaseExample) =>
  valid.find((candidate) => candidate.name === example.twin)!.data;

describe('firestore.rules against the schema examples', () => {
  it('lists the same showcase fields as the schema', () => {
    const keysOf = (name: string) =>
      new RegExp(`function ${name}\\(\\) \\{\\s*return \\[([^\\]]*)\\]`)
        .exec(RULES)?.[1]
        ?.match(/'[^']+'/g)
        ?.map((key) => key.slice(1, -1));
    // The comment counter's keys are listed apart (commentCounterKeys), in the rules' audience part.
    expect([...keysOf('showcaseKeys')!, ...keysOf('commentCounterKeys')!]).toEqual([
      ...SHOWCASE_FIELDS,
    ]);
  });

  it.each(valid)('allows saving again: $name', async ({ data }) => {
    await assertSucceeds(resave(data));
  });

  it.each(valid)('allows creating: $name', async ({ data }) => {
    await assertSucceeds(create(data));
  });

  it.each(invalid.filter((example) => !example.onlyOnCreate))(
    'denies saving again: $name (twin: $twin)',
    async (example) => {
      await assertSucceeds(resave(twinOf(example)));
      await assertFails(resave(example.data));
    },
  );

  // A document stored before a field existed can still be saved without it (creating one
  // without it is denied above).
  it.each(invalid.filter((example) => example.onlyOnCreate))(
    'allows saving again: $name',
    async (example) => {
      await assertSucceeds(resave(example.data));
    },
  );

  it.each(invalid.filter((example) => example.field === 'images'))(
    'denies adding images: $name (twin: $twin)',
    async (example) => {
      await assertSucceeds(addImages(twinOf(example)));
      await assertFails(addImages(example.data));
    },
  );

  it.each(invalid.filter((example) => createShows(example.field)))(
    'denies creating: $name (twin: $twin)',
    async (example) => {
      await assertSucceeds(create(twinOf(example)));
      await assertFails(create(example.data));
    },
  );
});

describe('firestore.rules: what a visitor (signed out) may read', () => {
  const published = valid.find((example) => example.name === 'published')!.data;
  const draft = valid.find((example) => example.name === 'draft')!.data;
  let visitor: Firestore;

  beforeAll(async () => {
    visitor = env.unauthenticatedContext().firestore() as unknown as Firestore;
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'showcases/public-pub'), toSdk(published));
      await setDoc(doc(db, 'showcases/public-draft'), toSdk(draft));
      await setDoc(doc(db, 'showcases/public-pub/likes/fan'), { createdAt: Timestamp.now() });
      await setDoc(doc(db, 'showcases/public-draft/likes/fan'), { createdAt: Timestamp.now() });
      await setDoc(doc(db, `users/${EXAMPLE_OWNER_UID}`), {
        displayName: 'Owner',
        photoURL: null,
        createdAt: Timestamp.now(),
      });
    });
  });

  it('gets a published showcase, not a draft', async () => {
    await assertSucceeds(getDoc(doc(visitor, 'showcases/public-pub')));
    await assertFails(getDoc(doc(visitor, 'showcases/public-draft')));
  });

  it('lists showcases filtered to published, not unfiltered or drafts', async () => {
    const showcases = collection(visitor, 'showcases');
    await assertSucceeds(getDocs(query(showcases, where('status', '==', 'published'))));
    await assertSucceeds(
      getDocs(query(showcases, where('status', '==', 'published'), orderBy('createdAt', 'desc'))),
    );
    await assertFails(getDocs(showcases));
    await assertFails(getDocs(query(showcases, where('status', '==', 'draft'))));
  });

  it("lists a member's published showcases (their profile), not all of theirs", async () => {
    const showcases = collection(visitor, 'showcases');
    const byOwner = where('ownerUid', '==', EXAMPLE_OWNER_UID);
    await assertSucceeds(getDocs(query(showcases, byOwner, where('status', '==', 'published'))));
    await assertFails(getDocs(query(showcases, byOwner)));
  });

  it("reads a published showcase's likes, not a draft's", async () => {
    await assertSucceeds(getDoc(doc(visitor, 'showcases/public-pub/likes/fan')));
    await assertSucceeds(getDocs(collection(visitor, 'showcases/public-pub/likes')));
    await assertFails(getDoc(doc(visitor, 'showcases/public-draft/likes/fan')));
    await assertFails(getDocs(collection(visitor, 'showcases/public-draft/likes')));
  });

  it('reads public profiles, nothing outside the known collections', async () => {
    await assertSucceeds(getDoc(doc(visitor, `users/${EXAMPLE_OWNER_UID}`)));
    await assertFails(getDoc(doc(visitor, `secrets/${EXAMPLE_OWNER_UID}`)));
  });

  it('writes nothing: no showcase, no like, no profile', async () => {
    await assertSucceeds(create(published));
    await assertFails(
      setDoc(doc(visitor, 'showcases/visitor-write'), {
        ...toSdk(published),
        ownerUid: 'visitor',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        likeCount: 0,
      }),
    );
    await assertFails(
      setDoc(doc(visitor, 'showcases/public-pub/likes/visitor'), { createdAt: serverTimestamp() }),
    );
    await assertFails(
      setDoc(doc(visitor, 'users/visitor'), { displayName: 'V', createdAt: serverTimestamp() }),
    );
  });
});

describe('firestore.rules: a draft may wait for its link', () => {
  const example = (name: string) => valid.find((candidate) => candidate.name === name)!.data;
  const draft = example('draft');
  const draftWithoutLink = example('draft without a link');
  const published = example('published');

  it('lets the owner publish a draft that has a link', async () => {
    await assertSucceeds(change(draft, { status: 'published' }));
  });

  it('denies publishing a draft whose link is empty', async () => {
    await assertFails(change(draftWithoutLink, { status: 'published' }));
  });

  it('lets the owner publish that draft once it has a link', async () => {
    await assertSucceeds(
      change(draftWithoutLink, { status: 'published', url: 'https://example.com/made' }),
    );
  });

  it('lets the owner empty the link of a draft', async () => {
    await assertSucceeds(change(draft, { url: '' }));
  });

  it('denies emptying the link of a published showcase', async () => {
    await assertFails(change(published, { url: '' }));
  });

  it('lets the owner unpublish a showcase and empty its link in one save', async () => {
    await assertSucceeds(change(published, { status: 'draft', url: '' }));
  });
});
