// Signing in and out on /signin: the neutral message for wrong credentials, the provider's
// failures (a lost network offers Retry, throttling says to wait), and signing out closing the
// signed-in screens.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { SIGN_IN_REQUEST, interceptRequests } from '../../src/testing/browser-commands-network';
import { uniqueId } from '../../src/testing/emulator-rest';
import { currentAddress } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

const emailField = () => page.getByLabelText('Email', { exact: true });
const passwordField = () => page.getByLabelText('Password', { exact: true });
const signInButton = () => page.getByRole('button', { name: 'Sign in', exact: true });

let consoleErrors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleErrors = vi.spyOn(console, 'error');
});
afterEach(() => {
  consoleErrors.mockRestore();
});

async function submitSignIn(email: string, password: string) {
  await emailField().fill(email);
  await passwordField().fill(password);
  await signInButton().click();
}

test('signing out returns to /welcome and closes the signed-in screens', async () => {
  const { router } = await renderApp({ path: '/me', as: 'member' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(currentAddress).toBe('/welcome');
  await expect.element(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();

  await router.navigate('/me');
  await expect.poll(currentAddress).toMatch(/^\/welcome/);
  await expect.element(page.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  expect(consoleErrors).not.toHaveBeenCalled();
});

test('a wrong password gets the neutral message and keeps the typed email', async () => {
  const member = await newMember();
  await renderApp({ path: '/signin' });
  await submitSignIn(member.email, 'not-the-password');
  await expect.element(page.getByText(/email or password is incorrect/i)).toBeVisible();
  await expect.element(emailField()).toHaveValue(member.email);
  expect(currentAddress()).toMatch(/^\/signin/);
});

test('an unknown email gets exactly the same message as a wrong password', async () => {
  await renderApp({ path: '/signin' });
  await submitSignIn(`${uniqueId('nobody')}@example.com`, 'whatever-password');
  await expect.element(page.getByText(/email or password is incorrect/i)).toBeVisible();
  await expect.element(page.getByText(/no account|not found/i)).not.toBeInTheDocument();
});

test('a network failure offers Retry, keeps the input, and Retry signs in', async () => {
  const member = await newMember();
  await renderApp({ path: '/signin' });
  const dropped = await interceptRequests(SIGN_IN_REQUEST, { kind: 'fail' });
  try {
    await submitSignIn(member.email, member.password);
    await expect.element(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect.element(page.getByText(/network|couldn.t reach|connection/i)).toBeVisible();
    await expect.element(emailField()).toHaveValue(member.email);
    await expect.element(passwordField()).toHaveValue(member.password);
  } finally {
    await dropped.release();
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(currentAddress).not.toMatch(/^\/(signin|welcome)/);
});

test('throttling by the provider (too-many-requests) says to wait or reset the password', async () => {
  const member = await newMember();
  await renderApp({ path: '/signin' });
  const throttled = await interceptRequests(SIGN_IN_REQUEST, {
    kind: 'authError',
    reason: 'TOO_MANY_ATTEMPTS_TRY_LATER',
    detail:
      'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  });
  try {
    await submitSignIn(member.email, member.password);
    await expect.element(page.getByText(/too many/i)).toBeVisible();
    await expect.element(page.getByText(/wait|reset/i).first()).toBeVisible();
    await expect.element(emailField()).toHaveValue(member.email);
    expect(currentAddress()).toMatch(/^\/signin/);
  } finally {
    await throttled.release();
  }
});
