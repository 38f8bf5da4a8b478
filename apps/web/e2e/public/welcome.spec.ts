// /welcome: the pitch paints at once, skeleton cards hold the preview's place while its chunk
// (with the Firestore SDK) loads, and the newest published showcases then stream in, live. Its
// guest button loads the error catalogue only when a failure needs explaining.
import { seriousViolations, fitsTheWidth, LAYOUTS } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { card, publishShowcase, uniqueTag } from '../support/gallery';
import { abortRequests } from '../support/routes';

/** The preview's own chunk (its file name comes from its module). */
const PREVIEW_CHUNK = /\/assets\/welcome-preview-[^/]*\.js$/;

for (const variant of LAYOUTS) {
  test.describe(`/welcome (${variant.name})`, () => {
    test.use({ viewport: variant.viewport });

    test('shows the pitch at once, skeletons while the preview loads, then the newest showcases', async ({
      page,
    }) => {
      // Hold the preview's code back until the pitch and the skeletons have been seen.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(PREVIEW_CHUNK, async (route) => {
        await released;
        await route.continue();
      });

      await page.goto('/welcome');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Show what you made.' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
      await expect(
        page.getByRole('progressbar', { name: 'Loading the newest showcases' }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      release();
      const preview = page.getByRole('list', { name: 'Newest showcases' });
      await expect(preview.getByRole('article').first()).toBeVisible();
      await expect(
        page.getByRole('progressbar', { name: 'Loading the newest showcases' }),
      ).toHaveCount(0);
      expect(await preview.getByRole('article').count()).toBeLessThanOrEqual(4);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });
  });
}

test('a showcase published elsewhere appears in the preview without a reload', async ({
  page,
  otherMember,
}) => {
  await page.goto('/welcome');
  const preview = page.getByRole('list', { name: 'Newest showcases' });
  await expect(preview.getByRole('article').first()).toBeVisible();

  const title = `Fresh off the press ${uniqueTag('fresh')}`;
  await publishShowcase(otherMember.page, { title });
  await expect(card(page, title)).toBeVisible();
  await page
    .getByRole('button', { name: 'Browse the gallery' })
    .or(page.getByRole('link', { name: 'Browse the gallery' }))
    .first()
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(card(page, title)).toBeVisible();
});

test('Continue as guest explains a network failure and Retry signs in as a guest', async ({
  page,
}) => {
  const restore = await abortRequests(
    page,
    /\/identitytoolkit\.googleapis\.com\/v1\/accounts:signUp/,
  );
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByText(/network|couldn.t reach|connection/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);

  await restore();
  await retry.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu for Guest' })).toBeVisible();
});
