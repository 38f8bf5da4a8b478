/**
 * Helpers for the gallery specs: showcases arranged through the emulator as the owner (rules
 * bypassed), the connection indicator, the publish form, and temporarily stricter rules.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ShowcaseDocument, ShowcaseFormValues } from '@showcase/schema';
import { buildShowcase } from '@showcase/schema';
import {
  demoShowcaseImages,
  DEMO_BUCKET,
  readDemoPhotoManifest,
  RULES_FILE,
  uploadDemoPhotos,
} from '@showcase/dev-stack';
import { client, stack } from './env';
import type { PlainValue } from './firestore';
import { setDocuments } from './firestore';

/** A tag no other test uses: scoping a gallery to it isolates a test from parallel ones. */
export function uniqueTag(prefix = 't'): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** A 20-character id like the SDK's auto ids. */
export function showcaseId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 20);
}

/** A showcase to store: the schema's valid defaults (published, by a seed owner) but for these. */
export type SeedShowcase = Partial<ShowcaseDocument> & { id?: string; title: string };

/**
 * Writes showcases as the owner (rules bypassed, so a test may store what the rules refuse);
 * returns their ids in the given order. Unless given, each is a minute older than the previous.
 */
export async function seedShowcases(showcases: SeedShowcase[]): Promise<string[]> {
  const now = Date.now();
  const documents = showcases.map(({ id = showcaseId(), ...fields }, index) => {
    const createdAt = fields.createdAt ?? new Date(now - index * 60_000);
    const data: Record<string, PlainValue> = buildShowcase({ ...fields, createdAt });
    return { path: `showcases/${id}`, data };
  });
  await setDocuments(documents);
  return documents.map((document) => document.path.split('/')[1]!);
}

/**
 * Stores `showcase` with real uploaded pictures: the demo photos of `cover` (one of the demo
 * covers, e.g. `lighthouse-series`), uploaded at their stored widths into the Storage emulator
 * under the owner's path, as the app's uploads and the seed leave them. Returns its id.
 */
export async function seedShowcaseWithPhotos(
  showcase: SeedShowcase,
  cover: string,
): Promise<string> {
  const id = showcase.id ?? showcaseId();
  const ownerUid = showcase.ownerUid ?? 'seed-owner';
  const { storageHost } = stack();
  const target = { storageHost, bucket: DEMO_BUCKET, manifest: readDemoPhotoManifest() };
  const { images, uploads } = demoShowcaseImages(target, ownerUid, id, cover);
  await uploadDemoPhotos(storageHost, uploads);
  await seedShowcases([{ ...showcase, id, ownerUid, images }]);
  return id;
}

/** The app bar's connection indicator (its accessible name carries the state). */
export function connectionIndicator(page: Page): Locator {
  return page.getByRole('status', { name: /^Connection: / });
}

export async function expectConnection(
  page: Page,
  state: 'Live' | 'Offline' | 'Connecting…' | 'Waiting for server…',
  timeout = 15_000,
): Promise<void> {
  await expect(connectionIndicator(page)).toHaveAccessibleName(`Connection: ${state}`, { timeout });
}

/** Gallery cards (one `article` per showcase, named by its title). */
export function cards(page: Page): Locator {
  return page.getByRole('article');
}

export function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** What to type into the showcase form, field by field (raw text, as a person types it). */
export type FormInput = Partial<ShowcaseFormValues>;

/** Fills the showcase form (only the given fields). */
export async function fillShowcaseForm(page: Page, input: FormInput): Promise<void> {
  if (input.title !== undefined)
    await page.getByRole('textbox', { name: 'Title' }).fill(input.title);
  if (input.description !== undefined)
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(input.description);
  if (input.url !== undefined) await page.getByRole('textbox', { name: 'Link' }).fill(input.url);
  if (input.tags !== undefined) await page.getByRole('textbox', { name: 'Tags' }).fill(input.tags);
}

/** Opens /new, publishes, and waits for the showcase page; returns the new id. */
export async function publishShowcase(
  page: Page,
  input: FormInput & { title: string },
): Promise<string> {
  await page.goto('/new');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  await fillShowcaseForm(page, { url: 'https://example.com/made', ...input });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: input.title })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2];
  if (!id) throw new Error(`Not on a showcase page after publishing: ${page.url()}`);
  return id;
}

/**
 * Offline, from a page with the app bar: opens New showcase, publishes, and waits for the form to
 * say the showcase is saved on this device until the connection returns.
 */
export async function publishOffline(
  page: Page,
  input: FormInput & { title: string; tags: string },
): Promise<void> {
  await page.getByRole('link', { name: 'New showcase' }).click();
  await fillShowcaseForm(page, { url: 'https://example.com/offline', ...input });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByText("Saved on this device, will publish when you're back online"),
  ).toBeVisible();
}

/**
 * Runs `body` with the project's rules tightened by `tighten` (a text edit of firestore.rules,
 * which must change something), then restores the file's rules. Keep the edit narrow (e.g. one
 * marker title): specs in other workers run against the same emulator meanwhile.
 */
export async function withStricterRules(
  tighten: (rules: string) => string,
  body: () => Promise<void>,
): Promise<void> {
  const original = fs.readFileSync(RULES_FILE, 'utf8');
  const stricter = tighten(original);
  if (stricter === original) throw new Error('The rules edit changed nothing.');
  await client().loadRules(stricter);
  try {
    await body();
  } finally {
    await client().loadRules(original);
  }
}

type HeldCacheWindow = typeof window & {
  releaseFirestoreCache?: () => void;
  firestoreCacheHeld?: boolean;
};

/**
 * Holds back the Firestore cache's start on the next document this page loads (and only that
 * one): the SDK's IndexedDB open does not complete until `releaseFirestoreCache()` runs in the
 * page. It stands in for a slow device, where the cache is still starting when the user acts.
 */
export async function holdFirestoreCacheOnNextLoad(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.setItem('e2e:hold-firestore-cache', 'once'));
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e:hold-firestore-cache') !== 'once') return;
    sessionStorage.removeItem('e2e:hold-firestore-cache');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = window as HeldCacheWindow;
    held.releaseFirestoreCache = release;
    held.firestoreCacheHeld = true;
    void released.then(() => (held.firestoreCacheHeld = false));
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
      const request = open.call(this, name, version);
      if (!name.startsWith('firestore/')) return request;
      // The SDK listens through `onsuccess`: keep its handler and call it once released.
      let handler: IDBOpenDBRequest['onsuccess'] = null;
      Object.defineProperty(request, 'onsuccess', {
        configurable: true,
        get: () => handler,
        set: (fn: IDBOpenDBRequest['onsuccess']) => (handler = fn),
      });
      request.addEventListener('success', (event) => {
        void released.then(() => handler?.call(request, event));
      });
      return request;
    };
  });
}

/** Whether the cache held by `holdFirestoreCacheOnNextLoad` is still held back. */
export function isFirestoreCacheHeld(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as HeldCacheWindow).firestoreCacheHeld === true);
}

/** Lets the held-back cache start. */
export async function releaseFirestoreCache(page: Page): Promise<void> {
  await page.evaluate(() => (window as HeldCacheWindow).releaseFirestoreCache?.());
}
