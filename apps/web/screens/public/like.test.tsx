// Like as a guest: the app asks for an account (keeping the guest session), the guest creates
// one in place (same uid) and comes back to the same showcase, where Like counts.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lookupAccount } from '../../src/testing/auth-emulator-rest';
import { getDocument, seedShowcases, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

test('a guest who likes creates an account (same uid), comes back, and the like counts', async () => {
  const tag = uniqueTag('glike');
  const title = `Guest likes ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);

  const { user } = await renderApp({ path: `/s/${id}`, as: 'guest' });
  const guestUid = user!.uid;
  await expect.element(screenHeading(title)).toBeVisible();
  await expect
    .element(page.getByText('Create an account to like showcases: you keep this guest session.'))
    .toBeVisible();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect.poll(() => window.location.pathname).toBe('/signup');

  const email = `${uniqueId('guest-liker')}@example.com`;
  await page.getByLabelText('Display name', { exact: true }).fill('Former Guest');
  await page.getByLabelText('Email', { exact: true }).fill(email);
  await page.getByLabelText('Password', { exact: true }).fill('guest-liker-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect.poll(() => window.location.pathname).toBe(`/s/${id}`);
  await expect.element(screenHeading(title)).toBeVisible();

  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect.element(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
  await expect.element(page.getByTestId('like-count')).toHaveTextContent('1 like');
  // The like is the guest's own uid's, now an account with that email.
  await expect.poll(() => getDocument(`showcases/${id}/likes/${guestUid}`)).toBeDefined();
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.likeCount).toBe(1);
  expect((await lookupAccount({ uid: guestUid }))?.email).toBe(email);
  await expect
    .element(page.getByRole('button', { name: 'Account menu for Former Guest' }))
    .toBeVisible();
});
