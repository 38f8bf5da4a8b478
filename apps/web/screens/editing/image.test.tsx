// The form's image: a preview that says plainly when the address does not load, and the
// Image description, which becomes the image's alt text on cards and the showcase page.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { card, currentAddress, screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { openShowcaseId } from '../../src/testing/open-showcase';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

/** An image the app serves itself (the demo data's pictures). */
const workingImage = () => `${window.location.origin}/demo/bike-routes.svg`;
const NOT_LOADED = /This image could not be loaded/;

describe.each(LAYOUTS)('image preview at $name', (layout) => {
  test('says on the Image URL field when the address does not load', async () => {
    await setLayout(layout);
    await renderApp({ path: '/new', as: 'member' });
    const imageUrl = page.getByRole('textbox', { name: 'Image URL' });
    await fillShowcaseForm({
      title: `Broken picture ${uniqueTag('broken')}`,
      imageUrl: `${window.location.origin}/no-such-picture-${uniqueTag('img')}.png`,
    });
    await expect.element(imageUrl).toHaveAccessibleDescription(NOT_LOADED);
    await expect.element(page.getByText(NOT_LOADED)).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);

    // An address that loads clears the message and shows the preview.
    await imageUrl.fill(workingImage());
    await expect
      .poll(() => document.querySelector<HTMLImageElement>(`main img[src="${workingImage()}"]`))
      .toBeVisible();
    await expect.element(imageUrl).not.toHaveAccessibleDescription(NOT_LOADED);
  });
});

test('the image description becomes the alt text on the card and the showcase page', async () => {
  const tag = uniqueTag('alt');
  const title = `Routes ${tag}`;
  const description = `A city map with three cycling routes drawn in colour ${tag}`;
  const { router } = await renderApp({ path: '/new', as: 'member' });
  await fillShowcaseForm({
    title,
    url: 'https://example.com/made',
    tags: tag,
    imageUrl: workingImage(),
    imageAlt: description,
  });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect.element(screenHeading(title)).toBeVisible();
  const id = openShowcaseId();
  await expect.element(page.getByRole('img', { name: description })).toBeVisible();
  await router.navigate(`/?tag=${tag}`);
  await expect.element(card(title).getByRole('img', { name: description })).toBeVisible();

  // Without a description: the showcase page names the image after the showcase, and the card
  // (where that would only repeat the title beside it) leaves it out of the accessible text.
  await router.navigate(`/s/${id}/edit`);
  await page.getByRole('textbox', { name: 'Image description' }).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.element(page.getByRole('img', { name: `Cover image of “${title}”` })).toBeVisible();
  await router.navigate(`/?tag=${tag}`);
  await expect.element(card(title)).toBeVisible();
  await expect.poll(() => card(title).element().querySelector('img')?.getAttribute('alt')).toBe('');
});

test('the image description is limited to 200 characters, with a counter', async () => {
  await renderApp({ path: '/new', as: 'member' });
  const field = page.getByRole('textbox', { name: 'Image description' });
  await field.fill('x'.repeat(200));
  await expect.element(field).toHaveAccessibleDescription(/200\/200/);
  await fillShowcaseForm({ title: `Long alt ${uniqueTag('long')}`, imageAlt: 'x'.repeat(201) });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect
    .element(field)
    .toHaveAccessibleDescription('Keep the image description to 200 characters (now 201).');
  await expect.element(field).toHaveFocus();
  expect(currentAddress()).toMatch(/^\/new\?id=/);
});
