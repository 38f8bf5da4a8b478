// My showcases at /me/showcases: one click from the user menu, the member's drafts and published
// showcases (no one else's), a change the server has not confirmed marked as pending.
import { expect, test } from '../support/fixtures';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import { expectConnection, fillShowcaseForm, seedShowcases, uniqueTag } from '../support/gallery';

for (const layout of LAYOUTS) {
  test.describe(`My showcases (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('is one click from the user menu and lists own drafts and published showcases', async ({
      memberPage: page,
      member,
    }) => {
      const tag = uniqueTag('mine');
      await seedShowcases([
        { title: `Mine published ${tag}`, tags: [tag], ownerUid: member.uid },
        { title: `Mine draft ${tag}`, tags: [tag], ownerUid: member.uid, status: 'draft', url: '' },
        { title: `Someone else's ${tag}`, tags: [tag] },
      ]);
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'My showcases' }).click();
      await expect(page).toHaveURL(/\/me\/showcases$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My showcases' })).toBeVisible();

      const list = page.getByRole('list', { name: 'My showcases' });
      const published = list.getByRole('listitem').filter({ hasText: `Mine published ${tag}` });
      const draft = list.getByRole('listitem').filter({ hasText: `Mine draft ${tag}` });
      await expect(published.getByText('Published', { exact: true })).toBeVisible();
      await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
      await expect(list.getByText(`Someone else's ${tag}`)).toHaveCount(0);
      await expect(draft.getByRole('link', { name: `Edit Mine draft ${tag}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });
  });
}

test('a draft saved offline is listed as pending until the server has it', async ({
  memberPage: page,
  context,
}) => {
  const tag = uniqueTag('pending');
  const title = `Offline draft ${tag}`;
  // Both screens' code is loaded while online.
  await page.goto('/me/showcases');
  await expectConnection(page, 'Live');
  await page.getByRole('link', { name: 'New showcase' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();

  await context.setOffline(true);
  await expectConnection(page, 'Offline');
  await fillShowcaseForm(page, { title, tags: tag });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByText("Saved on this device, will sync when you're back online."),
  ).toBeVisible();

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My showcases' }).click();
  const row = page
    .getByRole('list', { name: 'My showcases' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByTestId('pending-chip')).toBeVisible();
  // The account menu fades out after the click: checked mid-fade, its items fail contrast.
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await context.setOffline(false);
  await expect(row.getByTestId('pending-chip')).toHaveCount(0, { timeout: 20_000 });
  await expect(row).toBeVisible();
});

test('a guest is shown how to get an account instead', async ({ page }) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  await page.goto('/me/showcases');
  await expect(page.getByRole('heading', { level: 1, name: 'My showcases' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create an account to publish' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New showcase' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});
