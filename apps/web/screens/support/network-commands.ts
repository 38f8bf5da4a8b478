/**
 * Browser commands that stand between the page and a server: they run in Node with Playwright's
 * handle on the test's page, whose routes see every request of the test's iframe. A test makes the
 * provider fail on demand (a dropped request, a canned Identity Toolkit error) or holds requests
 * unanswered until it releases them, and always releases in `finally` (the page outlives the file).
 */
import type { Page, Route } from 'playwright';
import type { BrowserCommand } from 'vitest/node';
import type { Interception } from '../../src/testing/browser-commands-network';

type Intercepted = { page: Page; pattern: RegExp; handler: (route: Route) => void; held: Route[] };

const intercepted = new Map<string, Intercepted>();
let nextId = 1;

/** The answer the provider gives: HTTP 400 with `{error: {message: "REASON : detail"}}`. */
async function fulfillWithProviderError(route: Route, reason: string, detail?: string) {
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

/** Starts intercepting requests whose URL matches `source` (a RegExp source); returns its id. */
const interceptRequests: BrowserCommand<[source: string, how: Interception]> = async (
  context,
  source,
  how,
) => {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  const { page } = context;
  const pattern = new RegExp(source);
  const held: Route[] = [];
  const handler = (route: Route) => {
    if (how.kind === 'hold') held.push(route);
    else if (how.kind === 'fail') void route.abort('internetdisconnected').catch(() => undefined);
    else void fulfillWithProviderError(route, how.reason, how.detail).catch(() => undefined);
  };
  await page.route(pattern, handler);
  const id = String(nextId++);
  intercepted.set(id, { page, pattern, handler, held });
  return id;
};

/** Stops intercepting; held requests go on to the server (or fail, if the page gave up on them). */
const stopIntercepting: BrowserCommand<[id: string]> = async (_context, id) => {
  const found = intercepted.get(id);
  if (!found) return;
  intercepted.delete(id);
  await found.page.unroute(found.pattern, found.handler);
  await Promise.all(found.held.map((route) => route.continue().catch(() => undefined)));
};

export const networkCommands = { interceptRequests, stopIntercepting };
