import { createAccount, lookupAccount, uniqueEmail } from '../support/auth-emulator';
import { recordConsoleErrors } from '../support/console';
import { expect, test } from '../support/fixtures';
import { USER_RECORD_FIELDS, userRecordTerm, userRecordValue } from '../support/profile';
import { persistedUser } from '../support/session';

test('sign-up lands on the app and /me shows every field of the user record', async ({ page }) => {
  const consoleErrors = recordConsoleErrors(page);
  const email = uniqueEmail('signup');
  await page.goto('/welcome');
  await page
    .getByRole('button', { name: 'Create account' })
    .or(page.getByRole('link', { name: 'Create account' }))
    .click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Display name', { exact: true }).fill('Ada Tester');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).not.toHaveURL(/\/(signup|welcome|signin)/);

  const account = await lookupAccount({ email });
  expect(account?.displayName).toBe('Ada Tester');

  await page.goto('/me');
  for (const field of USER_RECORD_FIELDS) {
    await expect(userRecordTerm(page, field), `label of ${field}`).toBeVisible();
    await expect(userRecordValue(page, field), `value of ${field}`).not.toBeEmpty();
  }
  await expect(userRecordValue(page, 'uid')).toHaveText(account!.localId);
  await expect(userRecordValue(page, 'email')).toHaveText(email);
  await expect(userRecordValue(page, 'displayName')).toHaveText('Ada Tester');
  await expect(userRecordValue(page, 'emailVerified')).toHaveText('No');
  await expect(userRecordValue(page, 'isAnonymous')).toHaveText('No');
  // Empty fields say what they mean, in words.
  await expect(userRecordValue(page, 'photoURL')).toHaveText('No photo');
  await expect(userRecordValue(page, 'phoneNumber')).toHaveText('No phone number');
  await expect(userRecordValue(page, 'tenantId')).toHaveText('None');
  await expect(userRecordValue(page, 'providerData')).toHaveText('Email and password');
  // Dates in the user's locale (en-US here): the year of the account's creation appears.
  const year = String(new Date().getFullYear());
  await expect(userRecordValue(page, 'metadata.createdAt')).toContainText(year);
  await expect(userRecordValue(page, 'metadata.lastLoginAt')).toContainText(year);
  expect(consoleErrors()).toEqual([]);
});

test('an email already in use says so and offers to sign in instead', async ({ page }) => {
  const existing = await createAccount();
  await page.goto('/signup');
  await page.getByLabel('Display name', { exact: true }).fill('Second Person');
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page.getByText(/already (exists|in use)/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(existing.email);
  const signInInstead = page
    .getByRole('main')
    .getByRole('link', { name: /sign in/i })
    .or(page.getByRole('main').getByRole('button', { name: /sign in/i }));
  await expect(signInInstead.first()).toBeVisible();
});

test('a guest who creates an account keeps the same uid', async ({ page }) => {
  const consoleErrors = recordConsoleErrors(page);
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  const guest = await persistedUser(page);
  expect(guest?.isAnonymous).toBe(true);

  const email = uniqueEmail('upgrade');
  await page.goto('/signup');
  await page.getByLabel('Display name', { exact: true }).fill('Upgraded Guest');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signup/);

  await expect.poll(async () => (await persistedUser(page))?.isAnonymous).toBe(false);
  const member = await persistedUser(page);
  expect(member?.uid).toBe(guest?.uid);
  expect((await lookupAccount({ uid: guest!.uid }))?.email).toBe(email);
  expect(consoleErrors()).toEqual([]);
});

test('a guest upgrading with an email that belongs to another account stays the same guest and is told why', async ({
  page,
}) => {
  const existing = await createAccount();
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  const guest = await persistedUser(page);

  await page.goto('/signup');
  await page.getByLabel('Display name', { exact: true }).fill('Guest Again');
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page.getByText(/already (exists|in use|belongs)/i).first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(existing.email);
  const still = await persistedUser(page);
  expect(still).toEqual(expect.objectContaining({ uid: guest?.uid, isAnonymous: true }));
});
