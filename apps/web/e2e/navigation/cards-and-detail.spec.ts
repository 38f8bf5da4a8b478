import type { Locator } from '@playwright/test';
import { fitsTheWidth, seriousViolations, LAYOUTS } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { card, cards, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';
import { freezeFirestore } from '../support/routes';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element has no box (not visible).');
  return found;
}

test.describe('cards at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every card’s media box has the same 16:10 ratio, image or placeholder, cropped by cover', async ({
    memberPage: page,
    baseURL,
  }) => {
    const tag = uniqueTag('ratio');
    await seedShowcases([
      { title: `Square image ${tag}`, tags: [tag], imageUrl: `${baseURL}/pwa-512.png` },
      { title: `Wide image ${tag}`, tags: [tag], imageUrl: `${baseURL}/demo/tide-charts.svg` },
      { title: `No image ${tag}`, tags: [tag] },
    ]);
    await page.goto(`/?tag=${tag}`);
    await expect(cards(page)).toHaveCount(3);
    for (const title of [`Square image ${tag}`, `Wide image ${tag}`, `No image ${tag}`]) {
      const media = card(page, title).getByRole('link').locator('> div').first();
      await media.scrollIntoViewIfNeeded();
      const { width, height } = await box(media);
      expect(width, title).toBeGreaterThan(300);
      expect(width / height, title).toBeCloseTo(1.6, 1);
    }
    const image = card(page, `Square image ${tag}`).locator('img');
    await expect(image).toHaveCSS('object-fit', 'cover');
    expect(await fitsTheWidth(page)).toBe(true);
  });
});

for (const { name, viewport } of LAYOUTS) {
  test.describe(`grids and dates (${name})`, () => {
    test.use({ viewport, timezoneId: 'UTC' });

    test('skeleton cards stand in while the gallery and a profile load', async ({
      memberPage: page,
    }) => {
      const tag = uniqueTag('skeleton');
      await seedShowcases([
        { title: `Late ${tag}`, tags: [tag], ownerUid: `owner-${tag}`, ownerName: 'Sam Late' },
      ]);
      const release = await freezeFirestore(page);
      await page.goto(`/?tag=${tag}`);
      const skeleton = page.getByRole('progressbar', { name: 'Loading showcases' });
      await expect(skeleton).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      expect(await page.getByTestId('grid-skeleton').locator('> div').count()).toBeGreaterThan(1);
      expect(await seriousViolations(page)).toEqual([]);
      await release();
      await expect(card(page, `Late ${tag}`)).toBeVisible();
      await expect(skeleton).toHaveCount(0);

      const releaseProfile = await freezeFirestore(page);
      await page.goto(`/u/owner-${tag}`);
      await expect(page.getByRole('progressbar', { name: 'Loading profile' })).toBeVisible();
      await releaseProfile();
      await expect(page.getByRole('heading', { level: 1, name: 'Sam Late' })).toBeVisible();
      await expect(card(page, `Late ${tag}`)).toBeVisible();
    });

    test('recent dates read relative, with the exact date on hover', async ({
      memberPage: page,
    }) => {
      const tag = uniqueTag('date');
      const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
      const lastYear = new Date(Date.UTC(2025, 2, 14, 9, 30));
      const [recent] = await seedShowcases([
        { title: `Recent ${tag}`, tags: [tag], createdAt: fiveMinutesAgo },
        { title: `Old ${tag}`, tags: [tag], createdAt: lastYear },
      ]);
      const exact = (date: Date) =>
        new Intl.DateTimeFormat('en-US', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(date);

      await page.goto(`/?tag=${tag}`);
      const recentDate = card(page, `Recent ${tag}`).locator('time');
      // Minutes pass while the test runs; the words stay relative.
      await expect(recentDate).toHaveText(/^(5|6|7) min\. ago$/);
      await expect(recentDate).toHaveAttribute('title', exact(fiveMinutesAgo));
      await expect(recentDate).toHaveAttribute('datetime', fiveMinutesAgo.toISOString());
      const oldDate = card(page, `Old ${tag}`).locator('time');
      await expect(oldDate).toHaveText('Mar 14, 2025');
      await expect(oldDate).toHaveAttribute('title', exact(lastYear));

      await page.goto(`/s/${recent}`);
      const published = page.getByText(/^Published/).locator('time');
      await expect(published).toHaveText(/^(5|6|7) min\. ago$/);
      await expect(published).toHaveAttribute('title', exact(fiveMinutesAgo));
    });

    test('the owner sees the like count, and Edit and Delete beside the title', async ({
      memberPage: page,
      member,
    }) => {
      const tag = uniqueTag('owner');
      const [mine, theirs] = await seedShowcases([
        {
          title: `Owned ${tag}`,
          tags: [tag],
          likeCount: 3,
          ownerUid: member.uid,
          ownerName: member.displayName,
        },
        { title: `Theirs ${tag}`, tags: [tag], likeCount: 2 },
      ]);
      await page.goto(`/s/${mine}`);
      await expectConnection(page, 'Live');
      const heading = page.getByRole('heading', { level: 1, name: `Owned ${tag}` });
      await expect(heading).toBeVisible();
      await expect(page.getByTestId('like-count')).toHaveText('3 likes');
      await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
      const edit = page.getByRole('link', { name: 'Edit' });
      const remove = page.getByRole('button', { name: 'Delete' });
      await expect(edit).toBeVisible();
      await expect(remove).toBeVisible();

      // Beside the title (wide) or right under it (phone), and above the image and the text.
      const title = await box(heading);
      for (const action of [await box(edit), await box(remove)]) {
        expect(action.y).toBeLessThan(title.y + title.height + 24);
        expect(action.y + action.height).toBeGreaterThan(title.y);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await edit.click();
      await expect(page).toHaveURL(new RegExp(`/s/${mine}/edit$`));

      await page.goto(`/s/${theirs}`);
      await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
      await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    });
  });
}
