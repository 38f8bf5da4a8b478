// The seed against the real emulators over loopback: our Firestore emulator in this process and
// firebase-tools' Auth emulator as its child, both on free ports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmulatorServer } from '@showcase/emulator';
import { createServer } from '@showcase/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthEmulator } from '../src/auth-emulator.js';
import { startAuthEmulator } from '../src/auth-emulator.js';
import { buildDemoData } from '../src/demo-data.js';
import { EmulatorClient } from '../src/emulator-client.js';
import { findFreePorts } from '../src/ports.js';
import { seedDemoData } from '../src/seed.js';

const APP_ORIGIN = 'http://127.0.0.1:5173';
const NOW = new Date('2026-03-01T12:00:00Z');
const demo = buildDemoData({ appOrigin: APP_ORIGIN, now: NOW });
const everyDocument =
  demo.showcases.length +
  demo.showcases.reduce((sum, s) => sum + s.likes.length, 0) +
  demo.members.length;

let firestore: EmulatorServer;
let auth: AuthEmulator;
let client: EmulatorClient;
let workDir: string;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-seed-test-'));
  const [authPort, hubPort, loggingPort] = (await findFreePorts(3)) as [number, number, number];
  firestore = await createServer({
    port: 0,
    storagePort: 0,
    log: { info() {}, warn() {}, error() {} },
  });
  auth = await startAuthEmulator({
    port: authPort,
    hubPort,
    loggingPort,
    workDir,
    logFile: path.join(workDir, 'auth.log'),
  });
  client = new EmulatorClient({ authUrl: auth.url, firestoreUrl: firestore.url });
}, 120_000);

afterAll(async () => {
  await Promise.all([auth?.close(), firestore?.close()]);
  fs.rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => client.clearFirestore());

const seed = () => seedDemoData(client, { appOrigin: APP_ORIGIN, now: NOW });

describe('seedDemoData', () => {
  it('uploads the pictures into Storage, where their download URLs serve them', async () => {
    const storageHost = new URL(firestore.storage!.url).host;
    await seedDemoData(client, { appOrigin: APP_ORIGIN, now: NOW, storageHost });
    const stored = await client.listDocuments('showcases');
    const images = stored.flatMap((document) => {
      const list = document.data.images;
      return Array.isArray(list) ? (list as { sizes: { url: string }[] }[]) : [];
    });
    expect(images.length).toBeGreaterThan(60);
    const url = images[images.length - 1]!.sizes[1]!.url;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(8, 12)
        .toString('ascii'),
    ).toBe('WEBP');
  });

  it('writes every demo document into an empty database, then nothing on a second run', async () => {
    const first = await seed();
    expect(first.documentsWritten).toBe(everyDocument);
    expect(await client.listDocuments('showcases')).toHaveLength(demo.showcases.length);
    const second = await seed();
    expect(second).toMatchObject({ accountsCreated: 0, documentsWritten: 0 });
  });

  it('fills an emptied database in which the running app already recreated a profile', async () => {
    // The Firestore emulator restarted (empty) while a signed-in tab kept running and wrote the
    // member's profile again: the profile must not stop the showcases from being seeded.
    const maya = demo.members[0]!;
    await client.commit([
      {
        path: `users/${maya.uid}`,
        data: { displayName: 'Maya (renamed)', photoURL: null, createdAt: NOW },
      },
    ]);
    const result = await seed();
    expect(result.documentsWritten).toBe(everyDocument - 1);
    expect(await client.listDocuments('showcases')).toHaveLength(demo.showcases.length);
    expect((await client.getDocument(`users/${maya.uid}`))?.data.displayName).toBe(
      'Maya (renamed)',
    );
  });

  it('adds back a deleted showcase with its likes and leaves an edited one alone', async () => {
    await seed();
    const [edited, deleted] = demo.showcases.filter((s) => s.likes.length > 0) as [
      (typeof demo.showcases)[number],
      (typeof demo.showcases)[number],
    ];
    await client.commit([
      {
        path: `showcases/${edited.id}`,
        data: { ...stripped(edited), title: 'Edited by a member' },
      },
    ]);
    await client.deleteDocuments([
      `showcases/${deleted.id}`,
      ...deleted.likes.map((like) => `showcases/${deleted.id}/likes/${like.uid}`),
    ]);

    const result = await seed();
    expect(result.documentsWritten).toBe(1 + deleted.likes.length);
    expect((await client.getDocument(`showcases/${edited.id}`))?.data.title).toBe(
      'Edited by a member',
    );
    const restored = await client.getDocument(`showcases/${deleted.id}`);
    expect(restored?.data.likeCount).toBe(deleted.likes.length);
    expect(await client.listDocuments(`showcases/${deleted.id}/likes`)).toHaveLength(
      deleted.likes.length,
    );
  });
});

function stripped({ id: _id, likes: _likes, ...showcase }: (typeof demo.showcases)[number]) {
  return showcase;
}
