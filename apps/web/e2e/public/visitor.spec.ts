// A visitor (signed out) reads everything published: the gallery, a shared showcase link and a
// member's profile open directly, with Sign in in the app bar; drafts and members-only screens
// stay closed. Desktop and a 390 px phone.
import type { Page } from '@playwright/test';
import { fitsTheWidth, seriousViolations, LAYOUTS } from '../support/axe';
import { recordConsoleErrors } from '../support/console';
import { expect, signInAs, signInAt, test } from '../support/fixtures';
import { setDocuments } from '../support/firestore';
import { card, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';
import { TOKEN_REFRESH_REQUEST, fulfillWithProviderError } from '../support/routes';

function appBarSignIn(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsTheWidth(page)).toBe(true);
}

for (const variant of LAYOUTS) {
  test.describe(`a visitor (${variant.name})`, () => {
    test.use({ viewport: variant.viewport });

    test('sees the gallery at / with Sign in in the app bar', async ({ page }) => {
      const consoleErrors = recordConsoleErrors(page);
      const tag = uniqueTag('visit');
      await seedShowcases([{ title: `Open to all ${tag}`, tags: [tag] }]);

      await page.goto(`/?tag=${tag}`);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(
        page.getByRole('heading', { level: 1, name: `Showcases tagged #${tag}` }),
      ).toBeVisible();
      await expect(card(page, `Open to all ${tag}`)).toBeVisible();
      await expect(appBarSignIn(page)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
      await expectConnection(page, 'Live');
      await expectAccessible(page);

      await appBarSignIn(page).click();
      await expect(page).toHaveURL(/\/signin$/);
      expect(consoleErrors()).toEqual([]);
    });

    test('opens a shared showcase link directly, without a sign-in wall', async ({ page }) => {
      const tag = uniqueTag('shared');
      const title = `Shared link ${tag}`;
      const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 4 }]);

      await page.goto(`/s/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === `/s/${id}`);
      await expect(page.getByTestId('like-count')).toHaveText('4 likes');
      await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
      await expect(page.getByText('Sign in to like showcases.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(appBarSignIn(page)).toBeVisible();
      await expectConnection(page, 'Live');
      await expectAccessible(page);
    });

    test("opens a member's profile with their published showcases", async ({ page }) => {
      const tag = uniqueTag('profile');
      const uid = `visitor-profile-${tag}`;
      const name = `Profile ${tag}`;
      await setDocuments([
        {
          path: `users/${uid}`,
          data: { displayName: name, photoURL: null, createdAt: new Date() },
        },
      ]);
      await seedShowcases([
        { title: `Public work ${tag}`, tags: [tag], ownerUid: uid, ownerName: name },
        {
          title: `Hidden draft ${tag}`,
          tags: [tag],
          ownerUid: uid,
          ownerName: name,
          status: 'draft',
        },
      ]);

      await page.goto(`/u/${uid}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(card(page, `Public work ${tag}`)).toBeVisible();
      await expect(card(page, `Hidden draft ${tag}`)).toHaveCount(0);
      await expectAccessible(page);
    });

    test("a draft's link shows the not-found state", async ({ page }) => {
      const tag = uniqueTag('draft');
      const [id] = await seedShowcases([{ title: `Secret ${tag}`, tags: [tag], status: 'draft' }]);

      await page.goto(`/s/${id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Showcase not found' }),
      ).toBeVisible();
      await expect(page.getByText(`Secret ${tag}`)).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test('/new sends a visitor through /welcome and sign-in, then back to /new', async ({
  page,
  member,
}) => {
  await page.goto('/new');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInAs(page, member);
  await expect(page).toHaveURL((url) => url.pathname === '/new');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
});

test("a visitor's New showcase goes to sign in and then to the form", async ({ page, member }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'New showcase' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInAs(page, member);
  await expect(page).toHaveURL((url) => url.pathname === '/new');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
});

test('signing out on a public screen starts fresh from /welcome; the screen stays open', async ({
  page,
  member,
}) => {
  const tag = uniqueTag('leave');
  const title = `After sign-out ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  await signInAs(page, member);
  await page.goto(`/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  await page.goto(`/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(appBarSignIn(page)).toBeVisible();
});

test('a session that ends on a public screen says so, and sign-in comes back there', async ({
  page,
  member,
}) => {
  const tag = uniqueTag('ended');
  const title = `Still here ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  await page.clock.install();
  await signInAt(page, member, `/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The ID token's refresh (due an hour on) is answered as expired.
  await page.route(TOKEN_REFRESH_REQUEST, (route) =>
    fulfillWithProviderError(route, 'TOKEN_EXPIRED'),
  );
  await page.clock.fastForward('01:00:00');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your session ended, please sign in again.')).toBeVisible();
  await page.unroute(TOKEN_REFRESH_REQUEST);

  await signInAs(page, member);
  await expect(page).toHaveURL((url) => url.pathname === `/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

// A visitor's session keeps nothing on disk; only a signed-in user's cache is persistent.
test('a visitor leaves no Firestore cache in the browser', async ({ page }) => {
  const tag = uniqueTag('cache');
  await seedShowcases([{ title: `Not cached ${tag}`, tags: [tag] }]);
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, `Not cached ${tag}`)).toBeVisible();
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((n) => n.startsWith('firestore/')),
  );
  expect(databases).toEqual([]);
});
