// Search from the app bar: by the start of any title word or tag, in the URL, with one history
// entry per search; a shared link fills the field; Escape clears it.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seedShowcases, uniqueWord } from '../../src/testing/emulator-rest';
import type { Layout } from '../../src/testing/layout';
import { LAYOUTS, setLayout } from '../../src/testing/layout';
import { card, cards, currentAddress, screenHeading, searchBox } from '../../src/testing/locators';
import type { Viewer } from '../../src/testing/render-app';
import { renderApp, rerenderApp } from '../../src/testing/render-app';

const resultsHeading = (text: string) => screenHeading(`Results for “${text}”`);
const searchParam = () => new URL(window.location.href).searchParams.get('q');

// The field is the same in every layout (each layout's look: search/layouts.test.tsx); the whole
// behaviour runs once per kind of viewer, at a phone's width and at a desktop's.
const VIEWERS: { who: 'visitor' | 'member'; layout: Layout }[] = [
  { who: 'visitor', layout: LAYOUTS.find(({ name }) => name === '390 px, light')! },
  { who: 'member', layout: LAYOUTS.find(({ name }) => name === '1280 px, dark')! },
];

describe.each(VIEWERS)('search ($who, $layout.name)', ({ who, layout }) => {
  test('finds showcases by the start of a title word or of a tag, in the URL', async () => {
    await setLayout(layout);
    const word = uniqueWord();
    const lantern = `Lantern Workshop ${word}`;
    const tidepool = `Tidepool ${word}`;
    await seedShowcases([
      { title: lantern, tags: ['light'] },
      { title: tidepool, tags: ['pixel-art'] },
      { title: `Garden ${word}`, tags: ['plants'] },
    ]);
    await renderApp({ path: '/', as: who satisfies Viewer });
    await expect.element(screenHeading('Showcases')).toBeVisible();

    // A title word's prefix. Other tests may have Lanterns too; ours is the newest.
    await searchBox().fill('lan');
    await expect.poll(searchParam).toBe('lan');
    await expect.element(resultsHeading('lan')).toBeVisible();
    await expect.poll(() => document.title).toBe('Results for “lan” · Showcase');
    await expect.element(card(lantern)).toBeVisible();
    await expect.element(card(tidepool)).not.toBeInTheDocument();

    // A tag's prefix: `pix` finds #pixel-art.
    await searchBox().fill('pix');
    await expect.element(resultsHeading('pix')).toBeVisible();
    await expect.element(card(tidepool)).toBeVisible();
    await expect.element(card(lantern)).not.toBeInTheDocument();

    // Two words: both must be there, so exactly one of ours.
    await searchBox().fill(`lan ${word}`);
    await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();
    await expect.poll(() => cards().elements()).toHaveLength(1);
    await expect.element(card(lantern)).toBeVisible();

    // The address alone brings the search back.
    rerenderApp();
    await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();
    await expect.element(searchBox()).toHaveValue(`lan ${word}`);
    await expect.poll(() => cards().elements()).toHaveLength(1);

    // Each keystroke replaced the search's one history entry: Back is the plain gallery.
    window.history.back();
    await expect.poll(currentAddress).toBe('/');
    await expect.element(screenHeading('Showcases')).toBeVisible();
    await expect.element(searchBox()).toHaveValue('');
    window.history.forward();
    await expect.element(resultsHeading(`lan ${word}`)).toBeVisible();
    await expect.element(searchBox()).toHaveValue(`lan ${word}`);
    await expect.element(card(lantern)).toBeVisible();
  });
});

test('a shared link fills the field and keeps the sort; Escape clears the search', async () => {
  const word = uniqueWord();
  await seedShowcases([
    { title: `Quiet ${word}`, likeCount: 1 },
    { title: `Loved ${word}`, likeCount: 7 },
  ]);
  await renderApp({ path: `/?sort=liked&q=${word}` });
  await expect.element(searchBox()).toHaveValue(word);
  await expect.poll(() => cards().elements()).toHaveLength(2);
  await expect.element(cards().first()).toHaveAccessibleName(`Loved ${word}`);
  await expect
    .element(page.getByRole('button', { name: 'Most liked' }))
    .toHaveAttribute('aria-pressed', 'true');

  await searchBox().click();
  await userEvent.keyboard('{Escape}');
  await expect.element(searchBox()).toHaveValue('');
  await expect.poll(currentAddress).toBe('/?sort=liked');
  await expect.element(screenHeading('Showcases')).toBeVisible();
});
