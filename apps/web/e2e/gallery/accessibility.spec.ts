import { fitsTheWidth, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { cards, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

const VARIANTS = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' as const },
  { name: '360 px, dark', viewport: { width: 360, height: 740 }, colorScheme: 'dark' as const },
];

for (const variant of VARIANTS) {
  test.describe(`gallery screens pass axe (${variant.name})`, () => {
    test.use({ viewport: variant.viewport, colorScheme: variant.colorScheme });
    // Four screens, four axe runs.
    test.slow();

    test('gallery, detail, form and My showcases have no serious or critical violations', async ({
      memberPage: page,
      member,
    }) => {
      const tag = uniqueTag('axe');
      const [first] = await seedShowcases([
        {
          title: `Accessible ${tag}`,
          description: 'A description long enough to wrap on a phone, with a link below it.',
          tags: [tag, 'design'],
          likeCount: 3,
          ownerName: 'Axe Owner',
        },
        { title: `Second ${tag}`, tags: [tag], status: 'published' },
        {
          title: `Mine ${tag}`,
          tags: [tag],
          ownerUid: member.uid,
          ownerName: member.displayName,
          status: 'draft',
        },
      ]);

      await page.goto(`/?tag=${tag}`);
      await expectConnection(page, 'Live');
      await expect(cards(page)).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await page.goto(`/s/${first}`);
      await expect(page.getByRole('button', { name: 'Like' })).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await page.goto('/new');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByText('Give your showcase a title.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await page.goto('/me/showcases');
      await expect(
        page.getByRole('list', { name: 'My showcases' }).getByText(`Mine ${tag}`),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });
  });
}
