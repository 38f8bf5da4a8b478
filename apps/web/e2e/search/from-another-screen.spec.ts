import { LAYOUTS } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { card, cards, seedShowcases } from '../support/gallery';
import { resultsHeading, searchBox, uniqueWord } from './search-support';

for (const { name, viewport } of LAYOUTS) {
  test.describe(`search from another screen (${name})`, () => {
    test.use({ viewport });

    test('typing on a showcase page leads to the results, keeps focus, and Back returns', async ({
      memberPage: page,
    }) => {
      const word = uniqueWord();
      const [id] = await seedShowcases([
        { title: `Starting point ${word}` },
        { title: `Lantern ${word}` },
      ]);
      await page.goto(`/s/${id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Starting point ${word}` }),
      ).toBeVisible();

      await searchBox(page).click();
      await searchBox(page).pressSequentially(`lan ${word.slice(0, 6)}`, { delay: 40 });
      await expect(resultsHeading(page, `lan ${word.slice(0, 6)}`)).toBeVisible();
      await expect(card(page, `Lantern ${word}`)).toBeVisible();
      await expect(cards(page)).toHaveCount(1);
      // The field keeps focus through the change of screen: typing goes on.
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.type(word.slice(6));
      await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();

      // One history entry for the whole search.
      await page.goBack();
      await expect(
        page.getByRole('heading', { level: 1, name: `Starting point ${word}` }),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/s/${id}$`));

      // The showcase's Gallery links now lead back to the search.
      await page.goForward();
      await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();
      await card(page, `Lantern ${word}`).getByRole('heading').click();
      await expect(page.getByRole('heading', { level: 1, name: `Lantern ${word}` })).toBeVisible();
      await expect(searchBox(page)).toHaveValue(`lan ${word}`);
      await page.getByRole('banner').getByRole('link', { name: 'Showcase' }).click();
      await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();
    });
  });
}
