// A browser that refuses site storage: the app runs on Firestore's memory cache, live, and says
// so once. Its own file: the page must have no IndexedDB before Auth and Firestore start.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import {
  card,
  connectionIndicator,
  currentAddress,
  screenHeading,
} from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const MEMORY_NOTICE =
  "This browser doesn't let Showcase keep data on this device, so it works online only: changes made offline are lost when you close the tab.";

/** Every snackbar notice shown from now on, in order (one that comes and goes is still seen). */
function recordNotices(): () => string[] {
  const selector = '.MuiSnackbar-root [role="alert"]';
  const known = new WeakSet(document.querySelectorAll(selector));
  const notices: string[] = [];
  const observer = new MutationObserver(() => {
    for (const alert of document.querySelectorAll(selector)) {
      if (known.has(alert)) continue;
      known.add(alert);
      notices.push(alert.textContent ?? '');
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => [...notices];
}

test('without IndexedDB the app runs on the memory cache, live, and says so once', async () => {
  // As in browsers that refuse site storage: no IndexedDB at all.
  Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  const tag = uniqueTag('memory');
  const [id] = await seedShowcases([{ title: `In memory ${tag}`, tags: [tag] }]);

  await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  await expect.element(card(`In memory ${tag}`)).toBeVisible();
  await expect.element(page.getByText(MEMORY_NOTICE)).toBeVisible();

  // Told once: moving around the app does not repeat it.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect.element(page.getByText(MEMORY_NOTICE)).not.toBeInTheDocument();
  const notices = recordNotices();
  await card(`In memory ${tag}`).getByRole('link').first().click();
  await expect.poll(currentAddress).toBe(`/s/${id}`);
  await expect.element(screenHeading(`In memory ${tag}`)).toBeVisible();
  // Signing out queues a notice of its own. The snackbar shows notices in order, so once that one
  // is visible, a repeated memory notice would already have been shown (and recorded).
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect.element(page.getByText('You are signed out.')).toBeVisible();
  expect(notices()).toEqual(['You are signed out.']);
});
