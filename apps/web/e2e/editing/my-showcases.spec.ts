// My showcases while the browser is offline: a draft saved then is marked as pending until the
// server has it (the browser's own offline mode). The screen's other behaviours are
// screens/editing/my-showcases.test.tsx's.
import { expect, test } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { expectConnection, fillShowcaseForm, uniqueTag } from '../support/gallery';

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
  // The account menu fades out after the click: checked mid-fade, its items fail contrast. Its
  // items leave the page only once the fade has ended (hidden ones count too).
  await expect(page.getByRole('menuitem', { includeHidden: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await context.setOffline(false);
  await expect(row.getByTestId('pending-chip')).toHaveCount(0, { timeout: 20_000 });
  await expect(row).toBeVisible();
});
