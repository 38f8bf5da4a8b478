/**
 * The screen tests' setup file, run in each test file's page before its tests: the emulators
 * first (before any module of the app), a browser profile as fresh as a first visit, and after
 * each test the app unmounted, the network and pointer left alone, and the page back at its default size and
 * colour scheme.
 */
import './connect-emulators';
import { afterEach, beforeAll } from 'vitest';
import { commands, page } from 'vitest/browser';
import { DESKTOP } from './layout';
import { cleanUpApp } from './render-app';

/** Files run one after another in a page share its storage: start each from none. */
async function clearBrowserStorage(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          if (!name) return resolve();
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

beforeAll(async () => {
  document.documentElement.lang = 'en';
  await clearBrowserStorage();
});

afterEach(async () => {
  cleanUpApp();
  await commands.resetBrowser();
  await page.viewport(DESKTOP.width, DESKTOP.height);
  await commands.setColorScheme('light');
});
