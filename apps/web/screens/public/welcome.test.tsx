// /welcome: the pitch shows at once, skeleton cards hold the preview's place while its code (with
// the Firestore SDK) loads, and the newest published showcases then stream in, live. Its guest
// button explains a network failure and retries.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { DESKTOP, fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { card } from '../../src/testing/locators';
import {
  AUTH_SIGN_UP,
  failMatchingRequests,
  holdMatchingRequests,
} from '../../src/testing/network';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

/** The preview's own module, loaded when /welcome first renders (a chunk of its own when built). */
const PREVIEW_MODULE = /\/welcome-preview\.tsx/;

const preview = () => page.getByRole('list', { name: 'Newest showcases' });
const previewSkeleton = () =>
  page.getByRole('progressbar', { name: 'Loading the newest showcases' });

// First in this file: later tests find the preview's module already loaded.
test('shows the pitch at once, skeletons while the preview loads, then the newest showcases', async () => {
  const tag = uniqueTag('pitch');
  await seedShowcases([{ title: `Newest ${tag}`, tags: [tag] }]);
  const code = await holdMatchingRequests(PREVIEW_MODULE);

  await renderApp({ path: '/welcome' });
  await expect
    .element(page.getByRole('heading', { level: 1, name: 'Show what you made.' }))
    .toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  await expect.element(previewSkeleton()).toBeVisible();
  // The preview's code was asked for and has not come: this is the screen while it loads.
  await expect.poll(code.heldCount).toBeGreaterThan(0);
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(previewSkeleton(), { message: layout.name }).toBeVisible();
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }

  await setLayout(DESKTOP);
  await code.release();
  await expect.element(preview().getByRole('article').first()).toBeVisible();
  await expect.element(previewSkeleton()).not.toBeInTheDocument();
  expect(preview().getByRole('article').elements().length).toBeLessThanOrEqual(4);
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
});

test('a showcase published meanwhile appears in the preview without a reload', async () => {
  await renderApp({ path: '/welcome' });
  await expect.element(preview().getByRole('article').first()).toBeVisible();

  // Dated a little ahead, so that showcases other tests publish meanwhile cannot push it out of
  // the four newest before it is seen.
  const title = `Fresh off the press ${uniqueTag('fresh')}`;
  await seedShowcases([{ title, createdAt: new Date(Date.now() + 10 * 60_000) }]);
  await expect.element(preview().getByRole('article', { name: title })).toBeVisible();

  await page.getByRole('link', { name: 'Browse the gallery' }).click();
  await expect.poll(() => window.location.pathname).toBe('/');
  await expect.element(card(title)).toBeVisible();
});

test('Continue as guest explains a network failure, and Retry signs in as a guest', async () => {
  const network = await failMatchingRequests(AUTH_SIGN_UP);
  await renderApp({ path: '/welcome' });
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect.element(retry).toBeVisible();
  await expect.element(page.getByText(/network|couldn.t reach|connection/i).first()).toBeVisible();
  expect(window.location.pathname).toBe('/welcome');

  await network.restore();
  await retry.click();
  await expect.poll(() => window.location.pathname).toBe('/');
  await expect.element(page.getByRole('button', { name: 'Account menu for Guest' })).toBeVisible();
});
