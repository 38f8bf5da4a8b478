// Like as a visitor or a guest: the app asks them to sign in (a guest: to create an account,
// keeping the guest session) and brings them back to the same showcase, where Like works.
import { LAYOUTS } from '../support/axe';
import { expect, signInAs, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { seedShowcases, uniqueTag } from '../support/gallery';
import { persistedUser } from '../support/session';
import { uniqueEmail } from '../support/auth-emulator';

for (const variant of LAYOUTS) {
  test.describe(`Like (${variant.name})`, () => {
    test.use({ viewport: variant.viewport });

    test('as a visitor: sign in, back on the same showcase, and the like counts', async ({
      page,
      member,
    }) => {
      const tag = uniqueTag('vlike');
      const title = `Like me ${tag}`;
      const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 2 }]);

      await page.goto(`/s/${id}?from=share`);
      await page.getByRole('button', { name: 'Like', exact: true }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await signInAs(page, member);
      await expect(page).toHaveURL(
        (url) => `${url.pathname}${url.search}` === `/s/${id}?from=share`,
      );
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      await page.getByRole('button', { name: 'Like', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
      await expect(page.getByTestId('like-count')).toHaveText('3 likes');
      await expect.poll(async () => (await getDocument(`showcases/${id}`))?.data.likeCount).toBe(3);
      expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
    });
  });
}

test('as a guest: create an account (same uid), back on the same showcase, and the like counts', async ({
  page,
}) => {
  const tag = uniqueTag('glike');
  const title = `Guest likes ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);

  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  const guest = await persistedUser(page);
  expect(guest?.isAnonymous).toBe(true);

  await page.goto(`/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByText('Create an account to like showcases: you keep this guest session.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Display name', { exact: true }).fill('Former Guest');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('guest-liker'));
  await page.getByLabel('Password', { exact: true }).fill('guest-liker-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
  await expect(page.getByTestId('like-count')).toHaveText('1 like');
  const upgraded = await persistedUser(page);
  expect(upgraded).toMatchObject({ uid: guest?.uid, isAnonymous: false });
  await expect.poll(() => getDocument(`showcases/${id}/likes/${guest?.uid}`)).toBeDefined();
});
