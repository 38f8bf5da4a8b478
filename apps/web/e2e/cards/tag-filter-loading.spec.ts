// The gallery paints without the tag filter's suggestions (they load once the browser is idle,
// or when someone turns to the field). Until they arrive the same field works on its own:
// nothing moves when they do, and the text typed, the focus and the caret carry over.
import { LAYOUTS } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { cards, seedShowcases, uniqueTag } from '../support/gallery';

const COMBOBOX_CHUNK = /\/assets\/tag-filter-combobox-[\w-]+\.js$/u;

// The service worker would answer the chunk from its cache, out of the test's reach.
test.use({ serviceWorkers: 'block' });

for (const layout of LAYOUTS) {
  test.describe(`tag filter before its suggestions load (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('the gallery paints without them; typed text, focus and caret carry over', async ({
      page,
    }) => {
      const base = uniqueTag('lazy');
      const popular = `${base}-pop`;
      await seedShowcases([
        { title: `One ${base}`, tags: [base, popular] },
        { title: `Two ${base}`, tags: [base, popular] },
      ]);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const requested: string[] = [];
      await page.route(COMBOBOX_CHUNK, async (route) => {
        requested.push(route.request().url());
        await released;
        await route.continue();
      });

      await page.goto(`/?tag=${base}`);
      await expect(cards(page)).toHaveCount(2);
      const filter = page.getByRole('combobox', { name: 'Filter by tag' });
      // Painted while the suggestions' code is held back.
      await expect(filter).toHaveValue(base);
      const before = await filter.boundingBox();

      // Typing while the code is on its way: the plain field keeps every character.
      await filter.click();
      await filter.press('End');
      await filter.pressSequentially('-p');
      await expect(filter).toHaveValue(`${base}-p`);
      await expect.poll(() => requested.length).toBe(1);
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await expect(filter).toHaveAccessibleDescription(
        `Press Enter to show showcases tagged #${base}-p.`,
      );

      release();
      // The suggestions open as typing would have opened them, in the same place.
      await expect(page.getByRole('option', { name: `#${popular} 2 showcases` })).toBeVisible();
      await expect(filter).toBeFocused();
      await expect(filter).toHaveValue(`${base}-p`);
      expect(await filter.boundingBox()).toEqual(before);
      expect(await filter.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(
        `${base}-p`.length,
      );

      // And they work: one more letter, then the suggestion.
      await filter.pressSequentially('o');
      await expect(page.getByRole('option')).toHaveText([`#${popular} 2 showcases`]);
      await page.getByRole('option', { name: `#${popular} 2 showcases` }).click();
      await expect(page).toHaveURL((url) => url.search === `?tag=${popular}`);
      await expect(filter).toHaveValue(popular);
    });

    test('Enter applies a typed tag before the suggestions have loaded', async ({ page }) => {
      const base = uniqueTag('early');
      await seedShowcases([{ title: `Only ${base}`, tags: [base] }]);
      // Never answered: the field has to do without.
      await page.route(COMBOBOX_CHUNK, () => new Promise<void>(() => {}));
      await page.goto('/');
      const filter = page.getByRole('combobox', { name: 'Filter by tag' });
      await filter.fill(`#${base}`);
      await expect(page.getByText('The # is not part of the tag and is ignored.')).toBeVisible();
      await filter.press('Enter');
      await expect(page).toHaveURL((url) => url.search === `?tag=${base}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(filter).toHaveValue(base);
    });
  });
}
