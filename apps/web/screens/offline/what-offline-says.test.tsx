// What the screens say while offline, by who is looking: a signed-in user's device keeps what
// they opened (the persistent cache), a visitor's keeps nothing (the memory cache), so each is told
// what is true for them; and My showcases, read from this device's cache, says it may be missing
// some. Offline here is the browser's offline event with Firestore's requests failing as a
// network that is down does.
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { connectionIndicator, screenHeading } from '../../src/testing/locators';
import { FIRESTORE_STREAMS, failMatchingRequests } from '../../src/testing/network';
import { renderApp } from '../../src/testing/render-app';

let backOnline: (() => Promise<void>) | null = null;

/** The browser says it is offline, and Firestore's requests fail until `backOnline`. */
async function goOffline(): Promise<void> {
  const network = await failMatchingRequests(FIRESTORE_STREAMS);
  Object.defineProperty(navigator, 'onLine', { get: () => false, configurable: true });
  window.dispatchEvent(new Event('offline'));
  backOnline = async () => {
    // The instance's own property hid the prototype's getter.
    Reflect.deleteProperty(navigator, 'onLine');
    window.dispatchEvent(new Event('online'));
    await network.restore();
  };
}

afterEach(async () => {
  await backOnline?.();
  backOnline = null;
});

const NOT_OPENED_HERE = /was not opened on this device while it was online/;
const NOTHING_KEPT = /while you're signed out nothing is kept on this device/;

test('a visitor offline is told nothing is kept on this device, not that the showcase was not opened here', async () => {
  const [id] = await seedShowcases([{ title: `Never seen ${uniqueTag('visitor')}` }]);
  await goOffline();
  await renderApp({ path: `/s/${id}`, as: 'visitor' });
  await expect.element(screenHeading('Not available offline yet')).toBeVisible();
  await expect.element(page.getByText(NOTHING_KEPT)).toBeVisible();
  await expect.element(page.getByText(NOT_OPENED_HERE)).not.toBeInTheDocument();
});

test('a member offline is told the showcase was not opened on this device', async () => {
  const [id] = await seedShowcases([{ title: `Never opened ${uniqueTag('member')}` }]);
  await goOffline();
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading('Not available offline yet')).toBeVisible();
  await expect.element(page.getByText(NOT_OPENED_HERE)).toBeVisible();
  await expect.element(page.getByText(NOTHING_KEPT)).not.toBeInTheDocument();
});

test('the gallery tells a visitor offline that nothing is kept, instead of promising a cache', async () => {
  await goOffline();
  await renderApp({ path: `/?tag=${uniqueTag('empty')}`, as: 'visitor' });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Offline');
  await expect.element(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect
    .element(page.getByText("While you're signed out, nothing is kept on this device."))
    .toBeVisible();
  await expect
    .element(page.getByText(/seen before stay available offline/))
    .not.toBeInTheDocument();
});

test('My showcases offline says the list may be missing what this device never loaded', async () => {
  const { user } = await renderApp({ path: '/me/showcases', as: 'member' });
  const title = `Mine ${uniqueTag('mine')}`;
  await seedShowcases([{ title, ownerUid: user!.uid }]);
  const list = page.getByRole('list', { name: 'My showcases' });
  await expect.element(list.getByRole('link', { name: title, exact: true })).toBeVisible();
  const mayBeMissing = page.getByText(/this list shows what this device has saved/);
  await expect.element(mayBeMissing).not.toBeInTheDocument();

  await goOffline();
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Offline');
  await expect.element(mayBeMissing).toBeVisible();
  await expect.element(list.getByRole('link', { name: title, exact: true })).toBeVisible();
});
