/**
 * Intercepting the SDKs' requests to the emulators, to produce the provider's failures on
 * demand: an aborted request (network-request-failed), a canned error body (throttling, expiry),
 * or a Firestore server that does not answer.
 */
import type { Page, Route } from '@playwright/test';

/** The ID-token refresh request. */
export const TOKEN_REFRESH_REQUEST = /\/securetoken\.googleapis\.com\/v1\/token/;

/**
 * Answers with an Identity Toolkit error body, as the provider does: HTTP 400 and
 * `{error: {code, message: "REASON : detail", errors: [...]}}`, with the CORS header the
 * cross-origin request needs.
 */
export async function fulfillWithProviderError(
  route: Route,
  reason: string,
  detail?: string,
): Promise<void> {
  const message = detail ? `${reason} : ${detail}` : reason;
  const origin = (await route.request().headerValue('origin')) ?? '*';
  await route.fulfill({
    status: 400,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' },
    body: JSON.stringify({
      error: {
        code: 400,
        message,
        errors: [{ message, domain: 'global', reason: 'invalid' }],
        status: 'INVALID_ARGUMENT',
      },
    }),
  });
}

/** Makes every matching request fail at the network level until `unroute` is called. */
export async function abortRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const handler = (route: Route) => route.abort('internetdisconnected');
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Every request of the SDK's Firestore streams (WebChannel: Listen and Write). */
export const FIRESTORE_CHANNELS = /google\.firestore\.v1\.Firestore/;

/** The first paint's REST reads (src/first-paint/), made before the SDK has loaded. */
export const FIRESTORE_REST_READS = /\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents[/:]/;

/**
 * A frozen server: from now on the page's Firestore requests (the SDK's streams and the first
 * paint's REST reads) reach nothing and get no answer (the connection stays open, as with a
 * stopped process). The result lets them through.
 */
export async function freezeFirestore(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  const firestore = (url: URL) =>
    FIRESTORE_CHANNELS.test(url.href) || FIRESTORE_REST_READS.test(url.pathname);
  await page.route(firestore, (route) => {
    held.push(route);
  });
  return async () => {
    await page.unroute(firestore);
    // A request the page gave up on meanwhile can no longer be continued; that is fine.
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  };
}
