// What search says when it finds nothing or has nothing to look for, a search narrowed by a tag,
// and results that top up by themselves; each state checked in every layout and colour scheme.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag, uniqueWord } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { card, cards, currentAddress, screenHeading, searchBox } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const resultsHeading = (text: string) => screenHeading(`Results for “${text}”`);
const clearSearch = () =>
  page.getByRole('main').getByRole('button', { name: 'Clear search', exact: true });

async function expectAccessibleAndFitting() {
  expect(await seriousViolations()).toEqual([]);
  expect(fitsTheWidth()).toBe(true);
}

test('no results says so and offers Clear search, which keeps the tag', async () => {
  const word = uniqueWord('none');
  const tag = uniqueTag('kept');
  await seedShowcases([{ title: `Kept ${tag}`, tags: [tag] }]);
  await renderApp({ path: `/?tag=${tag}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await searchBox().fill(word);
  await expect
    .element(page.getByRole('heading', { name: `No showcases match “${word}” tagged #${tag}` }))
    .toBeVisible();
  await expect
    .element(page.getByText(/Search finds published showcases by the start of any word/))
    .toBeVisible();

  await clearSearch().click();
  await expect.poll(currentAddress).toBe(`/?tag=${tag}`);
  await expect.element(searchBox()).toHaveValue('');
  await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
  await expect.element(card(`Kept ${tag}`)).toBeVisible();
});

test('text with no word to search says what search looks at', async () => {
  await renderApp({ path: '/' });
  await searchBox().fill('?!');
  await expect.element(resultsHeading('?!')).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'Nothing to search for' })).toBeVisible();
  await expect.element(page.getByText(/Punctuation and symbols are left out/)).toBeVisible();
  await clearSearch().click();
  await expect.element(screenHeading('Showcases')).toBeVisible();
});

test('search and a tag together: the tag narrows the results, and the page says so', async () => {
  const word = uniqueWord();
  const tag = uniqueTag('both');
  await seedShowcases([
    { title: `Tagged ${word}`, tags: [tag] },
    { title: `Untagged ${word}`, tags: ['other'] },
  ]);
  await renderApp({ path: `/?tag=${tag}&q=${word}` });
  await expect
    .element(page.getByRole('heading', { level: 1 }))
    .toHaveTextContent(`Results for “${word}” tagged #${tag}`);
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await expect.element(card(`Tagged ${word}`)).toBeVisible();
  await expect
    .element(page.getByText(`Showing search results tagged #${tag} only.`, { exact: false }))
    .toBeVisible();

  // Without the tag, both; and the note goes.
  await page.getByRole('button', { name: 'Clear tag filter' }).click();
  await expect.poll(() => cards().elements()).toHaveLength(2);
  await expect.element(page.getByText(/Showing search results tagged/)).not.toBeInTheDocument();
});

test('when the words checked here leave the first pages short, the results top up by themselves', async () => {
  const word = uniqueWord();
  // 60 newer showcases have the word; only the 3 oldest have "gamma" too. The server is asked
  // for the longest word, so the first answer (48) holds none of the three.
  await seedShowcases([
    ...Array.from({ length: 60 }, (_, index) => ({ title: `Alpha ${index + 1} ${word}` })),
    ...Array.from({ length: 3 }, (_, index) => ({ title: `Gamma ${index + 1} ${word}` })),
  ]);
  await renderApp({ path: `/?q=${word}+gam` });
  await expect.poll(() => cards().elements(), { timeout: 20_000 }).toHaveLength(3);
  await expect.element(cards().first()).toHaveAccessibleName(`Gamma 1 ${word}`);
  await expect.element(page.getByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

describe.each(LAYOUTS)('search states at $name', (layout) => {
  test('results, no results and nothing to search pass axe and fit the width', async () => {
    await setLayout(layout);
    const word = uniqueWord();
    const tag = uniqueTag('look');
    await seedShowcases([
      { title: `Lantern Workshop ${word}`, tags: [tag, 'light'] },
      { title: `Lantern Lamp ${word}`, tags: ['light'] },
    ]);
    const { router } = await renderApp({ path: `/?q=${word}` });
    await expect.element(resultsHeading(word)).toBeVisible();
    await expect.poll(() => cards().elements()).toHaveLength(2);
    await expectAccessibleAndFitting();

    await searchBox().fill(`${word} ${uniqueWord('none')}`);
    await expect.element(page.getByRole('heading', { name: /^No showcases match/ })).toBeVisible();
    await expectAccessibleAndFitting();

    await searchBox().fill('?!');
    await expect
      .element(page.getByRole('heading', { name: 'Nothing to search for' }))
      .toBeVisible();
    await expectAccessibleAndFitting();

    // Narrowed by a tag, with its note.
    await router.navigate(`/?tag=${tag}&q=${word}`);
    await expect.element(page.getByText(/Showing search results tagged/)).toBeVisible();
    await expect.poll(() => cards().elements()).toHaveLength(1);
    await expectAccessibleAndFitting();
  });
});
