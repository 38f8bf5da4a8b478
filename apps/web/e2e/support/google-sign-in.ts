/**
 * Google sign-in against the Auth emulator, offline.
 *
 * The Auth SDK's popup and redirect flows talk to the emulator through a hidden iframe
 * (`/emulator/auth/iframe`), and both the SDK and that iframe page load Google's iframe-messaging
 * library from https://apis.google.com/js/api.js. There is no internet here, so a small
 * implementation of the part of `gapi.iframes` both sides use (open, ping, register, send,
 * getParentIframe) over postMessage stands in for it (packages/dev-stack/static/gapi-standin.js). As under
 * `npm start`, the e2e stack's Auth emulator sits behind a proxy that serves the stand-in at
 * /__showcase/gapi.js and points the emulator's pages at it, and the app loads it from there
 * before a popup or redirect. The SDK, the emulator's iframe page, its sign-in page and the
 * popup/redirect flows are the real ones; only the unreachable CDN script is replaced.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { GAPI_STANDIN_FILE, GAPI_STANDIN_PATH } from '@showcase/dev-stack';

/** The gapi stand-in, shared with the Auth emulator proxy (one source of truth). */
const GAPI_SCRIPT = fs.readFileSync(GAPI_STANDIN_FILE, 'utf8');

/** Hosts the emulator's sign-in page links to (fonts, a CSS kit): unreachable here, so fail fast. */
const OFFLINE_ASSETS = /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//;

/**
 * Records every request of `context` (pages, popups, iframes) for Google's script or its local
 * stand-in: the app must ask for neither before the user chooses Google sign-in, and with the
 * Auth emulator proxy in place nothing should reach for Google's CDN at all. Should something
 * still ask the CDN, it gets the same stand-in, so the assertions (not a hang) report it.
 */
export async function serveGoogleScripts(
  context: BrowserContext,
): Promise<{ requested: () => string[] }> {
  const requested: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === GAPI_STANDIN_PATH) requested.push(request.url());
  });
  await context.route(OFFLINE_ASSETS, (route) => route.abort('internetdisconnected'));
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_SCRIPT });
  });
  return { requested: () => [...requested] };
}

/**
 * On the Auth emulator's own sign-in page (popup or redirect), adds a new Google account with
 * the given email and display name and submits it.
 */
export async function completeEmulatorGoogleSignIn(
  page: Page,
  { email, displayName }: { email: string; displayName: string },
): Promise<void> {
  await expect(page).toHaveURL(/\/emulator\/auth\/handler/);
  await page.getByText('Add new account').click();
  await page.locator('#email-input').fill(email);
  await page.locator('#display-name-input').fill(displayName);
  await page.locator('#sign-in').click();
}
