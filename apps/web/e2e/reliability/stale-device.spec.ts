import type { Browser, Page, Route } from '@playwright/test';
import type { Account } from '../support/auth-emulator';
import { expect, newBrowserContext, signInAs, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { expectConnection, fillShowcaseForm, seedShowcases, uniqueTag } from '../support/gallery';

/** Every request of the SDK's Listen stream (WebChannel: handshake, sends, backchannel GETs). */
const LISTEN_CHANNEL = /google\.firestore\.v1\.Firestore\/Listen\/channel/;

/** The commit of a transaction (plain writes go through the Write stream instead). */
const TRANSACTION_COMMIT = /\/documents:commit/;

const SAVED_OFFLINE = "Saved on this device, will publish when you're back online.";

type CuttablePage = { cutListenBackchannel(): number };

/**
 * Lets the test cut the page's Listen backchannel while it streams: the SDK reads it with
 * `fetch`, so `fetch` is wrapped to give each such request an abort switch. Applies from the
 * page's next load.
 */
async function allowCuttingListen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    const streams = new Set<AbortController>();
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = request ? request.url : String(input);
      const method = init?.method ?? request?.method ?? 'GET';
      if (method !== 'GET' || !url.includes('/Listen/channel')) return realFetch(input, init);
      const controller = new AbortController();
      const outer = init?.signal ?? request?.signal;
      outer?.addEventListener('abort', () => controller.abort());
      streams.add(controller);
      return realFetch(input, { ...init, signal: controller.signal });
    };
    (window as unknown as CuttablePage).cutListenBackchannel = () => {
      const cut = streams.size;
      for (const controller of streams) controller.abort();
      streams.clear();
      return cut;
    };
  });
}

/**
 * From now on the page's listeners hear nothing more, while its writes and transactions (their
 * own `documents:batchGet` and `documents:commit` requests) still reach the server. A route only
 * catches requests not sent yet, and the backchannel is one streaming GET already under way, so
 * it is cut, as a dropped connection would, and the SDK's reconnect is held, never answered.
 * The SDK reports no error: the indicator stays Live on the listeners' last server snapshots.
 */
async function silenceListeners(page: Page): Promise<void> {
  const held: Route[] = [];
  let reconnectHeld = () => {};
  const reconnect = new Promise<void>((resolve) => {
    reconnectHeld = resolve;
  });
  await page.route(LISTEN_CHANNEL, (route) => {
    held.push(route);
    if (route.request().method() === 'GET') reconnectHeld();
  });
  expect(
    await page.evaluate(() => (window as unknown as CuttablePage).cutListenBackchannel()),
  ).toBeGreaterThan(0);
  await reconnect;
}

/** Opens the edit form of showcase `id` and waits until it shows the stored title. */
async function openEditor(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/s/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
}

/** The same member on a second device: its own browser context, storage and SDK instance. */
async function openSecondDevice(browser: Browser, member: Account): Promise<Page> {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  await signInAs(page, member);
  return page;
}

/**
 * A showcase of `member` open in the edit form on two devices, both Live. Device A stops hearing
 * from its listeners, then device B saves a new title: A's form and view still hold the old one.
 */
async function editOnTwoDevices(deviceA: Page, deviceB: Page, member: Account, prefix: string) {
  const tag = uniqueTag(prefix);
  const title = `Contested ${tag}`;
  const [id] = await seedShowcases([
    { title, tags: [tag], ownerUid: member.uid, description: 'Original description' },
  ]);
  await allowCuttingListen(deviceA);
  await openEditor(deviceA, id!, title);
  await openEditor(deviceB, id!, title);
  await expectConnection(deviceA, 'Live');
  await expectConnection(deviceB, 'Live');
  await silenceListeners(deviceA);
  await fillShowcaseForm(deviceB, { title: `B's title ${tag}` });
  await deviceB.getByRole('button', { name: 'Save changes' }).click();
  await expect(deviceB.getByRole('heading', { level: 1, name: `B's title ${tag}` })).toBeVisible();
  return { id: id!, tag };
}

