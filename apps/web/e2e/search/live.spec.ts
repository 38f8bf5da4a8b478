import { expect, test } from '../support/fixtures';
import {
  card,
  cards,
  expectConnection,
  fillShowcaseForm,
  publishShowcase,
} from '../support/gallery';
import { resultsHeading, searchBox, uniqueWord } from './search-support';

test('a showcase published elsewhere becomes findable live; renamed, it is found by its new title only', async ({
  memberPage: page,
  otherMember,
}) => {
  // Unique title words, so the server's stored terms (not a word checked here) decide.
  const oldWord = uniqueWord('lantern');
  const newWord = uniqueWord('moon');
  await page.goto('/');
  await searchBox(page).fill(oldWord);
  await expect(
    page.getByRole('heading', { name: `No showcases match “${oldWord}”` }),
  ).toBeVisible();
  await expectConnection(page, 'Live');

  const other = otherMember.page;
  const id = await publishShowcase(other, { title: `Workshop ${oldWord}`, tags: 'light' });
  // Shown at once: a search does not hold new matches behind a button.
  await expect(card(page, `Workshop ${oldWord}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /new showcase/ })).toHaveCount(0);

  await other.goto(`/s/${id}/edit`);
  await expect(other.getByRole('textbox', { name: 'Title' })).toHaveValue(`Workshop ${oldWord}`);
  await fillShowcaseForm(other, { title: `Paper ${newWord}` });
  await other.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByRole('heading', { level: 1, name: `Paper ${newWord}` })).toBeVisible();

  // The open search for the old title loses it live; the new title finds it.
  await expect(cards(page)).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: `No showcases match “${oldWord}”` }),
  ).toBeVisible();
  const prefix = newWord.slice(0, 7);
  await searchBox(page).fill(prefix);
  await expect(resultsHeading(page, prefix)).toBeVisible();
  await expect(card(page, `Paper ${newWord}`)).toBeVisible();
});
