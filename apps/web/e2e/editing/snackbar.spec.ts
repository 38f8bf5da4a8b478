// A confirmation never outlives the action it reports: it goes as soon as the user starts the
// next one (a click elsewhere, typing, Back), long before it would time out on its own.
import { expect, test } from '../support/fixtures';
import { fillShowcaseForm, uniqueTag } from '../support/gallery';

/** Well under the snackbar's own 5 s: gone because of the next action, not the timer. */
const PROMPTLY = { timeout: 2_000 };

test('"Your showcase is published." is gone once the next action starts', async ({
  memberPage: page,
}) => {
  await page.goto('/new');
  await fillShowcaseForm(page, {
    title: `Announced ${uniqueTag('snack')}`,
    url: 'https://example.com/announced',
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  const published = page.getByRole('alert').filter({ hasText: 'Your showcase is published.' });
  await expect(published).toBeVisible();

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(published).toBeHidden(PROMPTLY);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
});

test('a confirmation goes on typing or Back, and stays while the user only looks', async ({
  memberPage: page,
}) => {
  await page.goto('/new');
  await fillShowcaseForm(page, { title: `Kept quiet ${uniqueTag('snack')}` });
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByRole('alert').filter({ hasText: 'Draft saved.' });
  await expect(saved).toBeVisible();
  // Moving the focus is not an action: the confirmation is still there to be read.
  await page.keyboard.press('Tab');
  await expect(saved).toBeVisible();
  await page.goBack();
  await expect(saved).toBeHidden(PROMPTLY);

  await page.goto('/me');
  await page.getByRole('textbox', { name: 'Display name' }).fill(`Renamed ${uniqueTag('n')}`);
  await page.getByRole('button', { name: 'Save profile' }).click();
  const profileSaved = page.getByRole('alert').filter({ hasText: 'Profile saved.' });
  await expect(profileSaved).toBeVisible();
  await page.getByRole('textbox', { name: 'Photo URL' }).pressSequentially('h');
  await expect(profileSaved).toBeHidden(PROMPTLY);
});
