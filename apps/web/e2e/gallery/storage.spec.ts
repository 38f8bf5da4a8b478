import { expect, signInAs, test } from '../support/fixtures';
import { card, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';
import { recordNotices } from '../support/page-events';

const MEMORY_NOTICE =
  "This browser doesn't let Showcase keep data on this device, so it works online only: changes made offline are lost when you close the tab.";

test('without IndexedDB the app runs on the memory cache, live, and says so once', async ({
  page,
  context,
  member,
}) => {
  // As in browsers that refuse site storage: no IndexedDB at all.
  await context.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  const tag = uniqueTag('memory');
  const [id] = await seedShowcases([{ title: `In memory ${tag}`, tags: [tag] }]);

  await signInAs(page, member);
  await page.goto(`/?tag=${tag}`);
  await expectConnection(page, 'Live');
  await expect(card(page, `In memory ${tag}`)).toBeVisible();
  await expect(page.getByText(MEMORY_NOTICE)).toBeVisible();

  // Told once: moving around the app does not repeat it.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(MEMORY_NOTICE)).toBeHidden();
  const notices = await recordNotices(page);
  await card(page, `In memory ${tag}`).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `In memory ${tag}` })).toBeVisible();
  // Signing out queues a notice of its own. The snackbar shows notices in order, so once that one
  // is visible, a repeated memory notice would already have been shown (and recorded).
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect(await notices()).toEqual(['You are signed out.']);
});
