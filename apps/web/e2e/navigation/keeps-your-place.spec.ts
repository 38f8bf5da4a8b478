import type { Page } from '@playwright/test';
import { seriousViolations, LAYOUTS } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { card, cards, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

/** Fifty showcases under one tag, newest first: "Place 1 …" down to "Place 50 …". */
async function seedFifty(tag: string): Promise<void> {
  await seedShowcases(
    Array.from({ length: 50 }, (_, index) => ({ title: `Place ${index + 1} ${tag}`, tags: [tag] })),
  );
}

/**
 * Records every number of cards the gallery shows from now on, so a test can tell "came back
 * with 48" from "came back with 24 and grew to 48" (a refetch page by page).
 */
async function recordCardCounts(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { cardCounts: number[] }).cardCounts = seen;
    const note = () => {
      const count = document.querySelectorAll('main article').length;
      if (seen.at(-1) !== count) seen.push(count);
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolled to `expected`, give or take the browser's rounding of fractional pixels. */
async function expectScrolledTo(page: Page, expected: number): Promise<void> {
  await expect.poll(async () => Math.abs((await scrollY(page)) - expected)).toBeLessThanOrEqual(1);
}

for (const { name, viewport } of LAYOUTS) {
  test.describe(`Back keeps your place (${name})`, () => {
    test.use({ viewport });

    test('Back after Load more and a scroll returns to the same cards at the same spot; Forward too', async ({
      memberPage: page,
    }) => {
      const tag = uniqueTag('place');
      await seedFifty(tag);
      await page.goto(`/?tag=${tag}`);
      await expectConnection(page, 'Live');
      await expect(cards(page)).toHaveCount(24);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(cards(page)).toHaveCount(48);

      // All the way down, where a page that comes back shorter than it was cannot scroll to.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(1000);
      const last = card(page, `Place 48 ${tag}`);
      await expect(last).toBeInViewport();

      await last.getByRole('heading').click();
      await expect(page.getByRole('heading', { level: 1, name: `Place 48 ${tag}` })).toBeVisible();
      const counts = await recordCardCounts(page);

      await page.goBack();
      await expect(page).toHaveURL((url) => url.search === `?tag=${tag}`);
      await expect(cards(page)).toHaveCount(48);
      await expectScrolledTo(page, before);
      await expect(last).toBeInViewport();
      // Skeletons (0 cards) then all 48 at once: never 24 first, never a page at a time.
      expect((await counts()).filter((count) => count > 0)).toEqual([48]);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goForward();
      await expect(page.getByRole('heading', { level: 1, name: `Place 48 ${tag}` })).toBeVisible();
      // The showcase was left at its top, so Forward shows its top.
      await expectScrolledTo(page, 0);
      await page.goBack();
      await expect(cards(page)).toHaveCount(48);
      await expectScrolledTo(page, before);
    });

    test('sort and tag survive Back, the page’s Gallery link and the app bar’s', async ({
      memberPage: page,
    }) => {
      const tag = uniqueTag('keep');
      await seedShowcases([
        { title: `Fresh ${tag}`, tags: [tag], likeCount: 0 },
        { title: `Loved ${tag}`, tags: [tag], likeCount: 9 },
      ]);
      await page.goto(`/?tag=${tag}`);
      await expect(cards(page).first()).toHaveAccessibleName(`Fresh ${tag}`);
      await page.getByRole('button', { name: 'Most liked' }).click();
      await expect(page).toHaveURL((url) => url.search === `?tag=${tag}&sort=liked`);
      await expect(cards(page).first()).toHaveAccessibleName(`Loved ${tag}`);

      const liked = `/?sort=liked&tag=${tag}`;
      await card(page, `Fresh ${tag}`).getByRole('heading').click();
      await page.getByRole('link', { name: 'Gallery' }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === liked);
      await expect(page.getByRole('button', { name: 'Most liked' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByLabel('Filter by tag')).toHaveValue(tag);

      await card(page, `Loved ${tag}`).getByRole('heading').click();
      await page.getByRole('link', { name: 'Showcase', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === liked);
      await expect(cards(page).first()).toHaveAccessibleName(`Loved ${tag}`);

      // Back through the history: the detail, the sorted gallery, then the unsorted one.
      await page.goBack();
      await expect(page).toHaveURL(/\/s\//);
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname + url.search === liked);
      await expect(cards(page).first()).toHaveAccessibleName(`Loved ${tag}`);
      await page.goBack();
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL((url) => url.search === `?tag=${tag}`);
      await expect(page.getByRole('button', { name: 'Newest' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(cards(page).first()).toHaveAccessibleName(`Fresh ${tag}`);
    });
  });
}
