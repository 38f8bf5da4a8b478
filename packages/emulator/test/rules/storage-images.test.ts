// Who may upload, read and delete images, against storage.rules over real sockets: the Storage
// SDK through @firebase/rules-unit-testing, our Storage port, and the showcase documents the
// rules read with firestore.get() from the same server's Firestore. Every DENY has an ALLOW twin
// one knob away.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  ref,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  KiB,
  MiB,
  bytes,
  startStorageRulesSuite,
  type StorageRulesSuite,
} from './storage-support.js';
import { baseWorld, twinProblems, type Actor, type Case } from './support.js';

type StorageKnobs = {
  readonly actor: Actor;
  readonly op: 'upload' | 'get' | 'download' | 'updateMetadata' | 'delete' | 'list';
  /** An object name (for list, the prefix listed); `$self` is the acting user's uid. */
  readonly path: string;
  /** Uploads only: the declared content type and the byte count. */
  readonly contentType?: string;
  readonly size?: number;
};

// The seeded objects. `borrowed` is another member's image naming the owner's published
// showcase: the showcase being public must not make someone else's files public.
const PUB_IMAGE = 'users/owner/showcases/pub/img1/800.webp';
const DRAFT_IMAGE = 'users/owner/showcases/draft/img1/800.webp';
const GONE_IMAGE = 'users/owner/showcases/gone/img1/800.webp';
const BORROWED_IMAGE = 'users/other/showcases/pub/img1/800.webp';
const PHOTO = 'users/owner/profile/p1/200.webp';
const SEEDED = Object.fromEntries(
  [PUB_IMAGE, DRAFT_IMAGE, GONE_IMAGE, BORROWED_IMAGE, PHOTO].map((name) => [
    name,
    { contentType: 'image/webp', size: KiB },
  ]),
);

const NEW_IMAGE = 'users/owner/showcases/pub/new1/800.webp';
const OWN_NEW_IMAGE = 'users/$self/showcases/pub/new1/800.webp';
const NEW_PHOTO = 'users/owner/profile/p2/200.webp';
const OWN_NEW_PHOTO = 'users/$self/profile/p2/200.webp';

const upload = (
  actor: Actor,
  path: string,
  contentType = 'image/webp',
  size = KiB,
): StorageKnobs => ({ actor, op: 'upload', path, contentType, size });
const get = (actor: Actor, path: string): StorageKnobs => ({ actor, op: 'get', path });

