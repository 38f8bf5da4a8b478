import { lookupAccount, uniqueEmail } from '../support/auth-emulator';
import { expect, test } from '../support/fixtures';
import { completeEmulatorGoogleSignIn, serveGoogleScripts } from '../support/google-sign-in';
import { userRecordValue } from '../support/profile';
import { persistedUser } from '../support/session';

test('Google sign-in by popup through the Auth emulator page', async ({ page, context }) => {
  const google = await serveGoogleScripts(context);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // Nothing of Google's loads before the user asks for Google sign-in.
  expect(google.requested()).toEqual([]);
  expect(page.frames().filter((frame) => frame.url().includes('/emulator/auth/iframe'))).toEqual(
    [],
  );

  const email = uniqueEmail('google');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await completeEmulatorGoogleSignIn(popup, { email, displayName: 'Grace Popup' });
  await popup.waitForEvent('close');

  await expect(page).not.toHaveURL(/\/(signin|welcome)/);
  const user = await persistedUser(page);
  const record = await lookupAccount({ email });
  expect(record?.providerUserInfo?.map((p) => p.providerId)).toContain('google.com');
  expect(user?.uid).toBe(record?.localId);
  // Offline all the way: the app and the emulator's pages used the proxy's stand-in, never the CDN.
  expect(google.requested().length).toBeGreaterThan(0);
  expect(google.requested().filter((url) => url.startsWith('https://apis.google.com/'))).toEqual(
    [],
  );
  await page.goto('/me');
  await expect(userRecordValue(page, 'providerData')).toContainText(/google/i);
  await expect(userRecordValue(page, 'email')).toHaveText(email);
});

test('a blocked popup falls back to the redirect flow', async ({ page, context }) => {
  await serveGoogleScripts(context);
  // A browser that blocks pop-ups: window.open returns null, which the SDK reports as popup-blocked.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/signin');
  const email = uniqueEmail('redirect');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await completeEmulatorGoogleSignIn(page, { email, displayName: 'Grace Redirect' });

  await expect(page).not.toHaveURL(/\/(signin|welcome)|\/emulator\//, { timeout: 20_000 });
  const record = await lookupAccount({ email });
  expect(record?.providerUserInfo?.map((p) => p.providerId)).toContain('google.com');
  await expect.poll(async () => (await persistedUser(page))?.uid).toBe(record?.localId);
});

test('closing the Google popup is a quiet cancel', async ({ page, context }) => {
  await serveGoogleScripts(context);
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill('kept@example.com');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.close();
  // No alarming error: the form is still there with what was typed, and no error alert is shown.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('kept@example.com');
  await expect(page.getByRole('alert').filter({ hasText: /error|failed|went wrong/i })).toHaveCount(
    0,
  );
});
