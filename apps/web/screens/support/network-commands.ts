/**
 * Browser commands for what the network does to a screen: hold matching requests until the test
 * lets them through (to see a screen while it waits, without racing it), make them fail at the
 * network level (the provider's `network-request-failed`), and grant the clipboard permission.
 * They run in the Vitest (Node) process with Playwright's handle on the test file's page, whose
 * routes reach the requests of the file's iframe and no other file's.
 */
import type { Frame, Page, Route } from 'playwright';
import type { BrowserCommand } from 'vitest/node';
import type { RequestPattern } from '../../src/testing/network';

type Routing = { handler: (route: Route) => void; held: Route[] };

const routings = new WeakMap<Page, Map<string, Routing>>();

function pageOf(context: Parameters<BrowserCommand>[0]): Page {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  return (context as unknown as { page: Page }).page;
}

function routingsOf(page: Page): Map<string, Routing> {
  let found = routings.get(page);
  if (!found) routings.set(page, (found = new Map()));
  return found;
}

const keyOf = ({ source, flags }: RequestPattern) => JSON.stringify({ source, flags });
const regexOf = ({ source, flags }: RequestPattern) => new RegExp(source, flags);

async function routeRequests(page: Page, pattern: RequestPattern, routing: Routing) {
  const key = keyOf(pattern);
  if (routingsOf(page).has(key)) throw new Error(`Requests to ${key} are already routed.`);
  routingsOf(page).set(key, routing);
  await page.route(regexOf(pattern), routing.handler);
}

/** From now on, matching requests wait (no answer, the connection open) until released. */
const holdRequests: BrowserCommand<[pattern: RequestPattern]> = async (context, pattern) => {
  const held: Route[] = [];
  await routeRequests(pageOf(context), pattern, {
    held,
    handler: (route) => void held.push(route),
  });
};

/** How many matching requests are waiting now (so a test can wait for the one it holds). */
const heldRequestCount: BrowserCommand<[pattern: RequestPattern]> = async (context, pattern) =>
  routingsOf(pageOf(context)).get(keyOf(pattern))?.held.length ?? 0;

/** From now on, matching requests fail as when the network is down. */
const failRequests: BrowserCommand<[pattern: RequestPattern]> = async (context, pattern) => {
  await routeRequests(pageOf(context), pattern, {
    held: [],
    handler: (route) => void route.abort('internetdisconnected').catch(() => undefined),
  });
};

/** Ends a hold or a failure: held requests go on to the server, later ones go straight there. */
const releaseRequests: BrowserCommand<[pattern: RequestPattern]> = async (context, pattern) => {
  const page = pageOf(context);
  const routing = routingsOf(page).get(keyOf(pattern));
  if (!routing) return;
  routingsOf(page).delete(keyOf(pattern));
  await page.unroute(regexOf(pattern), routing.handler);
  // A request the page gave up on meanwhile can no longer be continued; that is fine.
  await Promise.all(routing.held.map((route) => route.continue().catch(() => undefined)));
};

/**
 * Gives the test's iframe the focus, as a user's click into the page would: the Clipboard API
 * and autofocus only work in a focused document.
 */
const focusTestFrame: BrowserCommand<[]> = async (context) => {
  const frame = await (context as unknown as { frame: () => Promise<Frame> }).frame();
  const element = await frame.frameElement();
  await pageOf(context).bringToFront();
  await element.focus();
};

/** Lets the page read and write the system clipboard, as a user's permission would. */
const grantClipboard: BrowserCommand<[]> = async (context) => {
  const page = pageOf(context);
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
};

/**
 * The system clipboard's text, read by the top page: the test's iframe may write the clipboard
 * but not read it back.
 */
const clipboardText: BrowserCommand<[]> = async (context) =>
  pageOf(context).evaluate(() => navigator.clipboard.readText());

/** Ends every hold and failure of the page (after each test, whatever it left). */
const releaseAllRequests: BrowserCommand<[]> = async (context) => {
  const page = pageOf(context);
  for (const [key, routing] of [...routingsOf(page)]) {
    routingsOf(page).delete(key);
    await page.unroute(regexOf(JSON.parse(key) as RequestPattern), routing.handler);
    await Promise.all(routing.held.map((route) => route.continue().catch(() => undefined)));
  }
};

export const networkCommands = {
  releaseAllRequests,
  holdRequests,
  heldRequestCount,
  failRequests,
  releaseRequests,
  grantClipboard,
  clipboardText,
  focusTestFrame,
};
