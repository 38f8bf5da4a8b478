// Creating an account on /signup: a new member lands in the app and /me shows every field of
// the user record; an email already in use says so and offers sign-in; a guest who signs up is
// upgraded in place (same uid), and a guest who picks a taken email stays that guest.
import { nameTermsFor } from '@showcase/schema';
import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { lookupAccount } from '../../src/testing/auth-emulator-rest';
import { getDocument, uniqueId } from '../../src/testing/emulator-rest';
import { currentAddress } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { currentSessionUser } from '../../src/testing/session';
import { USER_RECORD_FIELDS, userRecordTerm, userRecordText } from '../../src/testing/user-record';

const uniqueEmail = (prefix: string) => `${uniqueId(prefix)}@example.com`;

async function submitSignUp(displayName: string, email: string, password: string) {
  await page.getByLabelText('Display name', { exact: true }).fill(displayName);
  await page.getByLabelText('Email', { exact: true }).fill(email);
  await page.getByLabelText('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
}

async function continueAsGuest(): Promise<string> {
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect.poll(currentAddress).not.toMatch(/^\/welcome/);
  await expect.poll(() => currentSessionUser()?.isAnonymous).toBe(true);
  return currentSessionUser()!.uid;
}

test('sign-up lands on the app, creates the public profile, and /me shows every field of the user record', async () => {
  const consoleErrors = vi.spyOn(console, 'error');
  const email = uniqueEmail('signup');
  const { router } = await renderApp({ path: '/welcome' });
  await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
  await expect.poll(currentAddress).toBe('/signup');
  await submitSignUp('Ada Tester', email, 'a-long-password');
  await expect.poll(currentAddress).not.toMatch(/^\/(signup|welcome|signin)/);

  const account = await lookupAccount({ email });
  expect(account?.displayName).toBe('Ada Tester');
  // The signed-in shell writes the new member's public profile, findable by name.
  await expect
    .poll(() => getDocument(`users/${account?.localId}`))
    .toMatchObject({
      displayName: 'Ada Tester',
      photoURL: null,
      nameTerms: nameTermsFor('Ada Tester'),
    });

  await router.navigate('/me');
  await expect.poll(() => userRecordText('uid')).toBe(account?.localId);
  for (const field of USER_RECORD_FIELDS) {
    expect(userRecordTerm(field), `label of ${field}`).toBeVisible();
    expect(userRecordText(field), `value of ${field}`).not.toBe('');
  }
  expect(userRecordText('email')).toBe(email);
  await expect.poll(() => userRecordText('displayName')).toBe('Ada Tester');
  expect(userRecordText('emailVerified')).toBe('No');
  expect(userRecordText('isAnonymous')).toBe('No');
  // Empty fields say what they mean, in words.
  expect(userRecordText('photoURL')).toBe('No photo');
  expect(userRecordText('phoneNumber')).toBe('No phone number');
  expect(userRecordText('tenantId')).toBe('None');
  expect(userRecordText('providerData')).toBe('Email and password');
  // Dates in the user's locale: the year of the account's creation appears.
  const year = String(new Date().getFullYear());
  expect(userRecordText('metadata.createdAt')).toContain(year);
  expect(userRecordText('metadata.lastLoginAt')).toContain(year);
  expect(consoleErrors).not.toHaveBeenCalled();
  consoleErrors.mockRestore();
});

test('an email already in use says so and offers to sign in instead', async () => {
  const existing = await newMember();
  await renderApp({ path: '/signup' });
  await submitSignUp('Second Person', existing.email, 'another-password');

  await expect.element(page.getByText(/already (exists|in use)/i).first()).toBeVisible();
  expect(currentAddress()).toBe('/signup');
  await expect.element(page.getByLabelText('Email', { exact: true })).toHaveValue(existing.email);
  await page.getByRole('main').getByRole('button', { name: 'Sign in instead' }).click();
  await expect.poll(currentAddress).toMatch(/^\/signin/);
  // The sign-in form starts from the email that was typed.
  await expect.element(page.getByLabelText('Email', { exact: true })).toHaveValue(existing.email);
});

test('a guest who creates an account keeps the same uid', async () => {
  const { router } = await renderApp({ path: '/welcome' });
  const guestUid = await continueAsGuest();

  const email = uniqueEmail('upgrade');
  await router.navigate('/signup');
  await submitSignUp('Upgraded Guest', email, 'a-long-password');
  await expect.poll(currentAddress).not.toMatch(/^\/signup/);

  await expect.poll(() => currentSessionUser()?.isAnonymous).toBe(false);
  expect(currentSessionUser()?.uid).toBe(guestUid);
  expect((await lookupAccount({ uid: guestUid }))?.email).toBe(email);
});

test('a guest upgrading with an email that belongs to another account stays the same guest and is told why', async () => {
  const existing = await newMember();
  const { router } = await renderApp({ path: '/welcome' });
  const guestUid = await continueAsGuest();

  await router.navigate('/signup');
  await submitSignUp('Guest Again', existing.email, 'a-long-password');

  await expect.element(page.getByText(/already (exists|in use|belongs)/i).first()).toBeVisible();
  await expect.element(page.getByLabelText('Email', { exact: true })).toHaveValue(existing.email);
  expect(currentSessionUser()).toEqual(
    expect.objectContaining({ uid: guestUid, isAnonymous: true }),
  );
  // The account that owns the email is untouched.
  expect((await lookupAccount({ email: existing.email }))?.localId).toBe(existing.uid);
});
