// A link comes back exactly as it was typed: published through the form, opened again, and
// edited, it keeps its upper case and its unicode instead of the URL parser's percent-encoded
// form; only a space is stored encoded.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getDocument, uniqueTag } from '../../src/testing/emulator-rest';
import { screenHeading } from '../../src/testing/locators';
import type { RenderedApp } from '../../src/testing/render-app';
import { renderApp, rerenderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

const field = (name: string) => page.getByRole('textbox', { name, exact: true });

/** Fills /new and publishes; resolves with the new showcase's id once its page shows. */
async function publish(
  router: RenderedApp['router'],
  input: { title: string; url: string; tags: string },
): Promise<string> {
  await router.navigate('/new');
  await fillShowcaseForm(input);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.element(screenHeading(input.title)).toBeVisible();
  const [, route, id] = window.location.pathname.split('/');
  expect(route).toBe('s');
  return id!;
}

test('a link typed with upper case and unicode shows in the edit form as typed', async () => {
  const tag = uniqueTag('typed');
  const typed = `https://Example.com/Ünï/${tag}?Seite=Größe#Teil-2`;
  const { router } = await renderApp({ as: 'member' });
  const id = await publish(router, { title: `Typed link ${tag}`, url: typed, tags: tag });

  // The server holds what was typed, and the page links to it.
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.url).toBe(typed);
  await expect
    .element(page.getByRole('link', { name: 'Visit example.com' }))
    .toHaveAttribute('href', typed);

  // Reloaded on the edit screen, the form reads the stored link.
  await router.navigate(`/s/${id}/edit`);
  await expect.element(field('Link')).toHaveValue(typed);
  const reloaded = rerenderApp();
  await expect.element(field('Link')).toHaveValue(typed);

  // Saving again without touching it changes nothing.
  await field('Title').fill(`Typed link, renamed ${tag}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.element(screenHeading(`Typed link, renamed ${tag}`)).toBeVisible();
  await expect
    .poll(async () => (await getDocument(`showcases/${id}`))?.title)
    .toBe(`Typed link, renamed ${tag}`);
  expect((await getDocument(`showcases/${id}`))?.url).toBe(typed);
  await reloaded.navigate(`/s/${id}/edit`);
  await expect.element(field('Link')).toHaveValue(typed);
});

test('a space typed in a link is stored encoded, everything else as typed', async () => {
  const tag = uniqueTag('space');
  const { router } = await renderApp({ as: 'member' });
  const id = await publish(router, {
    title: `Spaced link ${tag}`,
    url: `https://Example.com/My Work/${tag}`,
    tags: tag,
  });
  await router.navigate(`/s/${id}/edit`);
  await expect.element(field('Link')).toHaveValue(`https://Example.com/My%20Work/${tag}`);
  expect((await getDocument(`showcases/${id}`))?.url).toBe(`https://Example.com/My%20Work/${tag}`);
});
