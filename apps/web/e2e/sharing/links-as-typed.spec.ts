// A link comes back exactly as it was typed: saved through the form, reloaded, and edited again,
// it keeps its upper case and its unicode instead of the URL parser's percent-encoded form.
import { expect, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { publishShowcase, uniqueTag } from '../support/gallery';

test('a link typed with upper case and unicode shows in the edit form as typed', async ({
  memberPage: page,
}) => {
  const tag = uniqueTag('typed');
  const typed = `https://Example.com/Ünï/${tag}?Seite=Größe#Teil-2`;
  const id = await publishShowcase(page, { title: `Typed link ${tag}`, tags: tag, url: typed });

  // The server holds what was typed, and the page links to it.
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.data.url).toBe(typed);
  await expect(page.getByRole('link', { name: 'Visit example.com' })).toHaveAttribute(
    'href',
    typed,
  );

  await page.goto(`/s/${id}/edit`);
  await page.reload();
  const link = page.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(typed);

  // Saving again without touching it changes nothing.
  await page.getByRole('textbox', { name: 'Title' }).fill(`Typed link, renamed ${tag}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Typed link, renamed ${tag}` }),
  ).toBeVisible();
  await page.goto(`/s/${id}/edit`);
  await expect(link).toHaveValue(typed);
  expect((await getDocument(`showcases/${id}`))?.data.url).toBe(typed);
});

test('a space typed in a link is stored encoded, everything else as typed', async ({
  memberPage: page,
}) => {
  const tag = uniqueTag('space');
  const id = await publishShowcase(page, {
    title: `Spaced link ${tag}`,
    tags: tag,
    url: `https://Example.com/My Work/${tag}`,
  });
  await page.goto(`/s/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Link' })).toHaveValue(
    `https://Example.com/My%20Work/${tag}`,
  );
});
