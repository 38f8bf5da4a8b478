import { expect, test } from '../support/fixtures';
import { card, cards, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

test.describe('browsing the gallery', () => {
  test('shows 24 per page and loads more on demand', async ({ memberPage: page }) => {
    const tag = uniqueTag('page');
    const titles = Array.from(
      { length: 30 },
      (_, index) => `Page item ${String(index + 1).padStart(2, '0')} ${tag}`,
    );
    await seedShowcases(titles.map((title) => ({ title, tags: [tag] })));

    await page.goto(`/?tag=${tag}`);
    // The first answer can be slow on a loaded machine; later steps are live updates.
    await expect(cards(page)).toHaveCount(24, { timeout: 20_000 });
    // Newest first: the seed gave the first title the latest creation time.
    await expect(cards(page).first()).toHaveAccessibleName(titles[0]!);
    await expect(cards(page).nth(23)).toHaveAccessibleName(titles[23]!);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(30);
    await expect(cards(page).last()).toHaveAccessibleName(titles[29]!);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('sorts by Newest and Most liked and filters by tag', async ({ memberPage: page }) => {
    const tag = uniqueTag('sort');
    const other = uniqueTag('other');
    await seedShowcases([
      { title: `Fresh ${tag}`, tags: [tag], likeCount: 1 },
      { title: `Popular ${tag}`, tags: [tag, other], likeCount: 9 },
      { title: `Middling ${tag}`, tags: [tag], likeCount: 4 },
    ]);

    await page.goto('/');
    const filter = page.getByRole('combobox', { name: 'Filter by tag' });
    await filter.fill(tag);
    await filter.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag}`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Showcases tagged #${tag}` }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    const order = () =>
      cards(page).evaluateAll((nodes) =>
        nodes.map((node) => node.querySelector('h2')?.textContent),
      );
    await expect.poll(order).toEqual([`Fresh ${tag}`, `Popular ${tag}`, `Middling ${tag}`]);

    await page.getByRole('button', { name: 'Most liked' }).click();
    await expect(page).toHaveURL(/[?&]sort=liked/);
    await expect.poll(order).toEqual([`Popular ${tag}`, `Middling ${tag}`, `Fresh ${tag}`]);
    await expect(page.getByRole('button', { name: 'Most liked' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('button', { name: 'Newest' }).click();
    await expect.poll(order).toEqual([`Fresh ${tag}`, `Popular ${tag}`, `Middling ${tag}`]);

    // A tag chip on a card filters by that tag.
    await card(page, `Popular ${tag}`)
      .getByRole('link', { name: `#${other}` })
      .click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAccessibleName(`Popular ${tag}`);

    await page.getByRole('button', { name: 'Clear tag filter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
  });

  test('/s/missing shows the not-found state', async ({ memberPage: page }) => {
    await page.goto('/s/missing');
    await expect(page.getByRole('heading', { level: 1, name: 'Showcase not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Showcases' })).toBeVisible();
  });

  test('a guest browses live; Like and publishing ask for an account', async ({ page }) => {
    const tag = uniqueTag('guest');
    const [id] = await seedShowcases([{ title: `For guests ${tag}`, tags: [tag], likeCount: 2 }]);

    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).not.toHaveURL(/\/welcome/);
    await page.goto(`/?tag=${tag}`);
    await expectConnection(page, 'Live');
    await expect(card(page, `For guests ${tag}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'New showcase' })).toHaveCount(0);

    await card(page, `For guests ${tag}`).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    // The showcase's page, not the gallery still on screen while its chunk loads.
    await expect(page.getByRole('heading', { level: 1, name: `For guests ${tag}` })).toBeVisible();
    // Like asks a guest to create an account (e2e/public/like.spec.ts follows it through).
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
    await expect(
      page.getByText('Create an account to like showcases: you keep this guest session.'),
    ).toBeVisible();
    await expect(page.getByTestId('like-count')).toHaveText('2 likes');

    // Live for guests too: a change on the server shows up without a reload.
    await seedShowcases([{ id, title: `Renamed for guests ${tag}`, tags: [tag], likeCount: 3 }]);
    await expect(
      page.getByRole('heading', { level: 1, name: `Renamed for guests ${tag}` }),
    ).toBeVisible();
    await expect(page.getByTestId('like-count')).toHaveText('3 likes');

    await page.goto('/new');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create an account to publish' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  });
});
