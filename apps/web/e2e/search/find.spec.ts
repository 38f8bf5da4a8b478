import { fitsTheWidth, LAYOUTS, seriousViolations } from '../support/axe';
import { expect, signInAs, test } from '../support/fixtures';
import { card, cards, seedShowcases } from '../support/gallery';
import { resultsHeading, searchBox, searchParam, uniqueWord } from './search-support';

for (const { name, viewport } of LAYOUTS) {
  test.describe(`search (${name})`, () => {
    test.use({ viewport });

    for (const who of ['visitor', 'member'] as const) {
      test(`a ${who} finds showcases by the start of a title word or of a tag, in the URL`, async ({
        page,
        member,
      }) => {
        if (who === 'member') await signInAs(page, member);
        const word = uniqueWord();
        const lantern = `Lantern Workshop ${word}`;
        const tidepool = `Tidepool ${word}`;
        await seedShowcases([
          { title: lantern, tags: ['light'] },
          { title: tidepool, tags: ['pixel-art'] },
          { title: `Garden ${word}`, tags: ['plants'] },
        ]);
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();

        // A title word's prefix. Other specs may have Lanterns too; ours is the newest.
        await searchBox(page).fill('lan');
        await expect(page).toHaveURL((url) => searchParam(url) === 'lan');
        await expect(resultsHeading(page, 'lan')).toBeVisible();
        await expect(page).toHaveTitle('Results for “lan” · Showcase');
        await expect(card(page, lantern)).toBeVisible();
        await expect(card(page, tidepool)).toHaveCount(0);

        // A tag's prefix: `pix` finds #pixel-art.
        await searchBox(page).fill('pix');
        await expect(resultsHeading(page, 'pix')).toBeVisible();
        await expect(card(page, tidepool)).toBeVisible();
        await expect(card(page, lantern)).toHaveCount(0);

        // Two words: both must be there, so exactly one of ours.
        await searchBox(page).fill(`lan ${word}`);
        await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();
        await expect(cards(page)).toHaveCount(1);
        await expect(card(page, lantern)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await fitsTheWidth(page)).toBe(true);

        await page.reload();
        await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();
        await expect(searchBox(page)).toHaveValue(`lan ${word}`);
        await expect(cards(page)).toHaveCount(1);

        // Each keystroke replaced the search's one history entry: Back is the plain gallery.
        await page.goBack();
        await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
        await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
        await expect(searchBox(page)).toHaveValue('');
        await page.goForward();
        await expect(resultsHeading(page, `lan ${word}`)).toBeVisible();
        await expect(searchBox(page)).toHaveValue(`lan ${word}`);
        await expect(card(page, lantern)).toBeVisible();
      });
    }

    test('a shared link fills the field and keeps the sort; Escape clears the search', async ({
      page,
    }) => {
      const word = uniqueWord();
      await seedShowcases([
        { title: `Quiet ${word}`, likeCount: 1 },
        { title: `Loved ${word}`, likeCount: 7 },
      ]);
      await page.goto(`/?sort=liked&q=${word}`);
      await expect(searchBox(page)).toHaveValue(word);
      await expect(cards(page)).toHaveCount(2);
      await expect(cards(page).first()).toHaveAccessibleName(`Loved ${word}`);
      await expect(page.getByRole('button', { name: 'Most liked' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await searchBox(page).press('Escape');
      await expect(searchBox(page)).toHaveValue('');
      await expect(page).toHaveURL((url) => url.search === '?sort=liked');
      await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
    });
  });
}
