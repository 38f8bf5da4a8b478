/**
 * Browser commands beside commands.ts: requests made to fail as when the network is down (the
 * provider's `network-request-failed`), the system clipboard, and the focus a user's click into
 * the page gives. They run in the Vitest (Node) process with Playwright's handle on the test
 * file's page, whose routes reach the requests of the file's iframe and no other file's.
 */
import type { Page, Route } from 'playwright';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';
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

export const networkCommands = {
  failMatchingRequests,
  stopFailingRequests,
  grantClipboard,
  clipboardText,
  focusTestFrame,
};
