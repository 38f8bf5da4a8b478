/**
 * The shared Playwright fixtures: `test` (with `baseURL` pointed at the run's app and a fresh
 * `member` account per test), and helpers to sign in through the real screens and to open a
 * second, independent browser context for two-user scenarios.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';
import type { Account } from './auth-emulator';
import { createAccount } from './auth-emulator';
import { stack } from './env';

/** Visitor-only routes: being on one of these means the user is not (yet) signed in. */
const VISITOR_ROUTES = /\/(welcome|signin|signup|reset)(\?|$)/;

/** Fills the sign-in form and submits it; resolves once the app has left the visitor screens. */
export async function signInAs(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  path = '/signin',
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(VISITOR_ROUTES);
}

/**
 * Opens `path` as a visitor and signs in from there, expecting to come back to `path`. A
 * members-only path sends the visitor to /welcome, whose **Sign in** leads on; on a screen open
 * to everyone the app bar's **Sign in** does. One page load fewer than signing in and then
 * navigating, and it exercises the return-to-route mechanism on the way.
 */
export async function signInAt(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  path: string,
): Promise<void> {
  await page.goto(path);
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Sign in', exact: true })
    .or(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin/);
  await signInAs(page, account);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** A fresh account signed in on `page` (lands on the app's home unless `path` says otherwise). */
export async function signInNewMember(
  page: Page,
  options: Partial<Omit<Account, 'uid'>> = {},
): Promise<Account> {
  const account = await createAccount(options);
  await signInAs(page, account);
  return account;
}

/**
 * Another browser (own storage, own SDK instance, own cache) on the run's app. Its service worker
 * is blocked as in each test's own context (playwright.config.ts): no spec about the worker opens
 * a second browser.
 */
export function newBrowserContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack().baseUrl, serviceWorkers: 'block' });
}

export type OtherUser = { context: BrowserContext; page: Page; account: Account };

/**
 * A second user in an independent browser context (own storage, own SDK instance, own cache),
 * already signed in with a fresh account. Close it with `other.context.close()` (the fixture
 * `otherMember` does that for you).
 */
export async function openOtherMember(
  browser: Browser,
  options: Partial<Omit<Account, 'uid'>> = {},
): Promise<OtherUser> {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  const account = await signInNewMember(page, options);
  return { context, page, account };
}

type Fixtures = {
  /** A fresh email/password account (created through the API, not yet signed in). */
  member: Account;
  /** `page` already signed in as `member`. */
  memberPage: Page;
  /** A second signed-in user in its own browser context. */
  otherMember: OtherUser;
};

// Playwright reads each fixture's first parameter to find its dependencies; `{}` means none.
/* eslint-disable no-empty-pattern */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(stack().baseUrl);
  },
  member: async ({}, use) => {
    await use(await createAccount());
  },
  memberPage: async ({ page, member }, use) => {
    await signInAs(page, member);
    await use(page);
  },
  otherMember: async ({ browser }, use) => {
    const other = await openOtherMember(browser);
    await use(other);
    await other.context.close();
  },
});
/* eslint-enable no-empty-pattern */

export { expect };
