import { LAYOUTS } from '../support/axe';
import { expect, signInAs, test } from '../support/fixtures';
import { card, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

test.describe('every route names itself in the tab', () => {
  test('visitor screens and the not-found page', async ({ page }) => {
    const screens: [path: string, title: string][] = [
      ['/welcome', 'Welcome · Showcase'],
      ['/signin', 'Sign in · Showcase'],
      ['/signup', 'Create account · Showcase'],
      ['/reset', 'Reset password · Showcase'],
      ['/no-such-page', 'Page not found · Showcase'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test('after sign-in, each signed-in screen has its own title', async ({ page, member }) => {
    const tag = uniqueTag('title');
    const [theirs, mine] = await seedShowcases([
      { title: `Lamp ${tag}`, tags: [tag], ownerUid: `owner-${tag}`, ownerName: 'Ada Tester' },
      { title: `Mine ${tag}`, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
    ]);
    await signInAs(page, member);
    // In-app navigation from the sign-in screen: the tab no longer says "Sign in".
    await expect(page).toHaveTitle('Showcases · Showcase');

    const screens: [path: string, title: string][] = [
      [`/?tag=${tag}`, `Showcases tagged #${tag} · Showcase`],
      [`/s/${theirs}`, `Lamp ${tag} · Showcase`],
      ['/s/no-such-showcase', 'Showcase not found · Showcase'],
      [`/s/${mine}/edit`, 'Edit showcase · Showcase'],
      ['/new', 'New showcase · Showcase'],
      [`/u/owner-${tag}`, 'Ada Tester · Showcase'],
      ['/no-such-page', 'Page not found · Showcase'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    await page.goto('/me');
    await expect(page).toHaveTitle(/^\S.* · Showcase$/);
    await expect(page).not.toHaveTitle(/^Sign in/);
  });
});

for (const { name, viewport } of LAYOUTS) {
  test.describe(`focus moves to the heading on navigation (${name})`, () => {
    test.use({ viewport });

    test('links and Back focus the new screen’s heading; sort and tag changes keep focus', async ({
      memberPage: page,
    }) => {
      const tag = uniqueTag('focus');
      const other = uniqueTag('other');
      await seedShowcases([
        { title: `Focus ${tag}`, tags: [tag, other] },
        { title: `Other ${tag}`, tags: [other] },
      ]);
      await page.goto(`/?tag=${tag}`);
      await expectConnection(page, 'Live');

      await card(page, `Focus ${tag}`).getByRole('heading').click();
      const detailHeading = page.getByRole('heading', { level: 1, name: `Focus ${tag}` });
      await expect(detailHeading).toBeFocused();

      await page.getByRole('link', { name: 'Gallery' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Showcases tagged #${tag}` }),
      ).toBeFocused();

      // Changing the sort or the tag is not a new screen: focus stays where the reader is.
      const mostLiked = page.getByRole('button', { name: 'Most liked' });
      await mostLiked.click();
      await expect(page).toHaveURL(/sort=liked/);
      await expect(mostLiked).toBeFocused();
      const filter = page.getByRole('combobox', { name: 'Filter by tag' });
      await filter.fill(other);
      await filter.press('Enter');
      await expect(page).toHaveURL(new RegExp(`tag=${other}`));
      await expect(card(page, `Other ${tag}`)).toBeVisible();
      await expect(filter).toBeFocused();

      // Back through the query changes stays put; Back onto the showcase focuses its heading.
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL((url) => url.search === `?tag=${tag}`);
      await page.goBack();
      await expect(detailHeading).toBeFocused();
      // The heading takes focus from script only; it is not a Tab stop.
      await expect(detailHeading).toHaveAttribute('tabindex', '-1');
    });
  });
}
