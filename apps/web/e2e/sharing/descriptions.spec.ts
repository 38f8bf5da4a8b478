// Readable descriptions: paragraphs and line breaks kept, bare web addresses as safe links, and
// nothing else interpreted (a `javascript:` "address" stays text). Desktop and a 390 px phone.
import type { Page } from '@playwright/test';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { seedShowcases, uniqueTag } from '../support/gallery';
import { mediaSettled, trackMediaEvents } from '../support/page-events';

const description = (page: Page) => page.getByTestId('showcase-description');

async function openWithDescription(page: Page, prefix: string, text: string) {
  const tag = uniqueTag(prefix);
  const title = `Described ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], description: text }]);
  await page.goto(`/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return id!;
}

for (const layout of LAYOUTS) {
  test.describe(`descriptions (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('two paragraphs and one address: both paragraphs and exactly one safe link', async ({
      page,
    }) => {
      const address = 'https://example.com/Lamp-Build?step=2#wiring';
      await openWithDescription(
        page,
        'paras',
        `I built this lamp from walnut offcuts.\nIt took a weekend.\n\n\nThe wiring guide I followed: ${address}.`,
      );

      const paragraphs = description(page).getByRole('paragraph');
      await expect(paragraphs).toHaveCount(2);
      await expect(paragraphs.nth(0)).toHaveText(
        'I built this lamp from walnut offcuts.It took a weekend.',
      );
      // The single newline is a line break inside the first paragraph.
      await expect(paragraphs.nth(0).locator('br')).toHaveCount(1);
      await expect(paragraphs.nth(1)).toHaveText(`The wiring guide I followed: ${address}.`);

      const links = description(page).getByRole('link');
      await expect(links).toHaveCount(1);
      const link = links.first();
      await expect(link).toHaveText(address);
      await expect(link).toHaveAttribute('href', address);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });

    test('a long unbroken address wraps instead of widening the page', async ({ page }) => {
      const address = `https://example.com/${'very-long-path-segment-'.repeat(12)}end`;
      await openWithDescription(page, 'long', `Everything is here: ${address}`);
      const link = description(page).getByRole('link');
      await expect(link).toHaveAttribute('href', address);
      expect(await fitsTheWidth(page)).toBe(true);
      const box = await link.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(layout.viewport.width);
    });
  });
}

test('a javascript: "address" in a description stays text and runs nothing', async ({ page }) => {
  await trackMediaEvents(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const hostile = [
    'Click javascript:alert(1) to see it.',
    'Or JavaScript:alert(document.cookie)',
    '<a href="javascript:alert(2)">a link</a> and [markdown](javascript:alert(3))',
    'data:text/html,<script>alert(4)</script>',
  ];
  await openWithDescription(page, 'jsurl', hostile.join('\n'));

  for (const line of hostile) await expect(description(page)).toContainText(line);
  await expect(description(page).getByRole('link')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);

  // Clicking the text does nothing either.
  await description(page).getByText('javascript:alert(1)', { exact: false }).click();
  await mediaSettled(page);
  expect(dialogs).toEqual([]);
});