export const STORAGE_CASES: readonly Case<StorageKnobs>[] = [
  // ---- uploads: the member whose uid starts the path, raster images of at most 10 MiB ----
  { name: 'owner uploads a showcase image', expect: 'ALLOW', knobs: upload('owner', NEW_IMAGE) },
  {
    name: 'other member uploads under the owner’s path',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('other', NEW_IMAGE),
  },
  {
    name: 'visitor uploads under the owner’s path',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('visitor', NEW_IMAGE),
  },
  {
    name: 'a member uploads under their own path',
    expect: 'ALLOW',
    knobs: upload('fan', OWN_NEW_IMAGE),
  },
  {
    name: 'a guest uploads under their own path',
    expect: 'DENY',
    twin: 'a member uploads under their own path',
    knobs: upload('guest', OWN_NEW_IMAGE),
  },
  {
    name: 'owner uploads a JPEG',
    expect: 'ALLOW',
    knobs: upload('owner', NEW_IMAGE, 'image/jpeg'),
  },
  { name: 'owner uploads a PNG', expect: 'ALLOW', knobs: upload('owner', NEW_IMAGE, 'image/png') },
  {
    name: 'owner uploads an AVIF',
    expect: 'ALLOW',
    knobs: upload('owner', NEW_IMAGE, 'image/avif'),
  },
  {
    name: 'owner uploads an SVG',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', NEW_IMAGE, 'image/svg+xml'),
  },
  {
    name: 'owner uploads HTML',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', NEW_IMAGE, 'text/html'),
  },
  {
    name: 'owner uploads untyped bytes',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', NEW_IMAGE, 'application/octet-stream'),
  },
  {
    name: 'owner uploads exactly 10 MiB',
    expect: 'ALLOW',
    knobs: upload('owner', NEW_IMAGE, 'image/webp', 10 * MiB),
  },
  {
    name: 'owner uploads one byte over 10 MiB',
    expect: 'DENY',
    twin: 'owner uploads exactly 10 MiB',
    knobs: upload('owner', NEW_IMAGE, 'image/webp', 10 * MiB + 1),
  },
  {
    name: 'owner uploads a name that is not {width}.webp',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', 'users/owner/showcases/pub/new1/page.html'),
  },
  {
    name: 'owner uploads without an image id',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', 'users/owner/showcases/pub/800.webp'),
  },
  {
    name: 'owner uploads outside their images',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', 'users/owner/elsewhere/pub/new1/800.webp'),
  },
  {
    name: 'owner uploads over a stored image',
    expect: 'DENY',
    twin: 'owner uploads a showcase image',
    knobs: upload('owner', PUB_IMAGE),
  },

  // ---- profile photos ----
  { name: 'owner uploads a profile photo', expect: 'ALLOW', knobs: upload('owner', NEW_PHOTO) },
  {
    name: 'other member uploads the owner’s profile photo',
    expect: 'DENY',
    twin: 'owner uploads a profile photo',
    knobs: upload('other', NEW_PHOTO),
  },
  {
    name: 'owner uploads an SVG profile photo',
    expect: 'DENY',
    twin: 'owner uploads a profile photo',
    knobs: upload('owner', NEW_PHOTO, 'image/svg+xml'),
  },
  {
    name: 'owner uploads a profile photo over 10 MiB',
    expect: 'DENY',
    twin: 'owner uploads a profile photo',
    knobs: upload('owner', NEW_PHOTO, 'image/webp', 10 * MiB + 1),
  },
  {
    name: 'a member uploads their own profile photo',
    expect: 'ALLOW',
    knobs: upload('fan', OWN_NEW_PHOTO),
  },
  {
    name: 'a guest uploads their own profile photo',
    expect: 'DENY',
    twin: 'a member uploads their own profile photo',
    knobs: upload('guest', OWN_NEW_PHOTO),
  },
  { name: 'visitor gets a profile photo', expect: 'ALLOW', knobs: get('visitor', PHOTO) },
  { name: 'guest gets a profile photo', expect: 'ALLOW', knobs: get('guest', PHOTO) },
  { name: 'owner gets their profile photo', expect: 'ALLOW', knobs: get('owner', PHOTO) },

  // ---- reads: the showcase document in Firestore decides ----
  { name: 'visitor gets a published image', expect: 'ALLOW', knobs: get('visitor', PUB_IMAGE) },
  { name: 'guest gets a published image', expect: 'ALLOW', knobs: get('guest', PUB_IMAGE) },
  { name: 'other member gets a published image', expect: 'ALLOW', knobs: get('other', PUB_IMAGE) },
  {
    name: 'visitor downloads a published image',
    expect: 'ALLOW',
    knobs: { actor: 'visitor', op: 'download', path: PUB_IMAGE },
  },
  { name: 'owner gets their draft’s image', expect: 'ALLOW', knobs: get('owner', DRAFT_IMAGE) },
  {
    name: 'other member gets a draft’s image',
    expect: 'DENY',
    twin: 'owner gets their draft’s image',
    knobs: get('other', DRAFT_IMAGE),
  },
  {
    name: 'guest gets a draft’s image',
    expect: 'DENY',
    twin: 'owner gets their draft’s image',
    knobs: get('guest', DRAFT_IMAGE),
  },
  {
    name: 'visitor gets a draft’s image',
    expect: 'DENY',
    twin: 'visitor gets a published image',
    knobs: get('visitor', DRAFT_IMAGE),
  },
  {
    name: 'visitor downloads a draft’s image',
    expect: 'DENY',
    twin: 'visitor downloads a published image',
    knobs: { actor: 'visitor', op: 'download', path: DRAFT_IMAGE },
  },
  {
    name: 'owner gets an image whose showcase is gone',
    expect: 'ALLOW',
    knobs: get('owner', GONE_IMAGE),
  },
  {
    name: 'visitor gets an image whose showcase is gone',
    expect: 'DENY',
    twin: 'visitor gets a published image',
    knobs: get('visitor', GONE_IMAGE),
  },
  {
    name: 'visitor gets another member’s image naming a published showcase',
    expect: 'DENY',
    twin: 'visitor gets a published image',
    knobs: get('visitor', BORROWED_IMAGE),
  },

  // ---- no updates: images are immutable ----
  {
    name: 'owner changes a stored image’s metadata',
    expect: 'DENY',
    twin: 'owner deletes a showcase image',
    knobs: { actor: 'owner', op: 'updateMetadata', path: PUB_IMAGE },
  },

  // ---- deletes: the member whose uid starts the path ----
  {
    name: 'owner deletes a showcase image',
    expect: 'ALLOW',
    knobs: { actor: 'owner', op: 'delete', path: PUB_IMAGE },
  },
  {
    name: 'other member deletes the owner’s image',
    expect: 'DENY',
    twin: 'owner deletes a showcase image',
    knobs: { actor: 'other', op: 'delete', path: PUB_IMAGE },
  },
  {
    name: 'guest deletes the owner’s image',
    expect: 'DENY',
    twin: 'owner deletes a showcase image',
    knobs: { actor: 'guest', op: 'delete', path: PUB_IMAGE },
  },
  {
    name: 'visitor deletes the owner’s image',
    expect: 'DENY',
    twin: 'owner deletes a showcase image',
    knobs: { actor: 'visitor', op: 'delete', path: PUB_IMAGE },
  },
  {
    name: 'owner deletes their profile photo',
    expect: 'ALLOW',
    knobs: { actor: 'owner', op: 'delete', path: PHOTO },
  },
  {
    name: 'other member deletes the owner’s profile photo',
    expect: 'DENY',
    twin: 'owner deletes their profile photo',
    knobs: { actor: 'other', op: 'delete', path: PHOTO },
  },

  // ---- listing: nobody lists; the app finds images through Firestore ----
  {
    name: 'owner lists their profile photo’s folder',
    expect: 'DENY',
    twin: 'owner gets their profile photo',
    knobs: { actor: 'owner', op: 'list', path: PHOTO },
  },
  {
    name: 'visitor lists a published image’s folder',
    expect: 'DENY',
    twin: 'visitor gets a published image',
    knobs: { actor: 'visitor', op: 'list', path: PUB_IMAGE },
  },
];

