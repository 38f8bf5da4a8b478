// The same objects through three unmodified clients: the browser build of firebase/storage in
// headless Chromium (XHR, cross-origin), the Node build of firebase/storage and the Admin SDK
// (@google-cloud/storage over the GCS JSON API). Each uploads one small object (multipart) and
// one large one (resumable, several chunks); then every client downloads, reads metadata of and
// lists every object, and the answers must be byte-identical and metadata-identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import * as nodeStorage from 'firebase/storage';
import type { FirebaseStorage, FullMetadata, UploadMetadata } from 'firebase/storage';
import * as adminApp from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import type { EmulatorServer } from '../../src/server.js';
import type { StorageHarness } from './storage-page/page-entry.js';
import { CHROMIUM_ARGS, serveBrowserPage, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

const BUCKET = 'demo-conformance.appspot.com';
const PAGE_DIR = new URL('./storage-page/', import.meta.url).pathname;

type Globals = { storageHarness: StorageHarness };

let server: EmulatorServer;
let log: CapturingLogger;
let page: { url: string; close(): Promise<void> };
let browser: Browser;
let tab: Page;
let app: FirebaseApp;
let storage: FirebaseStorage;
let admin: adminApp.App;
const pageErrors: string[] = [];

/** Deterministic bytes: every value 0–255 appears, nothing compresses. */
function bytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const SMALL = bytes(3 * 1024, 1);
// Above 256 KiB the SDK switches to resumable uploads; 700 KiB takes chunks of 256 and 512 KiB.
const LARGE = bytes(700 * 1024, 2);
const METADATA = {
  contentType: 'image/webp',
  cacheControl: 'public, max-age=60',
  customMetadata: { owner: 'u1', caption: 'été — 😀' },
} satisfies UploadMetadata;

type Client = 'browser' | 'node' | 'admin';
const CLIENTS: readonly Client[] = ['browser', 'node', 'admin'];
const names = (client: Client) => [`conf/${client}/small.webp`, `conf/${client}/large.webp`];

function inPage<T, A>(fn: (h: StorageHarness, arg: A) => Promise<T>, arg: A): Promise<T> {
  return tab.evaluate(
    ([source, value]) => {
      const run = new Function('h', 'arg', `return (${source})(h, arg);`) as (
        h: StorageHarness,
        a: unknown,
      ) => Promise<T>;
      return run((globalThis as unknown as Globals).storageHarness, value);
    },
    [fn.toString(), arg] as const,
  );
}

/** Metadata as the Firebase SDKs report it, as plain JSON. */
function plainFirebase(metadata: FullMetadata): Record<string, unknown> {
  return JSON.parse(JSON.stringify({ ...metadata, ref: undefined })) as Record<string, unknown>;
}

/** The Admin SDK's GCS resource in the Firebase SDK's shape, to compare field by field. */
function adminAsFirebase(resource: Record<string, unknown>): Record<string, unknown> {
  const custom = { ...(resource.metadata as Record<string, string>) };
  delete custom.firebaseStorageDownloadTokens;
  const name = resource.name as string;
  return {
    type: 'file',
    bucket: resource.bucket,
    generation: resource.generation,
    metageneration: resource.metageneration,
    fullPath: name,
    name: name.slice(name.lastIndexOf('/') + 1),
    size: Number(resource.size),
    timeCreated: resource.timeCreated,
    updated: resource.updated,
    md5Hash: resource.md5Hash,
    cacheControl: resource.cacheControl,
    contentType: resource.contentType,
    customMetadata: custom,
  };
}

const bucket = () => getAdminStorage(admin).bucket(BUCKET);

async function upload(client: Client, name: string, data: Buffer, resumable: boolean) {
  switch (client) {
    case 'browser':
      return inPage((h, a) => h.upload(a.name, a.data, a.metadata, a.resumable), {
        name,
        data: data.toString('base64'),
        metadata: METADATA,
        resumable,
      });
    case 'node': {
      const target = nodeStorage.ref(storage, name);
      const result = resumable
        ? await nodeStorage.uploadBytesResumable(target, data, METADATA)
        : await nodeStorage.uploadBytes(target, data, METADATA);
      return plainFirebase(result.metadata);
    }
    case 'admin':
      await bucket()
        .file(name)
        .save(data, {
          resumable,
          metadata: {
            contentType: METADATA.contentType,
            cacheControl: METADATA.cacheControl,
            metadata: METADATA.customMetadata,
          },
        });
      return adminAsFirebase(
        (await bucket().file(name).getMetadata())[0] as Record<string, unknown>,
      );
  }
}

async function download(client: Client, name: string): Promise<Buffer> {
  switch (client) {
    case 'browser':
      return Buffer.from(await inPage((h, n) => h.download(n), name), 'base64');
    case 'node':
      return Buffer.from(await nodeStorage.getBytes(nodeStorage.ref(storage, name)));
    case 'admin':
      // Validated against the x-goog-hash CRC32C the emulator sends.
      return (await bucket().file(name).download())[0];
  }
}

async function metadata(client: Client, name: string): Promise<Record<string, unknown>> {
  switch (client) {
    case 'browser':
      return inPage((h, n) => h.metadata(n), name);
    case 'node':
      return plainFirebase(await nodeStorage.getMetadata(nodeStorage.ref(storage, name)));
    case 'admin':
      return adminAsFirebase(
        (await bucket().file(name).getMetadata())[0] as Record<string, unknown>,
      );
  }
}

async function listing(
  client: Client,
  prefix: string,
): Promise<{ items: string[]; prefixes: string[] }> {
  switch (client) {
    case 'browser':
      return inPage((h, p) => h.list(p, 2), prefix);
    case 'node': {
      const items: string[] = [];
      const prefixes: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await nodeStorage.list(nodeStorage.ref(storage, prefix), {
          maxResults: 2,
          ...(pageToken ? { pageToken } : {}),
        });
        items.push(...page.items.map((r) => r.fullPath));
        prefixes.push(...page.prefixes.map((r) => r.fullPath));
        pageToken = page.nextPageToken;
      } while (pageToken !== undefined);
      return { items, prefixes };
    }
    case 'admin': {
      const [files, , response] = await bucket().getFiles({
        prefix: `${prefix}/`,
        delimiter: '/',
        autoPaginate: false,
        maxResults: 1000,
      });
      const prefixes = ((response as { prefixes?: string[] } | undefined)?.prefixes ?? []).map(
        (p) => p.replace(/\/$/, ''),
      );
      return { items: files.map((f) => f.name), prefixes };
    }
  }
}

