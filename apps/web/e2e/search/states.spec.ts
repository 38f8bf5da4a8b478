import { LAYOUTS, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { card, cards, seedShowcases, uniqueTag } from '../support/gallery';
import { resultsHeading, searchBox, uniqueWord } from './search-support';

for (const { name, viewport } of LAYOUTS) {
  test.describe(`search states (${name})`, () => {
    test.use({ viewport });

    test('no results says so and offers Clear search, which keeps the tag', async ({ page }) => {
      const word = uniqueWord('none');
      const tag = uniqueTag('kept');
      await seedShowcases([{ title: `Kept ${tag}`, tags: [tag] }]);
      await page.goto(`/?tag=${tag}`);
      await expect(cards(page)).toHaveCount(1);
      await searchBox(page).fill(word);
      const empty = page.getByRole('heading', {
        name: `No showcases match “${word}” tagged #${tag}`,
      });
      await expect(empty).toBeVisible();
      await expect(
        page.getByText(/Search finds published showcases by the start of any word/),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('main')
        .getByRole('button', { name: 'Clear search', exact: true })
        .click();
      await expect(page).toHaveURL((url) => url.search === `?tag=${tag}`);
      await expect(searchBox(page)).toHaveValue('');
      await expect(
        page.getByRole('heading', { level: 1, name: `Showcases tagged #${tag}` }),
      ).toBeVisible();
      await expect(card(page, `Kept ${tag}`)).toBeVisible();
    });

    test('text with no word to search says what search looks at', async ({ page }) => {
      await page.goto('/');
      await searchBox(page).fill('?!');
      await expect(resultsHeading(page, '?!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Nothing to search for' })).toBeVisible();
      await expect(page.getByText(/Punctuation and symbols are left out/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page
        .getByRole('main')
        .getByRole('button', { name: 'Clear search', exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
    });
  });
}

test('search and a tag together: the tag narrows the results, and the page says so', async ({
  page,
}) => {
  const word = uniqueWord();
  const tag = uniqueTag('both');
  await seedShowcases([
    { title: `Tagged ${word}`, tags: [tag] },
    { title: `Untagged ${word}`, tags: ['other'] },
  ]);
  await page.goto(`/?tag=${tag}&q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Results for “${word}” tagged #${tag}`,
  );
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, `Tagged ${word}`)).toBeVisible();
  await expect(
    page.getByText(`Showing search results tagged #${tag} only.`, { exact: false }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Without the tag, both; and the note goes.
  await page.getByRole('button', { name: 'Clear tag filter' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(/Showing search results tagged/)).toHaveCount(0);
});

test('when the words checked here leave the first pages short, the results top up by themselves', async ({
  page,
}) => {
  const word = uniqueWord();
  // 60 newer showcases have the word; only the 3 oldest have "gamma" too. The server is asked
  // for the longest word, so the first answer (48) holds none of the three.
  await seedShowcases([
    ...Array.from({ length: 60 }, (_, index) => ({ title: `Alpha ${index + 1} ${word}` })),
    ...Array.from({ length: 3 }, (_, index) => ({ title: `Gamma ${index + 1} ${word}` })),
  ]);
  await page.goto(`/?q=${word}+gam`);
  await expect(cards(page)).toHaveCount(3, { timeout: 20_000 });
  await expect(cards(page).first()).toHaveAccessibleName(`Gamma 1 ${word}`);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
