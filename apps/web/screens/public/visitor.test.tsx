// A visitor (signed out) reads everything published: the gallery, a shared showcase link and a
// member's profile open directly, with Sign in in the app bar; drafts and members-only screens
// stay closed, and sign-in brings the visitor back to where they were.
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { setAccountDisabled } from '../../src/testing/auth-emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import type { Account } from '../../src/testing/emulator-rest';
import { seedShowcases, setDocuments, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import {
  card,
  connectionIndicator,
  currentAddress,
  screenHeading,
} from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { signInWithForm } from '../../src/testing/sign-in-form';

const appBarSignIn = () =>
  page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function expectAccessibleInEveryLayout(): Promise<void> {
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
}

/** Once on the sign-in screen, signs in there. */
async function signInThroughTheForm(account: Account): Promise<void> {
  await expect.poll(() => window.location.pathname).toBe('/signin');
  await signInWithForm(account);
}

const firestoreDatabases = async () =>
  (await indexedDB.databases())
    .map((database) => database.name ?? '')
    .filter((name) => name.startsWith('firestore/'));

// First in this file: a signed-in test before it would leave its own (persistent) cache behind.
test('a visitor leaves no Firestore cache in the browser', async () => {
  expect(await firestoreDatabases()).toEqual([]);
  const tag = uniqueTag('cache');
  await seedShowcases([{ title: `Not cached ${tag}`, tags: [tag] }]);
  await renderApp({ path: `/?tag=${tag}` });
  await expect.element(card(`Not cached ${tag}`)).toBeVisible();
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  expect(await firestoreDatabases()).toEqual([]);
});

test('a visitor sees the gallery at / with Sign in in the app bar', async () => {
  const consoleErrors = vi.spyOn(console, 'error');
  const tag = uniqueTag('visit');
  await seedShowcases([{ title: `Open to all ${tag}`, tags: [tag] }]);

  await renderApp({ path: `/?tag=${tag}` });
  await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
  await expect.element(card(`Open to all ${tag}`)).toBeVisible();
  await expect.element(appBarSignIn()).toBeVisible();
  await expect.element(page.getByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  await expectAccessibleInEveryLayout();

  await appBarSignIn().click();
  await expect.poll(() => window.location.pathname).toBe('/signin');
  expect(consoleErrors).not.toHaveBeenCalled();
});

test('a visitor opens a shared showcase link directly, without a sign-in wall', async () => {
  const tag = uniqueTag('shared');
  const title = `Shared link ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 4 }]);

  await renderApp({ path: `/s/${id}` });
  await expect.element(screenHeading(title)).toBeVisible();
  expect(window.location.pathname).toBe(`/s/${id}`);
  await expect.element(page.getByTestId('like-count')).toHaveTextContent('4 likes');
  await expect.element(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
  await expect.element(page.getByText('Sign in to like showcases.')).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  await expect.element(appBarSignIn()).toBeVisible();
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  await expectAccessibleInEveryLayout();
});

test("a visitor opens a member's profile with their published showcases only", async () => {
  const tag = uniqueTag('profile');
  const uid = `visitor-profile-${tag}`;
  const name = `Profile ${tag}`;
  await setDocuments([
    { path: `users/${uid}`, data: { displayName: name, photoURL: null, createdAt: new Date() } },
  ]);
  await seedShowcases([
    { title: `Public work ${tag}`, tags: [tag], ownerUid: uid, ownerName: name },
    { title: `Hidden draft ${tag}`, tags: [tag], ownerUid: uid, ownerName: name, status: 'draft' },
  ]);

  await renderApp({ path: `/u/${uid}` });
  await expect.element(screenHeading(name)).toBeVisible();
  await expect.element(card(`Public work ${tag}`)).toBeVisible();
  await expect.element(card(`Hidden draft ${tag}`)).not.toBeInTheDocument();
  await expectAccessibleInEveryLayout();
});

test("a draft's link shows a visitor the not-found state", async () => {
  const tag = uniqueTag('draft');
  const [id] = await seedShowcases([{ title: `Secret ${tag}`, tags: [tag], status: 'draft' }]);

  await renderApp({ path: `/s/${id}` });
  await expect.element(screenHeading('Showcase not found')).toBeVisible();
  await expect.element(page.getByText(`Secret ${tag}`)).not.toBeInTheDocument();
  await expectAccessibleInEveryLayout();
});

test('/new sends a visitor through /welcome and sign-in, then back to /new', async () => {
  const member = await newMember();
  await renderApp({ path: '/new' });
  await expect.poll(() => window.location.pathname).toBe('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signInThroughTheForm(member);
  await expect.poll(() => window.location.pathname).toBe('/new');
  await expect.element(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
});

test("a visitor's New showcase goes to sign in and then to the form", async () => {
  const member = await newMember();
  await renderApp({ path: '/' });
  await page.getByRole('link', { name: 'New showcase' }).click();
  await signInThroughTheForm(member);
  await expect.poll(() => window.location.pathname).toBe('/new');
  await expect.element(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
});

test('signing out on a public screen starts fresh from /welcome; the screen stays open', async () => {
  const tag = uniqueTag('leave');
  const title = `After sign-out ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  const { router } = await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(title)).toBeVisible();

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect.poll(() => window.location.pathname).toBe('/welcome');

  await router.navigate(`/s/${id}`);
  await expect.element(screenHeading(title)).toBeVisible();
  await expect.element(appBarSignIn()).toBeVisible();
});

test('a session that ends on a public screen says so, and sign-in comes back there', async () => {
  const tag = uniqueTag('ended');
  const title = `Still here ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  const member = await newMember();
  await renderApp({ path: `/s/${id}?from=share`, as: member });
  await expect.element(screenHeading(title)).toBeVisible();

  // The account is disabled on the server; the app finds out when the tab comes back after a
  // while (it re-reads the account then, at most once a minute): a minute on, the tab regains
  // the focus.
  await setAccountDisabled(member.uid, true);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + 61_000);
  window.dispatchEvent(new FocusEvent('focus'));
  await expect.poll(() => window.location.pathname).toBe('/signin');
  await expect.element(page.getByText('Your session ended, please sign in again.')).toBeVisible();
  vi.useRealTimers();

  await setAccountDisabled(member.uid, false);
  await signInThroughTheForm(member);
  await expect.poll(currentAddress).toBe(`/s/${id}?from=share`);
  await expect.element(screenHeading(title)).toBeVisible();
});
