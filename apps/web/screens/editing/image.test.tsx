// A showcase stored before uploads existed keeps its image: an address typed by hand and its
// description, shown on the card and the showcase page as before. The form no longer edits it
// (no Image URL or image description fields); saving other changes leaves it as stored.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getDocument, seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { card, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

/** An image the app serves itself (the demo data's pictures). */
const workingImage = () => `${window.location.origin}/demo/bike-routes.svg`;

test('an image stored by address stays on the card and page, and an edit keeps it', async () => {
  const tag = uniqueTag('legacy');
  const title = `Routes ${tag}`;
  const description = `A city map with three cycling routes drawn in colour ${tag}`;
  const member = await newMember();
  const [id] = await seedShowcases([
    { title, tags: [tag], imageUrl: workingImage(), imageAlt: description, ownerUid: member.uid },
  ]);
  const { router } = await renderApp({ path: `/s/${id}/edit`, as: member });
  await expect.element(screenHeading('Edit showcase')).toBeVisible();
  await expect.element(page.getByRole('textbox', { name: 'Image URL' })).not.toBeInTheDocument();
  await expect
    .element(page.getByRole('textbox', { name: 'Image description' }))
    .not.toBeInTheDocument();
  await expect
    .element(page.getByText(/shows an image from a web address, added before uploads existed/))
    .toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.element(screenHeading(`${title} renamed`)).toBeVisible();
  await expect.element(page.getByRole('img', { name: description })).toBeVisible();
  await expect
    .poll(async () => (await getDocument(`showcases/${id}`))?.title)
    .toBe(`${title} renamed`);
  expect(await getDocument(`showcases/${id}`)).toMatchObject({
    imageUrl: workingImage(),
    imageAlt: description,
  });
  await router.navigate(`/?tag=${tag}`);
  await expect
    .element(card(`${title} renamed`).getByRole('img', { name: description }))
    .toBeVisible();
});
