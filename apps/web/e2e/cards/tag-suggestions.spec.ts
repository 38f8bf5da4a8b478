// The gallery's tag filter: suggestions of the tags in use with their counts, most used first;
// choosing one (or Enter on a typed tag) filters through the URL; an invalid tag is explained
// next to the field and changes nothing.
import { fitsTheWidth, LAYOUTS, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { cards, seedShowcases, uniqueTag } from '../support/gallery';

const pathAndSearch = (url: URL) => `${url.pathname}${url.search}`;

for (const layout of LAYOUTS) {
  test.describe(`tag suggestions (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('suggests the tags in use, most used first, and choosing one filters the gallery', async ({
      page,
    }) => {
      const base = uniqueTag('sug');
      const popular = `${base}-pop`;
      const single = `${base}-one`;
      await seedShowcases([
        { title: `Both ${base}`, tags: [base, popular] },
        { title: `Popular ${base}`, tags: [base, popular, single] },
        { title: `Plain ${base}`, tags: [base] },
      ]);
      await page.goto(`/?tag=${base}`);
      await expect(cards(page)).toHaveCount(3);

      const filter = page.getByRole('combobox', { name: 'Filter by tag' });
      await expect(filter).toHaveValue(base);
      await filter.fill(base.slice(0, -2));
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveText([
        `#${base} 3 showcases`,
        `#${popular} 2 showcases`,
        `#${single} 1 showcase`,
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      // Typing narrows the suggestions; the URL waits for a choice.
      await filter.fill(`${base}-p`);
      await expect(options).toHaveText([`#${popular} 2 showcases`]);
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${base}`);

      await options.first().click();
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${popular}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Showcases tagged #${popular}` }),
      ).toBeVisible();
      await expect(cards(page)).toHaveCount(2);
      await expect(filter).toHaveValue(popular);

      // The URL is the source of truth: Back brings the previous tag back into the field.
      await page.goBack();
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${base}`);
      await expect(filter).toHaveValue(base);
      await expect(cards(page)).toHaveCount(3);

      // Enter on a typed tag applies it, a leading # too (the field says it is ignored).
      await filter.fill(`#${single}`);
      await expect(page.getByText('The # is not part of the tag and is ignored.')).toBeVisible();
      await filter.press('Enter');
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${single}`);
      await expect(cards(page)).toHaveCount(1);
    });

    test('an invalid tag is explained next to the field and does not change the URL', async ({
      page,
    }) => {
      const base = uniqueTag('bad');
      await seedShowcases([{ title: `Tagged ${base}`, tags: [base] }]);
      await page.goto(`/?tag=${base}`);
      await expect(cards(page)).toHaveCount(1);
      const filter = page.getByRole('combobox', { name: 'Filter by tag' });

      await filter.fill('Pixel Art');
      await filter.press('Enter');
      await expect(filter).toHaveAccessibleDescription(
        'A tag is one word: no spaces (hyphens join words, as in “pixel-art”). Tags are lower case. ' +
          'Tags use lower-case letters a–z, digits and hyphens, up to 24 characters.',
      );
      await expect(filter).toHaveAttribute('aria-invalid', 'true');
      await expect(filter).toHaveValue('Pixel Art');
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${base}`);
      await expect(cards(page)).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await filter.fill('x'.repeat(25));
      await filter.press('Enter');
      await expect(filter).toHaveAccessibleDescription(
        /This is 25 characters long; a tag has at most 24\./,
      );
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${base}`);

      // Fixing it applies it.
      await filter.fill(base);
      await filter.press('Enter');
      await expect(filter).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL((url) => pathAndSearch(url) === `/?tag=${base}`);
    });
  });
}

test('an unfiltered gallery suggests from its loaded showcases; a filtered one from the newest', async ({
  page,
}) => {
  const base = uniqueTag('new');
  const other = `${base}-x`;
  await seedShowcases([
    { title: `Fresh ${base}`, tags: [base, other] },
    { title: `Fresher ${base}`, tags: [other] },
  ]);
  // Filtered to one tag, the grid holds only `base`; the other tag comes from the newest.
  await page.goto(`/?tag=${base}`);
  await expect(cards(page)).toHaveCount(1);
  const filter = page.getByRole('combobox', { name: 'Filter by tag' });
  await filter.fill(other);
  await expect(page.getByRole('option', { name: `#${other} 2 showcases` })).toBeVisible();
});