test.describe('two devices online, one of them not yet told of the other’s save', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the same field: the later save shows both versions instead of overwriting', async ({
    memberPage: deviceA,
    member,
    browser,
  }) => {
    const deviceB = await openSecondDevice(browser, member);
    try {
      const { id, tag } = await editOnTwoDevices(deviceA, deviceB, member, 'stale-same');
      await fillShowcaseForm(deviceA, {
        title: `A's title ${tag}`,
        description: 'Only A wrote this',
      });
      await expectConnection(deviceA, 'Live', 1_000);
      await deviceA.getByRole('button', { name: 'Save changes' }).click();
      const versions = deviceA.getByRole('group', { name: 'Title: two versions' });
      await expect(versions).toBeVisible();
      await expect(versions).toContainText(`Theirs: B's title ${tag}`);
      await expect(versions).toContainText(`Yours: A's title ${tag}`);
      // Nothing written, nothing typed lost.
      expect((await getDocument(`showcases/${id}`))?.data).toMatchObject({
        title: `B's title ${tag}`,
        description: 'Original description',
      });
      await expect(deviceA.getByRole('textbox', { name: 'Title' })).toHaveValue(`A's title ${tag}`);
      await expect(deviceA.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
        'Only A wrote this',
      );

      await versions.getByRole('button', { name: 'Keep mine' }).click();
      await expect(versions).toHaveCount(0);
      await deviceA.getByRole('button', { name: 'Save changes' }).click();
      await expect(deviceA).toHaveURL((url) => url.pathname === `/s/${id}`);
      expect((await getDocument(`showcases/${id}`))?.data).toMatchObject({
        title: `A's title ${tag}`,
        description: 'Only A wrote this',
      });
    } finally {
      await deviceB.context().close();
    }
  });

  test('different fields: both saves survive', async ({ memberPage: deviceA, member, browser }) => {
    const deviceB = await openSecondDevice(browser, member);
    try {
      const { id, tag } = await editOnTwoDevices(deviceA, deviceB, member, 'stale-other');
      await fillShowcaseForm(deviceA, { description: 'Description from A' });
      await expectConnection(deviceA, 'Live', 1_000);
      await deviceA.getByRole('button', { name: 'Save changes' }).click();
      await expect(deviceA).toHaveURL((url) => url.pathname === `/s/${id}`);
      await expect(deviceA.getByRole('group', { name: /two versions/ })).toHaveCount(0);
      expect((await getDocument(`showcases/${id}`))?.data).toMatchObject({
        title: `B's title ${tag}`,
        description: 'Description from A',
      });
    } finally {
      await deviceB.context().close();
    }
  });
});

test.describe('an online save whose connection drops', () => {
  test('lost while the check is under way: the save goes on as a queued write', async ({
    memberPage: deviceA,
    member,
    context,
  }) => {
    const tag = uniqueTag('dropped');
    const title = `Dropped ${tag}`;
    const [id] = await seedShowcases([{ title, tags: [tag], ownerUid: member.uid }]);
    await openEditor(deviceA, id!, title);
    await expectConnection(deviceA, 'Live');
    // The transaction reads; its commit gets no answer until the connection goes, and no
    // commit ever reaches the server: only the queued write can deliver the save.
    const commits: Route[] = [];
    await deviceA.route(TRANSACTION_COMMIT, (route) => {
      commits.push(route);
      if (commits.length > 1) void route.abort('internetdisconnected');
    });

    await fillShowcaseForm(deviceA, { title: `Kept ${tag}` });
    await deviceA.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => commits.length).toBe(1);
    await context.setOffline(true);
    await expect(deviceA.getByText(SAVED_OFFLINE)).toBeVisible();
    await commits[0]!.abort('internetdisconnected');
    await expect(deviceA.getByRole('textbox', { name: 'Title' })).toHaveValue(`Kept ${tag}`);

    await context.setOffline(false);
    await expect(deviceA).toHaveURL((url) => url.pathname === `/s/${id}`, { timeout: 30_000 });
    expect((await getDocument(`showcases/${id}`))?.data).toMatchObject({ title: `Kept ${tag}` });
    // Given up for the queued write, the transaction's retries never committed it a second time.
    expect(commits).toHaveLength(1);
  });
});
