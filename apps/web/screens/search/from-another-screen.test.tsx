// Searching from a showcase's page: the results replace it, the field keeps focus, the whole
// search is one history entry, and the showcase's way back to the gallery leads to the search.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seedShowcases, uniqueWord } from '../../src/testing/emulator-rest';
import { card, cards, currentAddress, screenHeading, searchBox } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const resultsHeading = (text: string) => screenHeading(`Results for “${text}”`);

test('typing on a showcase page leads to the results, keeps focus, and Back returns', async () => {
  const word = uniqueWord();
  const [id] = await seedShowcases([
    { title: `Starting point ${word}` },
    { title: `Lantern ${word}` },
  ]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(`Starting point ${word}`)).toBeVisible();

  await searchBox().click();
  await userEvent.keyboard(`lan ${word.slice(0, 6)}`);
  await expect.element(resultsHeading(`lan ${word.slice(0, 6)}`)).toBeVisible();
  await expect.element(card(`Lantern ${word}`)).toBeVisible();
  await expect.poll(() => cards().elements()).toHaveLength(1);
  // The field keeps focus through the change of screen: typing goes on.
  await expect.element(searchBox()).toHaveFocus();
  await userEvent.keyboard(word.slice(6));
  await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();

  // One history entry for the whole search.
  window.history.back();
  await expect.element(screenHeading(`Starting point ${word}`)).toBeVisible();
  await expect.poll(currentAddress).toBe(`/s/${id}`);

  // The showcase's Gallery links now lead back to the search.
  window.history.forward();
  await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();
  await card(`Lantern ${word}`).getByRole('heading').click();
  await expect.element(screenHeading(`Lantern ${word}`)).toBeVisible();
  await expect.element(searchBox()).toHaveValue(`lan ${word}`);
  await page.getByRole('banner').getByRole('link', { name: 'Showcase' }).click();
  await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();
});
