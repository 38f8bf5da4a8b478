// The form's image: a preview that says plainly when the address does not load, and the
// Image description, which becomes the image's alt text on cards and the showcase page.
import { expect, test } from '../support/fixtures';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import { card, fillShowcaseForm, publishShowcase, uniqueTag } from '../support/gallery';
import { stack } from '../support/env';

/** An image the app serves itself (the demo data's pictures). */
const workingImage = () => `${stack().baseUrl}/demo/bike-routes.svg`;
const NOT_LOADED = /This image could not be loaded/;

for (const layout of LAYOUTS) {
  test.describe(`image preview (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('says on the Image URL field when the address does not load', async ({
      memberPage: page,
    }) => {
      await page.goto('/new');
      const imageUrl = page.getByRole('textbox', { name: 'Image URL' });
      await fillShowcaseForm(page, {
        title: `Broken picture ${uniqueTag('broken')}`,
        imageUrl: `${stack().baseUrl}/no-such-picture-${uniqueTag('img')}.png`,
      });
      await expect(imageUrl).toHaveAccessibleDescription(NOT_LOADED);
      await expect(page.getByText(NOT_LOADED)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      // An address that loads clears the message and shows the preview.
      await imageUrl.fill(workingImage());
      await expect(page.getByRole('main').locator(`img[src="${workingImage()}"]`)).toBeVisible();
      await expect(imageUrl).not.toHaveAccessibleDescription(NOT_LOADED);
    });
  });
}

test('the image description becomes the alt text on the card and the showcase page', async ({
  memberPage: page,
}) => {
  const tag = uniqueTag('alt');
  const title = `Routes ${tag}`;
  const description = `A city map with three cycling routes drawn in colour ${tag}`;
  const id = await publishShowcase(page, {
    title,
    tags: tag,
    imageUrl: workingImage(),
    imageAlt: description,
  });
  await expect(page.getByRole('img', { name: description })).toBeVisible();
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, title).getByRole('img', { name: description })).toBeVisible();

  // Without a description: the showcase page names the image after the showcase, and the card
  // (where that would only repeat the title beside it) leaves it out of the accessible text.
  await page.goto(`/s/${id}/edit`);
  await page.getByRole('textbox', { name: 'Image description' }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('img', { name: `Cover image of “${title}”` })).toBeVisible();
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, title).locator('img')).toHaveAttribute('alt', '');
});

test('the image description is limited to 200 characters, with a counter', async ({
  memberPage: page,
}) => {
  await page.goto('/new');
  const field = page.getByRole('textbox', { name: 'Image description' });
  await field.fill('x'.repeat(200));
  await expect(field).toHaveAccessibleDescription(/200\/200/);
  await fillShowcaseForm(page, {
    title: `Long alt ${uniqueTag('long')}`,
    imageAlt: 'x'.repeat(201),
  });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(field).toHaveAccessibleDescription(
    'Keep the image description to 200 characters (now 201).',
  );
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/new\?id=/);
});
