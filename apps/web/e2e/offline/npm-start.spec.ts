/**
 * Offline as a newcomer meets it: against the server `npm start` runs (spawned here on free
 * ports, its data in this run's folder), signed in as a demo member.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_MEMBERS, DEMO_PASSWORD, REPO_ROOT } from '@showcase/dev-stack';
import { buildShowcase } from '@showcase/schema';
import { seriousViolations } from '../support/axe';
import {
  card,
  cards,
  expectConnection,
  publishOffline,
  showcaseId,
  uniqueTag,
} from '../support/gallery';
import type { NpmStart } from '../support/npm-start';
import { startNpmStart } from '../support/npm-start';

// This spec is about what the service worker does (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const maya = DEMO_MEMBERS[0]!;
let app: NpmStart;

// Playwright reads the first parameter to find fixtures; `{}` asks for none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // Install check, package build, Auth emulator start and a production build of the app: on a
  // busy two-core machine that takes a while.
  testInfo.setTimeout(240_000);
  const run = process.env.SHOWCASE_E2E_RUN ?? String(process.pid);
  const dataDir = path.join(REPO_ROOT, `.data/e2e/run-${run}/npm-start-${testInfo.workerIndex}`);
  app = await startNpmStart(dataDir, 200_000);
});

test.afterAll(async () => {
  await app?.stop();
});

/** Showcases on the server with this title, read as the owner. */
async function storedWithTitle(title: string): Promise<number> {
  return (await app.client.listDocuments('showcases')).filter((doc) => doc.data.title === title)
    .length;
}

/**
 * Playwright's offline emulation keeps the network away from a document a service worker served,
 * but leaves its `navigator.onLine` true, so here the app learns it is offline from its 10 s
 * window without an answer rather than at once, as a browser that is really offline tells it.
 */
async function expectNotAvailableOffline(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Not available offline yet' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/not opened on this device while it was online/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to gallery' })).toBeVisible();
}

test('offline after one visit: a reload keeps the app, the gallery and a pending write; a showcase never opened says so; back online the write lands once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('npmstart');
  await page.goto(`${app.appUrl}/signin`);
  await page.getByLabel('Email', { exact: true }).fill(maya.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${app.appUrl}/`);
  await expectConnection(page, 'Live', 30_000);
  await expect(cards(page).first()).toBeVisible();
  const cachedTitle = (await cards(page).first().getByRole('heading').textContent()) ?? '';
  expect(cachedTitle).not.toBe('');
  // The first visit installed the service worker and it took the page over without a reload.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 30_000,
  });

  await context.setOffline(true);
  await expectConnection(page, 'Offline');
  const title = `Made offline ${tag}`;
  await publishOffline(page, { title, tags: tag });
  await page.getByRole('link', { name: 'Gallery' }).click();
  await expect(card(page, title).getByTestId('pending-chip')).toBeVisible();

  // A reload with no network: the service worker serves the app, the SDK its cache and queue.
  await page.reload();
  await expectConnection(page, 'Offline', 20_000);
  await expect(card(page, title).getByTestId('pending-chip')).toBeVisible({ timeout: 20_000 });
  await expect(card(page, cachedTitle)).toBeVisible();
  expect(await storedWithTitle(title)).toBe(0);
  // Published by someone else while this browser is offline: it cannot be in its cache.
  const neverOpened = { id: showcaseId(), title: `Never opened ${tag}`, owner: `owner-${tag}` };
  await app.client.commit([
    {
      path: `showcases/${neverOpened.id}`,
      data: buildShowcase({
        title: neverOpened.title,
        ownerUid: neverOpened.owner,
        ownerName: 'Someone else',
        tags: [tag],
      }),
    },
  ]);

  // Never opened on this device: a clear state, not an error page and not "not found".
  await page.goto(`${app.appUrl}/u/${neverOpened.owner}`);
  await expectNotAvailableOffline(page);
  await page.goto(`${app.appUrl}/s/${neverOpened.id}`);
  await expectNotAvailableOffline(page);
  await expect(page).toHaveTitle('Not available offline yet · Showcase');
  expect(await seriousViolations(page)).toEqual([]);

  // Back online, the same page becomes the showcase by itself, and the queued write is sent.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: neverOpened.title })).toBeVisible({
    timeout: 30_000,
  });
  await expectConnection(page, 'Live', 30_000);
  await page.getByRole('link', { name: 'Gallery', exact: true }).click();
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByTestId('pending-chip')).toHaveCount(0, { timeout: 30_000 });
  // Confirmed by the server itself, and exactly once.
  await expect.poll(() => storedWithTitle(title), { timeout: 15_000 }).toBe(1);
  const [stored] = (await app.client.listDocuments('showcases')).filter(
    (doc) => doc.data.title === title,
  );
  expect(stored?.data).toMatchObject({ status: 'published', ownerUid: maya.uid, tags: [tag] });
});
