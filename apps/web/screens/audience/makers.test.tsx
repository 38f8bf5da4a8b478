// Makers found by search, apart from showcases (any word of the name, by its start), and the
// profile's Bio and Links edited on /me and shown on /u/:uid.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { getDocument, seedShowcases, uniqueWord } from '../../src/testing/emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import { cardTitles, screenHeading, searchBox } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { seedMaker } from './support';

const makers = () => page.getByRole('region', { name: 'Makers' });

test('a visitor finds a maker by the start of any word of the name, apart from showcases', async () => {
  const word = uniqueWord('maya');
  const maker = await seedMaker(`Maya ${word}`);
  await seedShowcases([{ title: `Lamp by ${word}`, ownerUid: maker.uid, ownerName: maker.name }]);
  await renderApp({ path: '/', as: 'visitor' });

  await searchBox().fill(word.slice(0, 8));
  await userEvent.keyboard('{Enter}');
  await expect.element(makers().getByRole('link', { name: maker.name })).toBeVisible();
  // The showcase is a result of its own, in the grid below.
  await expect.poll(cardTitles).toEqual([`Lamp by ${word}`]);
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  await makers().getByRole('link', { name: maker.name }).click();
  await expect.element(screenHeading(maker.name)).toBeVisible();
});

test('a search that matches no maker shows no Makers section', async () => {
  const word = uniqueWord('lamp');
  await seedShowcases([{ title: `Only a showcase ${word}` }]);
  await renderApp({ path: `/?q=${word}`, as: 'visitor' });
  await expect.poll(cardTitles).toEqual([`Only a showcase ${word}`]);
  await expect.element(makers()).not.toBeInTheDocument();
});

test('a member edits Bio and Links on /me and the profile shows them', async () => {
  const { user } = await renderApp({ path: '/me', as: 'member' });
  const uid = user!.uid;
  const bio = page.getByLabelText('Bio', { exact: true });
  const links = page.getByLabelText('Links', { exact: true });
  await expect.element(bio).toBeVisible();

  await links.fill('example.com/no-scheme');
  await page.getByRole('button', { name: 'Save bio and links' }).click();
  await expect.element(page.getByText(/Use full web addresses/)).toBeVisible();

  await bio.fill('I print posters.');
  await links.fill('https://example.com/posters\n\nhttps://example.com/shop');
  await page.getByRole('button', { name: 'Save bio and links' }).click();
  await expect
    .poll(async () => (await getDocument(`users/${uid}`))?.links)
    .toEqual(['https://example.com/posters', 'https://example.com/shop']);
  expect((await getDocument(`users/${uid}`))?.bio).toBe('I print posters.');

  await renderApp({ path: `/u/${uid}`, as: user!.account! });
  await expect.element(page.getByText('I print posters.')).toBeVisible();
  await expect
    .poll(() => page.getByRole('list', { name: 'Links' }).getByRole('link').elements().length)
    .toBe(2);
});
