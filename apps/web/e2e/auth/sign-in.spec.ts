import type { Page } from '@playwright/test';
import { recordConsoleErrors } from '../support/console';
import { expect, signInAt, test } from '../support/fixtures';
import { userRecordValue } from '../support/profile';
import { SIGN_IN_REQUEST, abortRequests, fulfillWithProviderError } from '../support/routes';

async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('signing out returns to /welcome', async ({ page, member }) => {
  const consoleErrors = recordConsoleErrors(page);
  await signInAt(page, member, '/me');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  // Signed-in screens are closed again.
  await page.goto('/me');
  await expect(page).toHaveURL(/\/welcome/);
  expect(consoleErrors()).toEqual([]);
});

test('a wrong password gets the neutral message and keeps the typed email', async ({
  page,
  member,
}) => {
  await fillSignIn(page, member.email, 'not-the-password');
  await expect(page.getByText(/email or password is incorrect/i).first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page).toHaveURL(/\/signin/);
});

test('an unknown email gets exactly the same message as a wrong password', async ({ page }) => {
  await fillSignIn(page, `nobody-${Date.now()}@example.com`, 'whatever-password');
  await expect(page.getByText(/email or password is incorrect/i).first()).toBeVisible();
});

test('reloading keeps the session without ever showing /welcome', async ({ page, member }) => {
  await signInAt(page, member, '/me');
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();
  // Record every route and whether the welcome screen's content ever rendered during the reload.
  await page.addInitScript(() => {
    const log = { paths: [location.pathname], sawWelcome: false };
    (window as unknown as { __routeLog: typeof log }).__routeLog = log;
    const record = () => log.paths.push(location.pathname);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    addEventListener('popstate', record);
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Continue as guest')) log.sawWelcome = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const consoleErrors = recordConsoleErrors(page);
  await page.reload();
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();
  const log = await page.evaluate(
    () =>
      (window as unknown as { __routeLog: { paths: string[]; sawWelcome: boolean } }).__routeLog,
  );
  expect(log.paths.every((path) => path === '/me')).toBe(true);
  expect(log.sawWelcome).toBe(false);
  await expect(page).toHaveURL(/\/me$/);
  expect(consoleErrors()).toEqual([]);
});

test('a network failure offers Retry, keeps the input, and Retry signs in', async ({
  page,
  member,
}) => {
  const restore = await abortRequests(page, SIGN_IN_REQUEST);
  await fillSignIn(page, member.email, member.password);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByText(/network|couldn.t reach|connection/i).first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(member.password);

  await restore();
  await retry.click();
  await expect(page).not.toHaveURL(/\/(signin|welcome)/);
});

test('throttling by the provider (too-many-requests) says to wait or reset the password', async ({
  page,
  member,
}) => {
  await page.route(SIGN_IN_REQUEST, (route) =>
    fulfillWithProviderError(
      route,
      'TOO_MANY_ATTEMPTS_TRY_LATER',
      'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
    ),
  );
  await fillSignIn(page, member.email, member.password);
  await expect(page.getByText(/too many/i).first()).toBeVisible();
  await expect(page.getByText(/wait|reset/i).first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
});

test('after sign-in the app returns to the route the visitor first asked for', async ({
  page,
  member,
}) => {
  // signInAt opens /me as a visitor, follows the app to /welcome and /signin, and expects /me back.
  await signInAt(page, member, '/me');
  await expect(userRecordValue(page, 'email')).toHaveText(member.email);
});
