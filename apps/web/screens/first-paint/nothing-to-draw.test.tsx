// Where the first paint draws nothing and the app starts at once with its own state: a draft, an
// unknown showcase, a search, a tag nothing carries. The boot script's own route matching and
// REST read against the emulator decide it; the app then shows what it shows without one.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { cards, screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { readAsTheBootDoes } from './support';

test('a draft or an unknown showcase: nothing to draw, and the app says it is not found', async () => {
  const [draft] = await seedShowcases([
    {
      title: `Draft ${uniqueTag()}`,
      status: 'draft',
      imageUrl: `${location.origin}/demo/tide-charts.svg`,
    },
  ]);
  const [published] = await seedShowcases([{ title: `Published ${uniqueTag()}` }]);
  // The read itself works: a published one would be drawn.
  expect(await readAsTheBootDoes(`/s/${published}`)).not.toBeNull();
  for (const path of [`/s/${draft}`, `/s/${uniqueId('s')}`]) {
    expect(await readAsTheBootDoes(path)).toBeNull();
    await renderApp({ path });
    await expect.element(screenHeading('Showcase not found')).toBeVisible();
  }
});

test('a search: no first paint, and the app shows its results', async () => {
  const tag = uniqueTag('search');
  await seedShowcases([{ title: `Searchable lantern ${tag}`, tags: [tag] }]);
  expect(await readAsTheBootDoes(`/?tag=${tag}`)).not.toBeNull();
  expect(await readAsTheBootDoes(`/?q=lantern&tag=${tag}`)).toBeNull();
  await renderApp({ path: `/?q=lantern&tag=${tag}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
});

test('a tag nothing carries: nothing to draw, and the app shows its empty gallery', async () => {
  const tag = uniqueTag('empty');
  expect(await readAsTheBootDoes(`/?tag=${tag}`)).toBeNull();
  await renderApp({ path: `/?tag=${tag}` });
  await expect
    .element(page.getByRole('heading', { name: `No showcases tagged #${tag} yet` }))
    .toBeVisible();
});
