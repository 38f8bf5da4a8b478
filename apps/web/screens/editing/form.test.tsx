// The showcase form: sections (Images, About, Links and tags), required fields marked, a live
// card preview, a link typed without https:// completed where the user sees it, a tag typed with
// a space explained instead of split, and the first invalid field brought into view below the
// sticky app bar at every width.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { getDocument, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { currentAddress, screenHeading } from '../../src/testing/locators';
import { openShowcaseId } from '../../src/testing/open-showcase';
import { renderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

const field = (name: string) => page.getByRole('textbox', { name, exact: true });
const preview = () => page.getByRole('region', { name: 'Card preview' });
const publishButton = () => page.getByRole('button', { name: 'Publish', exact: true });

test('the form comes in sections with the required title marked and a live card preview', async () => {
  await renderApp({ path: '/new', as: 'member' });
  await expect.element(screenHeading('New showcase')).toBeVisible();
  for (const name of ['Images', 'About', 'Links and tags', 'Card preview'])
    await expect.element(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect.element(field('Title')).toBeRequired();
  await expect.element(page.getByText('Fields marked * are required.')).toBeVisible();

  const tag = uniqueTag('live');
  await fillShowcaseForm({ title: `Walnut lamp ${tag}`, tags: `${tag}, wood` });
  await expect.element(preview()).toHaveTextContent(`Walnut lamp ${tag}`);
  await expect.element(preview()).toHaveTextContent(`#${tag}`);
  await expect.element(preview()).toHaveTextContent('#wood');
  // A picture of the card, not a second link to tab through.
  const link = preview().element().querySelector('a');
  expect(link?.closest('[inert]')).not.toBeNull();
  expect(await seriousViolations()).toEqual([]);
});

test('a link typed without https:// is completed in the field and said so', async () => {
  const tag = uniqueTag('link');
  const title = `Completed link ${tag}`;
  await renderApp({ path: '/new', as: 'member' });
  await fillShowcaseForm({ title, url: 'example.com/work', tags: tag });
  await field('Tags').click(); // leaves Link
  await expect.element(field('Link')).toHaveValue('https://example.com/work');
  await expect
    .element(field('Link'))
    .toHaveAccessibleDescription(/Added https:\/\/ in front: https:\/\/example\.com\/work/);

  // Pressing Enter in the field completes it too, and the completed address is what is saved.
  await field('Link').fill('example.org');
  await userEvent.keyboard('{Enter}');
  await expect.element(screenHeading(title)).toBeVisible();
  const id = openShowcaseId();
  await expect
    .poll(async () => (await getDocument(`showcases/${id}`))?.url)
    .toBe('https://example.org');
});

test('a tag typed with a space is explained, not split, and nothing is saved', async () => {
  await renderApp({ path: '/new', as: 'member' });
  await fillShowcaseForm({
    title: `Spaced tag ${uniqueTag('space')}`,
    url: 'https://example.com',
    tags: 'web design',
  });
  const advice =
    'Tags cannot contain spaces: "web design". Use a hyphen for one tag (web-design) or a comma between tags.';
  await expect.element(field('Tags')).toHaveAccessibleDescription(advice);
  await publishButton().click();
  await expect.element(field('Tags')).toHaveFocus();
  await expect.element(field('Tags')).toHaveAttribute('aria-invalid', 'true');
  expect(currentAddress()).toMatch(/^\/new\?id=/);

  await field('Tags').fill('web-design');
  await expect.element(field('Tags')).not.toHaveAccessibleDescription(advice);
});

describe.each(LAYOUTS.filter((layout) => layout.colorScheme === 'light'))(
  'the first invalid field at $name',
  (layout) => {
    test('takes the focus in view below the app bar', async () => {
      await setLayout(layout);
      await renderApp({ path: '/new', as: 'member' });
      await expect.element(field('Title')).toBeVisible();
      // Only a link: Publish needs a title too. The page is scrolled so that the Title's input
      // is still half in sight under the app bar (where a plain focus() would leave it), then
      // the form is sent with Enter from the Link field.
      await field('Link').fill('https://example.com');
      await field('Description').fill('A long story.\n'.repeat(30));
      const barBottom = () => page.getByRole('banner').element().getBoundingClientRect().bottom;
      const titleTop = field('Title').element().getBoundingClientRect().top;
      window.scrollBy(0, titleTop - barBottom() + 12);
      (field('Link').element() as HTMLElement).focus({ preventScroll: true });
      await userEvent.keyboard('{Enter}');
      await expect.element(field('Title')).toHaveFocus();
      const appBar = page.getByRole('banner').element().getBoundingClientRect();
      const input = field('Title').element();
      const label = input.closest('.MuiFormControl-root')!.querySelector('label')!;
      expect(label.getBoundingClientRect().top).toBeGreaterThanOrEqual(appBar.bottom);
      expect(input.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
      expect(fitsTheWidth()).toBe(true);
    });
  },
);
