// Saved as one browser sees it: a guest saves two showcases from cards and a page, finds them
// under Saved in the user menu, creates an account in place (same uid) and still has them; a
// visitor's Save leads to the sign-in screen (Continue as guest, or Sign in) and back, saved.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lookupAccount } from '../../src/testing/auth-emulator-rest';
import {
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueId,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import { recordCardCounts } from '../../src/testing/card-counts';
import { card, cardTitles, currentAddress, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { currentSessionUser } from '../../src/testing/session';
import { signInWithForm } from '../../src/testing/sign-in-form';
import { transitionsSettled } from '../../src/testing/settled';

test('a guest saves two showcases, creates an account and still has them', async () => {
  const tag = uniqueTag('save');
  const [first, second] = [`Kite ${tag}`, `Boat ${tag}`];
  const [, secondId] = await seedShowcases([
    { title: first, tags: [tag] },
    { title: second, tags: [tag] },
    { title: `Unsaved ${tag}`, tags: [tag] },
  ]);
  const { user, router } = await renderApp({ path: `/?tag=${tag}`, as: 'guest' });
  const uid = user!.uid;

  await card(first)
    .getByRole('button', { name: `Save “${first}”` })
    .click();
  await expect
    .element(card(first).getByRole('button', { name: `Saved “${first}”` }))
    .toHaveAttribute('aria-pressed', 'true');
  await router.navigate(`/s/${secondId}`);
  await expect.element(screenHeading(second)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.element(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expect.poll(() => getDocument(`users/${uid}/saved/${secondId}`)).toBeDefined();

  await page.getByRole('button', { name: 'Account menu for Guest' }).click();
  await page.getByRole('menuitem', { name: 'Saved' }).click();
  await expect.element(screenHeading('Saved')).toBeVisible();
  await expect.poll(cardTitles).toEqual([second, first]);
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  // Upgrade in place: the same uid, so the same private list.
  await page.getByRole('button', { name: 'Account menu for Guest' }).click();
  await page.getByRole('menuitem', { name: 'Create account' }).click();
  const email = `${uniqueId('saver')}@example.com`;
  await page.getByLabelText('Display name', { exact: true }).fill('Sam Saver');
  await page.getByLabelText('Email', { exact: true }).fill(email);
  await page.getByLabelText('Password', { exact: true }).fill('saver-password-1');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect.poll(() => window.location.pathname).toBe('/saved');
  await expect
    .element(page.getByRole('button', { name: 'Account menu for Sam Saver' }))
    .toBeVisible();
  await expect.poll(cardTitles).toEqual([second, first]);
  expect((await lookupAccount({ uid }))?.email).toBe(email);
});

test("a visitor's Save on a showcase's page, through Continue as guest, saves it and comes back", async () => {
  const title = `Visitor saves ${uniqueTag('vsave')}`;
  const [id] = await seedShowcases([{ title }]);
  await renderApp({ path: `/s/${id}`, as: 'visitor' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => window.location.pathname).toBe('/signin');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect.poll(() => window.location.pathname).toBe(`/s/${id}`);
  await expect.element(screenHeading(title)).toBeVisible();
  // Saved without a second press: the Save pressed as a visitor was kept across sign-in.
  await expect
    .element(page.getByRole('button', { name: 'Saved', exact: true }))
    .toHaveAttribute('aria-pressed', 'true');
  const guest = currentSessionUser();
  expect(guest?.isAnonymous).toBe(true);
  await expect.poll(() => getDocument(`users/${guest!.uid}/saved/${id}`)).toBeDefined();
  await expect.element(page.getByText('Saved. Find it under Saved in your menu.')).toBeVisible();
});

test("a visitor's Save on a card, through signing in, saves that one and returns to the same gallery", async () => {
  const tag = uniqueTag('csave');
  const [meant, other] = [`Meant ${tag}`, `Other ${tag}`];
  const [meantId, otherId] = await seedShowcases([
    { title: meant, tags: [tag] },
    { title: other, tags: [tag] },
  ]);
  const member = await newMember('Cara Carder');
  const gallery = `/?tag=${tag}&sort=liked`;
  await renderApp({ path: gallery, as: 'visitor' });
  await card(meant)
    .getByRole('button', { name: `Save “${meant}”` })
    .click();
  await expect.poll(() => window.location.pathname).toBe('/signin');
  await signInWithForm(member);
  await expect.poll(currentAddress).toBe(gallery);
  await expect
    .element(card(meant).getByRole('button', { name: `Saved “${meant}”` }))
    .toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => getDocument(`users/${member.uid}/saved/${meantId}`)).toBeDefined();
  await expect
    .element(card(other).getByRole('button', { name: `Save “${other}”` }))
    .toHaveAttribute('aria-pressed', 'false');
  expect(await getDocument(`users/${member.uid}/saved/${otherId}`)).toBeUndefined();
});

test('Saved shows 30 at a time, newest saved first, and Load more shows the rest', async () => {
  const tag = uniqueTag('many');
  const titles = Array.from({ length: 32 }, (_, index) => `Saved ${index} ${tag}`);
  const ids = await seedShowcases(titles.map((title) => ({ title, tags: [tag] })));
  const member = await newMember('Sol Saver');
  const now = Date.now();
  // Saved in reverse: the last showcase saved most recently, so it leads the list.
  await setDocuments(
    ids.map((id, index) => ({
      path: `users/${member.uid}/saved/${id}`,
      data: { createdAt: new Date(now - (ids.length - index) * 60_000) },
    })),
  );
  await renderApp({ path: '/saved', as: member });
  const newestSavedFirst = [...titles].reverse();
  await expect.poll(cardTitles).toEqual(newestSavedFirst.slice(0, 30));
  const recorded = recordCardCounts();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(cardTitles).toEqual(newestSavedFirst);
  // The 30 shown stay while the longer list starts: no skeleton in their place.
  recorded.stop();
  expect(recorded.counts().filter((count) => count < 30)).toEqual([]);
  await expect.element(page.getByRole('list', { name: 'More saved showcases' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('Saved says what it is for while empty', async () => {
  await renderApp({ path: '/saved', as: 'member' });
  await expect.element(page.getByRole('heading', { name: 'Nothing saved yet' })).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Browse showcases' })).toBeVisible();
});

test('the welcome screen says what a guest can do', async () => {
  await renderApp({ path: '/welcome', as: 'visitor' });
  await expect
    .element(page.getByText(/Guests can also save showcases to a private list/))
    .toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
});
