// A visitor who opens a members-only screen is sent to /welcome, and signing in from there
// brings them back to it. Alone in its file: the page starts with nobody ever signed in (a user
// who signed out on purpose starts fresh from /welcome instead).
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { currentAddress } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { signInWithForm } from '../../src/testing/sign-in-form';
import { userRecordText } from '../../src/testing/user-record';

test('after sign-in the app returns to the route the visitor first asked for', async () => {
  const member = await newMember();
  await renderApp({ path: '/me' });
  await expect.poll(currentAddress).toBe('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(currentAddress).toBe('/signin');
  await signInWithForm(member);
  await expect.poll(currentAddress).toBe('/me');
  await expect.poll(() => userRecordText('email')).toBe(member.email);
});