async function remove(client: Client, name: string): Promise<void> {
  switch (client) {
    case 'browser':
      return inPage((h, n) => h.remove(n), name);
    case 'node':
      return nodeStorage.deleteObject(nodeStorage.ref(storage, name));
    case 'admin':
      await bucket().file(name).delete();
  }
}

beforeAll(async () => {
  ({ server, log } = await startEmulator({ storagePort: 0, projectId: 'demo-conformance' }));
  const port = server.storage!.port;
  page = await serveBrowserPage(PAGE_DIR);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  tab = await browser.newPage();
  tab.on('pageerror', (e) => pageErrors.push(e.message));
  await tab.goto(page.url);
  await tab.waitForFunction(() => 'storageHarness' in globalThis, undefined, { polling: 20 });
  await inPage((h, a) => Promise.resolve(h.open(a.port, a.bucket)), { port, bucket: BUCKET });

  app = initializeApp(
    { projectId: 'demo-conformance', apiKey: 'fake', storageBucket: BUCKET },
    'node-storage',
  );
  storage = nodeStorage.getStorage(app);
  nodeStorage.connectStorageEmulator(storage, '127.0.0.1', port);

  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${port}`;
  admin = adminApp.initializeApp(
    { projectId: 'demo-conformance', storageBucket: BUCKET },
    'admin-storage',
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  if (app) await deleteApp(app);
  if (admin) await adminApp.deleteApp(admin);
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  await server?.close();
  expect(log.errors).toEqual([]);
  expect(pageErrors).toEqual([]);
});

describe('Storage through the browser SDK, the Node SDK and the Admin SDK', () => {
  const uploaded = new Map<string, Record<string, unknown>>();

  it('uploads the same bytes and metadata through each client (multipart and resumable)', async () => {
    for (const client of CLIENTS) {
      const [small, large] = names(client);
      uploaded.set(small!, await upload(client, small!, SMALL, false));
      uploaded.set(large!, await upload(client, large!, LARGE, true));
    }
    const comparable = (m: Record<string, unknown>) => ({
      size: m.size,
      md5Hash: m.md5Hash,
      contentType: m.contentType,
      cacheControl: m.cacheControl,
      customMetadata: m.customMetadata,
    });
    for (const client of CLIENTS) {
      const [small, large] = names(client);
      expect(comparable(uploaded.get(small!)!)).toEqual({
        size: SMALL.length,
        md5Hash: (await import('node:crypto')).createHash('md5').update(SMALL).digest('base64'),
        contentType: METADATA.contentType,
        cacheControl: METADATA.cacheControl,
        customMetadata: METADATA.customMetadata,
      });
      expect(comparable(uploaded.get(large!)!)).toMatchObject({ size: LARGE.length });
      expect(comparable(uploaded.get(large!)!)).toEqual(
        comparable(uploaded.get(names('node')[1]!)!),
      );
    }
  });

  it('downloads byte-identical objects through every client, whoever uploaded them', async () => {
    for (const owner of CLIENTS) {
      const [small, large] = names(owner);
      for (const reader of CLIENTS) {
        expect((await download(reader, small!)).equals(SMALL), `${reader} reads ${small}`).toBe(
          true,
        );
        expect((await download(reader, large!)).equals(LARGE), `${reader} reads ${large}`).toBe(
          true,
        );
      }
    }
    // A download URL carries a token and works with a plain fetch from the page.
    const viaUrl = await inPage((h, n) => h.fetchDownloadUrl(n), names('admin')[0]!);
    expect(Buffer.from(viaUrl, 'base64').equals(SMALL)).toBe(true);
  });

  it('reports identical metadata for each object to every client, and what the upload answered', async () => {
    for (const owner of CLIENTS) {
      for (const name of names(owner)) {
        const seen = await Promise.all(CLIENTS.map((reader) => metadata(reader, name)));
        expect(seen[0]).toEqual(seen[1]);
        // The Admin SDK sees the same fields through the GCS JSON API.
        expect(seen[2]).toEqual(
          Object.fromEntries(Object.entries(seen[1]!).filter(([key]) => key in seen[2]!)),
        );
        expect(Object.keys(seen[2]!).every((key) => key in seen[1]!)).toBe(true);
        expect(seen[1]).toMatchObject(
          Object.fromEntries(Object.entries(uploaded.get(name)!).filter(([key]) => key !== 'ref')),
        );
      }
    }
  });

  it('lists the same folders and objects through every client, across pages', async () => {
    const root = await Promise.all(CLIENTS.map((client) => listing(client, 'conf')));
    for (const result of root) {
      expect(result).toEqual({ items: [], prefixes: ['conf/admin', 'conf/browser', 'conf/node'] });
    }
    for (const owner of CLIENTS) {
      const seen = await Promise.all(CLIENTS.map((client) => listing(client, `conf/${owner}`)));
      for (const result of seen) {
        expect(result).toEqual({ items: [...names(owner)].sort(), prefixes: [] });
      }
    }
  });

  it('updates metadata through every client; every client sees the update', async () => {
    // `null` removes a custom key; the other keys stay.
    const change = {
      cacheControl: 'no-cache',
      customMetadata: { caption: null, added: 'yes' } as unknown as Record<string, string>,
    };
    for (const client of CLIENTS) {
      const name = names(client)[0]!;
      switch (client) {
        case 'browser':
          await inPage((h, a) => h.update(a.name, a.change), { name, change });
          break;
        case 'node':
          await nodeStorage.updateMetadata(nodeStorage.ref(storage, name), change);
          break;
        case 'admin':
          await bucket()
            .file(name)
            .setMetadata({ cacheControl: change.cacheControl, metadata: change.customMetadata });
          break;
      }
      for (const reader of CLIENTS) {
        expect(await metadata(reader, name), `${reader} reads ${name}`).toMatchObject({
          metageneration: '2',
          cacheControl: 'no-cache',
          contentType: METADATA.contentType,
          customMetadata: { owner: 'u1', added: 'yes' },
        });
        expect((await metadata(reader, name)).customMetadata).not.toHaveProperty('caption');
      }
    }
  });

  it('deletes through every client; the objects are gone for all of them', async () => {
    for (const client of CLIENTS) {
      for (const name of names(client)) await remove(client, name);
    }
    for (const client of CLIENTS) {
      expect(await listing(client, 'conf')).toEqual({ items: [], prefixes: [] });
    }
    const code = await inPage((h, n) => h.failure(() => h.metadata(n)), names('node')[0]!);
    expect(code).toBe('storage/object-not-found');
    await expect(
      nodeStorage.getBytes(nodeStorage.ref(storage, names('browser')[0]!)),
    ).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
    await expect(bucket().file(names('admin')[0]!).download()).rejects.toMatchObject({ code: 404 });
    expect((await server.storage!.load()).core.stats()).toMatchObject({ objects: 0, usedBytes: 0 });
  });
});
