/**
 * A new version while a tab is open: the app offers it and Reload brings it in. The app is built
 * and served through the same path as `npm start` (`startBuiltWeb`), on a port of its own, and
 * built a second time with a different `VITE_SITE_URL`, which changes index.html (its preview
 * image's address): a real second build, as a source change under `npm start` gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, freeStackPorts, openLog, startBuiltWeb } from '@showcase/dev-stack';
import { stack } from '../support/env';

// This spec is about what the service worker does (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const SITE_URL = 'https://showcase.example';

/** Asks the browser for the server's service worker now; true when a new one came of it. */
function checkNow(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
    return Boolean(registration?.installing ?? registration?.waiting);
  });
}

test('a new build is offered with Reload, Reload brings it in, and other tabs keep their typing', async ({
  page,
}, testInfo) => {
  // Two production builds of the app in this worker.
  test.setTimeout(180_000);
  const run = process.env.SHOWCASE_E2E_RUN ?? String(process.pid);
  const dir = path.join(REPO_ROOT, `.data/e2e/run-${run}/update-prompt-${testInfo.workerIndex}`);
  const log = openLog(dir, 'web');
  const siteUrlBefore = process.env.VITE_SITE_URL;
  delete process.env.VITE_SITE_URL;
  const web = await startBuiltWeb({
    // Picked once the first build is done: other suites running beside this one take free ports
    // too, and one took this port during the build.
    port: async () => (await freeStackPorts()).web,
    log,
    authUrl: stack().authUrl,
    firestoreHost: stack().firestoreHost,
    storageHost: stack().storageHost,
    workDir: dir,
  });
  try {
    const prompt = page
      .getByRole('alert')
      .filter({ hasText: 'A new version of Showcase is ready' });
    const previewImage = page.locator('meta[property="og:image"]');
    await page.goto(`${web.url}/welcome`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 30_000,
    });
    // The first install took the page over without asking, and nothing newer exists.
    expect(await checkNow(page)).toBe(false);
    await expect(prompt).toHaveCount(0);
    await expect(previewImage).toHaveAttribute('content', '/og-image.png');
    // A second tab with something typed into a form.
    const other = await page.context().newPage();
    await other.goto(`${web.url}/signin`);
    await other.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 30_000,
    });
    const typedEmail = other.getByLabel('Email', { exact: true });
    await typedEmail.fill('still-here@example.com');

    process.env.VITE_SITE_URL = SITE_URL;
    expect((await web.rebuild()).kind).toBe('published');
    // The tab regains focus: the app asks for the new version, which installs and waits.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    // Until Reload the open tab keeps the version it started with.
    await expect(previewImage).toHaveAttribute('content', '/og-image.png');

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(previewImage).toHaveAttribute('content', `${SITE_URL}/og-image.png`, {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // The new version is the one in charge: nothing more waits.
    expect(await checkNow(page)).toBe(false);

    // The other tab keeps its version and what was typed, and offers Reload itself.
    const otherPrompt = other
      .getByRole('alert')
      .filter({ hasText: 'A new version of Showcase is ready' });
    await expect(otherPrompt).toBeVisible({ timeout: 20_000 });
    await expect(typedEmail).toHaveValue('still-here@example.com');
    await expect(other.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      '/og-image.png',
    );
    await otherPrompt.getByRole('button', { name: 'Reload' }).click();
    await expect(other.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${SITE_URL}/og-image.png`,
      { timeout: 20_000 },
    );
  } finally {
    if (siteUrlBefore === undefined) delete process.env.VITE_SITE_URL;
    else process.env.VITE_SITE_URL = siteUrlBefore;
    await web.close();
    await log.close();
    fs.rmSync(path.join(dir, 'web'), { recursive: true, force: true });
  }
});