let suite: StorageRulesSuite;

beforeAll(async () => {
  suite = await startStorageRulesSuite();
});

afterAll(async () => {
  await suite?.close();
});

beforeEach(async () => {
  await suite.reset(baseWorld(), SEEDED);
});

function run(knobs: StorageKnobs): Promise<unknown> {
  const storage = suite.storage(knobs.actor);
  const object = ref(storage, knobs.path.replace('$self', knobs.actor));
  switch (knobs.op) {
    case 'upload':
      return uploadBytes(object, bytes(knobs.size ?? KiB), { contentType: knobs.contentType });
    case 'get':
      return getMetadata(object);
    case 'download':
      return getBytes(object);
    case 'updateMetadata':
      return updateMetadata(object, { customMetadata: { alt: 'A new description' } });
    case 'delete':
      return deleteObject(object);
    case 'list':
      return list(object, { maxResults: 10 });
  }
}

describe('storage.rules', () => {
  it('pairs every DENY with an ALLOW twin that differs in one knob', () => {
    expect(twinProblems(STORAGE_CASES)).toEqual([]);
  });

  for (const c of STORAGE_CASES) {
    it(`${c.expect}: ${c.name}`, async () => {
      if (c.expect === 'ALLOW') await assertSucceeds(run(c.knobs));
      else await assertFails(run(c.knobs));
    });
  }

  it('lets the owner’s upload be read back as stored, then deleted', async () => {
    const storage = suite.storage('owner');
    const object = ref(storage, NEW_IMAGE);
    await assertSucceeds(uploadBytes(object, bytes(3 * KiB), { contentType: 'image/avif' }));
    const metadata = await getMetadata(ref(suite.storage('owner'), NEW_IMAGE));
    expect([metadata.size, metadata.contentType]).toEqual([3 * KiB, 'image/avif']);
    // A visitor reads it too: the showcase it names is published.
    await assertSucceeds(getBytes(ref(suite.storage('visitor'), NEW_IMAGE)));
    await assertSucceeds(deleteObject(object));
    await assertFails(deleteObject(ref(suite.storage('other'), PUB_IMAGE)));
  });
});
