import { expect, test } from '../support/fixtures';
import { listDocuments } from '../support/firestore';
import {
  card,
  cards,
  connectionIndicator,
  expectConnection,
  holdFirestoreCacheOnNextLoad,
  isFirestoreCacheHeld,
  publishOffline,
  releaseFirestoreCache,
  seedShowcases,
  uniqueTag,
} from '../support/gallery';

// This spec is about what the service worker does (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.describe('offline', () => {
  // Reloads, a service worker install and a reconnect: more than the default budget.
  test.describe.configure({ timeout: 90_000 });

  test('keeps the gallery, queues a new showcase through a reload, and publishes it exactly once', async ({
    memberPage: page,
    context,
  }) => {
    const tag = uniqueTag('offline');
    await seedShowcases([
      { title: `Cached one ${tag}`, tags: [tag] },
      { title: `Cached two ${tag}`, tags: [tag] },
    ]);
    await page.goto(`/?tag=${tag}`);
    await expectConnection(page, 'Live');
    await expect(cards(page)).toHaveCount(2);
    // The service worker has taken the page over: the shell can now come from its cache.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });

    await context.setOffline(true);
    const wentOffline = Date.now();
    await expectConnection(page, 'Offline', 10_000);
    expect(Date.now() - wentOffline).toBeLessThanOrEqual(10_000);
    await expect(cards(page)).toHaveCount(2);

    const title = `Made offline ${tag}`;
    await publishOffline(page, { title, tags: tag });
    // What was typed stays while the write waits, and nothing can be sent twice.
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await page.getByRole('link', { name: 'Gallery' }).click();
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title).getByTestId('pending-chip')).toBeVisible();

    // Loads with no network: the service worker serves the app, the SDK its cache and queue.
    await page.goto(`/?tag=${tag}`);
    await expect(card(page, title)).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expectConnection(page, 'Offline');
    await expect(card(page, title)).toBeVisible({ timeout: 20_000 });
    await expect(card(page, title).getByTestId('pending-chip')).toBeVisible();
    await expect(card(page, `Cached one ${tag}`)).toBeVisible();
    expect((await listDocuments('showcases')).filter((doc) => doc.data.title === title)).toEqual(
      [],
    );

    await context.setOffline(false);
    await expectConnection(page, 'Live', 30_000);
    await expect(card(page, title).getByTestId('pending-chip')).toHaveCount(0, { timeout: 30_000 });
    // Confirmed by the server itself, not by the client's cache: exactly one document.
    await expect
      .poll(
        async () =>
          (await listDocuments('showcases')).filter((doc) => doc.data.title === title).length,
      )
      .toBe(1);
    const [stored] = (await listDocuments('showcases')).filter((doc) => doc.data.title === title);
    expect(stored?.data).toMatchObject({ status: 'published', tags: [tag], likeCount: 0 });

    // Once confirmed, it is the cache's like any other: a full load shows it on top from the
    // server, and a reload with the network off still has it (not only the queued write did).
    await page.goto(`/?tag=${tag}`);
    await expectConnection(page, 'Live');
    await expect(cards(page).first()).toHaveAccessibleName(title);
    await context.setOffline(true);
    await page.reload();
    await expectConnection(page, 'Offline');
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first()).toHaveAccessibleName(title);
  });

  test('says Offline within the 10 s window when the server never answers', async ({
    page,
    member,
  }) => {
    // Room for the reconnect back-off at the end.
    test.setTimeout(120_000);
    // The browser believes it is online; only the database is unreachable.
    await page.route(/google\.firestore\.v1\.Firestore/, (route) =>
      route.abort('connectionrefused'),
    );
    // The page's clock is ours, so the 10 s rule is checked exactly, not against a busy machine.
    await page.clock.install();
    await page.goto('/signin');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(connectionIndicator(page)).toBeVisible();
    await expectConnection(page, 'Connecting…', 5_000);
    // Freeze page time a second after Connecting… was seen (page time runs on while the call
    // travels and cannot be set back, so a closer point can already be past on a busy machine),
    // then move it to exactly 10 s after that moment: only the 10 s window may bring Offline.
    const seenAt = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(seenAt + 1_000);
    await page.clock.fastForward(9_000);
    await expectConnection(page, 'Offline', 5_000);
    await page.clock.resume();

    // When the server becomes reachable, the indicator follows (after the SDK's reconnect
    // back-off, which grows while connections are refused).
    await page.unroute(/google\.firestore\.v1\.Firestore/);
    await expectConnection(page, 'Live', 60_000);
  });

  test('sign-out warns about unsent changes, and signing out anyway clears the local cache', async ({
    memberPage: page,
    member,
    context,
  }) => {
    const tag = uniqueTag('signout');
    await page.goto(`/?tag=${tag}`);
    await expectConnection(page, 'Live');
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    });

    await context.setOffline(true);
    await expectConnection(page, 'Offline');
    const title = `Never sent ${tag}`;
    await publishOffline(page, { title, url: 'https://example.com/never', tags: tag });

    // A reload on a slow device: the local cache, which holds the queued write, is still
    // starting when Sign out is pressed. Not knowing yet must count as "maybe unsent".
    await holdFirestoreCacheOnNextLoad(page);
    await page.goto('/me');
    await expectConnection(page, 'Offline');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const warning = page.getByRole('dialog', { name: 'Sign out and lose unsent changes?' });
    await expect(warning).toBeVisible();
    expect(await isFirestoreCacheHeld(page)).toBe(true);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning).toBeHidden();
    await releaseFirestoreCache(page);
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByText(member.email).first()).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/welcome/);
    // The Firestore cache (documents and queued writes) is gone from this browser.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await indexedDB.databases())
            .map((db) => db.name ?? '')
            .filter((name) => name.startsWith('firestore/')),
        ),
      )
      .toEqual([]);

    await context.setOffline(false);
    await page.goto('/signin');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/signin/);
    await page.goto(`/?tag=${tag}`);
    await expectConnection(page, 'Live');
    await expect(
      page.getByRole('heading', { name: `No showcases tagged #${tag} yet` }),
    ).toBeVisible();
    expect((await listDocuments('showcases')).filter((doc) => doc.data.title === title)).toEqual(
      [],
    );
  });
});
