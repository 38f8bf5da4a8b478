// The audience screens in every layout and colour scheme: a maker's profile (followed, with bio
// and links), the Following feed, Saved and the makers a search finds pass axe and fit the width.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, setDocuments, uniqueWord } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { cardTitles, screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { seedFollows, seedMaker } from './support';

async function expectAccessibleAndFitting() {
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);
  expect(fitsTheWidth()).toBe(true);
}

describe.each(LAYOUTS)('audience screens at $name', (layout) => {
  test('profile, Following, Saved and maker results pass axe and fit the width', async () => {
    await setLayout(layout);
    const word = uniqueWord('lay');
    const maker = await seedMaker(`Layla ${word} Longname-with-no-breaks-at-all`, {
      bio: 'I build small synthesizers and write about them, at length, with a very-long-word-that-does-not-break.',
      links: [
        'https://example.com/a-rather-long-path/that/keeps/going/and/going',
        'https://example.com/shop',
      ],
      followerCount: 12,
    });
    const [id] = await seedShowcases([
      { title: `Synth ${word}`, ownerUid: maker.uid, ownerName: maker.name, tags: ['music'] },
    ]);
    const { user, router } = await renderApp({ path: `/u/${maker.uid}`, as: 'member' });
    await seedFollows(user!.uid, [maker.uid]);
    await setDocuments([
      { path: `users/${user!.uid}/saved/${id}`, data: { createdAt: new Date() } },
    ]);

    await expect
      .element(page.getByRole('button', { name: 'Following', exact: true }))
      .toBeVisible();
    await expectAccessibleAndFitting();

    await router.navigate('/?feed=following');
    await expect.element(screenHeading('Following')).toBeVisible();
    await expect.poll(cardTitles).toEqual([`Synth ${word}`]);
    await expectAccessibleAndFitting();

    await router.navigate('/saved');
    await expect.element(screenHeading('Saved')).toBeVisible();
    await expect.poll(cardTitles).toEqual([`Synth ${word}`]);
    await expectAccessibleAndFitting();

    await router.navigate(`/?q=${word}`);
    await expect
      .element(page.getByRole('region', { name: 'Makers' }).getByRole('link', { name: maker.name }))
      .toBeVisible();
    await expectAccessibleAndFitting();
  });
});
