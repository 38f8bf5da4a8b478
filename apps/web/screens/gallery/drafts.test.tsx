// A draft is its owner's alone: saved from the form, it is listed in their My showcases, and
// another member finds it neither in the gallery nor at its address until it is published.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getDocument, uniqueTag } from '../../src/testing/emulator-rest';
import { card, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

test('a draft stays invisible to another member and is listed with the drafts in its owner’s My showcases', async () => {
  const owner = await newMember();
  const other = await newMember();
  const tag = uniqueTag('draft');
  const title = `Secret ${tag}`;
  await renderApp({ path: '/new', as: owner });
  await fillShowcaseForm({ title, url: 'https://example.com/draft', tags: tag });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect.element(screenHeading(title)).toBeVisible();
  await expect.element(page.getByText('Draft: only you can see it')).toBeVisible();
  const id = window.location.pathname.split('/')[2]!;
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.status).toBe('draft');

  const { router } = await renderApp({ path: `/?tag=${tag}`, as: other });
  await expect
    .element(page.getByRole('heading', { name: `No showcases tagged #${tag} yet` }))
    .toBeVisible();
  await router.navigate(`/s/${id}`);
  await expect.element(page.getByRole('heading', { name: 'Showcase not found' })).toBeVisible();
  expect(page.getByText(title).elements()).toEqual([]);

  const asOwner = await renderApp({ path: '/me/showcases', as: owner });
  const row = page
    .getByRole('list', { name: 'My showcases' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect.element(row).toBeVisible();
  await expect.element(row.getByText('Draft', { exact: true })).toBeVisible();

  // Publishing it makes it appear for the other member.
  await asOwner.router.navigate(`/s/${id}/edit`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.element(screenHeading(title)).toBeVisible();
  await expect.element(page.getByText('Draft: only you can see it')).not.toBeInTheDocument();
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.status).toBe('published');
  await renderApp({ path: `/?tag=${tag}`, as: other });
  await expect.element(card(title)).toBeVisible();
});
