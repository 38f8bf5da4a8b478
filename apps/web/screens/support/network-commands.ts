/**
 * Browser commands that stand between the page and a server, beside commands.ts. They run in the
 * Vitest (Node) process with Playwright's handle on the test file's page, whose routes reach the
 * requests of the file's iframe and no other file's:
 * - requests made to fail as when the network is down (the provider's `network-request-failed`);
 * - interceptions a test starts and always stops in `finally` (the page outlives the file): a
 *   dropped request, a canned Identity Toolkit error, or requests held unanswered until released;
 * - the system clipboard, and the focus a user's click into the page gives.
 */
import type { Page, Route } from 'playwright';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';
import type { Interception } from '../../src/testing/browser-commands-network';
import type { RequestPattern } from '../../src/testing/network';

type Failing = { pattern: RegExp; handler: (route: Route) => void };

const failing = new Map<string, Failing[]>();

function pageOf(context: BrowserCommandContext): Page {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  return context.page;
}

const regexOf = ({ source, flags }: RequestPattern) => new RegExp(source, flags);
const sameRegex = (a: RegExp, b: RegExp) => a.source === b.source && a.flags === b.flags;

/** From now on, requests matching `pattern` fail as when the network is down. */
const failMatchingRequests: BrowserCommand<[pattern: RequestPattern]> = async (
  context,
  pattern,
) => {
  const entry: Failing = {
    pattern: regexOf(pattern),
    handler: (route) => void route.abort('internetdisconnected').catch(() => undefined),
  };
  failing.set(context.sessionId, [...(failing.get(context.sessionId) ?? []), entry]);
  await pageOf(context).route(entry.pattern, entry.handler);
};

/** Requests matching `pattern` reach the server again (all of them: `null`). */
const stopFailingRequests: BrowserCommand<[pattern: RequestPattern | null]> = async (
  context,
  pattern,
) => {
  const entries = failing.get(context.sessionId) ?? [];
  const ending = entries.filter((entry) => !pattern || sameRegex(entry.pattern, regexOf(pattern)));
  failing.set(
    context.sessionId,
    entries.filter((entry) => !ending.includes(entry)),
  );
  for (const entry of ending) await pageOf(context).unroute(entry.pattern, entry.handler);
};

/** Lets the page read and write the system clipboard, as a user's permission would. */
const grantClipboard: BrowserCommand<[]> = async (context) => {
  const page = pageOf(context);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
};

/**
 * The system clipboard's text, read by the top page: the test's iframe may write the clipboard
 * but not read it back.
 */
const clipboardText: BrowserCommand<[]> = async (context) =>
  pageOf(context).evaluate(() => navigator.clipboard.readText());

/**
 * Gives the test's iframe the focus, as a user's click into the page would: the Clipboard API
 * only works in a focused document.
 */
const focusTestFrame: BrowserCommand<[]> = async (context) => {
  const element = await (await context.frame()).frameElement();
  await pageOf(context).bringToFront();
  await element.focus();
};

type Intercepted = { page: Page; pattern: RegExp; handler: (route: Route) => void; held: Route[] };

const intercepted = new Map<string, Intercepted>();
let nextId = 1;

/** The answer the provider gives: HTTP 400 with `{error: {message: "REASON : detail"}}`. */
/** An answer with `status` and a JSON error body, readable by the page across origins. */
async function fulfillWithStatus(route: Route, status: number) {
  const origin = (await route.request().headerValue('origin')) ?? '*';
  await route.fulfill({
    status,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' },
    body: JSON.stringify({ error: { code: status, message: 'Refused by the test.' } }),
  });
}

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
  const page = pageOf(context);
  const pattern = new RegExp(source);
  const held: Route[] = [];
  const handler = (route: Route) => {
    if (how.kind === 'hold') held.push(route);
    else if (how.kind === 'fail') void route.abort('internetdisconnected').catch(() => undefined);
    else if (how.kind === 'status')
      void fulfillWithStatus(route, how.status).catch(() => undefined);
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

export const networkCommands = {
  failMatchingRequests,
  stopFailingRequests,
  grantClipboard,
  clipboardText,
  focusTestFrame,
  interceptRequests,
  stopIntercepting,
};
