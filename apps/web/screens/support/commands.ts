/**
 * Browser commands: what a screen test asks of the browser that a page cannot do to itself. They
 * run in the Vitest (Node) process with Playwright's handle on the test's page; state is kept
 * per session (one page, whose test files run one after another).
 */
import type { Page, Request, Route } from 'playwright';
import { defaultClientConditions } from 'vite';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';
import type { ColorScheme } from '../../src/testing/browser-commands';
import { renderFirstPaintTemplates } from '../../vite-plugins/first-paint.ts';
import { SOURCE_CONDITION } from '../../vite.config.ts';

function playwrightPage(context: BrowserCommandContext): Page {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  return context.page;
}

/** Sets `prefers-color-scheme` for the page (the theme follows it, as it follows the system). */
const setColorScheme: BrowserCommand<[scheme: ColorScheme]> = async (context, scheme) => {
  await playwrightPage(context).emulateMedia({ colorScheme: scheme });
};

type Recorder = { bodies: string[]; stop: () => void };
const recorders = new Map<string, Recorder>();

/** From now on, notes the body of every request whose URL matches `pattern` (a RegExp source). */
const recordRequests: BrowserCommand<[pattern: string]> = (context, pattern) => {
  const page = playwrightPage(context);
  recorders.get(context.sessionId)?.stop();
  const matches = new RegExp(pattern);
  const bodies: string[] = [];
  const onRequest = (request: Request) => {
    if (matches.test(request.url())) bodies.push(request.postData() ?? '');
  };
  page.on('request', onRequest);
  recorders.set(context.sessionId, { bodies, stop: () => page.off('request', onRequest) });
};

/** The bodies recorded so far (URL-encoded, as sent). */
const recordedRequests: BrowserCommand<[]> = (context) => [
  ...(recorders.get(context.sessionId)?.bodies ?? []),
];

type Hold = { pattern: RegExp; routes: Route[]; handler: (route: Route) => void };
const holds = new Map<string, Hold>();

/** Holds every request whose URL matches `pattern` unanswered until `releaseRequests`. */
const holdRequests: BrowserCommand<[pattern: string]> = async (context, pattern) => {
  const page = playwrightPage(context);
  const routes: Route[] = [];
  const hold: Hold = {
    pattern: new RegExp(pattern),
    routes,
    handler: (route) => routes.push(route),
  };
  holds.set(context.sessionId, hold);
  await page.route(hold.pattern, hold.handler);
};

/** How many requests are being held. */
const heldRequests: BrowserCommand<[]> = (context) =>
  holds.get(context.sessionId)?.routes.length ?? 0;

/** Lets the held requests (and any later ones) through. */
const releaseRequests: BrowserCommand<[]> = async (context) => {
  const hold = holds.get(context.sessionId);
  if (!hold) return;
  holds.delete(context.sessionId);
  await playwrightPage(context).unroute(hold.pattern, hold.handler);
  // A request the page gave up on meanwhile can no longer be continued; that is fine.
  await Promise.all(hold.routes.map((route) => route.continue().catch(() => undefined)));
};

/**
 * After each test: no recording, nothing held, and the pointer parked in the page's top-left
 * corner, where it hovers nothing (the next test or file runs in the same page, and a pointer
 * left over a button would open its tooltip there).
 */
const resetBrowser: BrowserCommand<[]> = async (context) => {
  recorders.get(context.sessionId)?.stop();
  recorders.delete(context.sessionId);
  await releaseRequests(context);
  await playwrightPage(context).mouse.move(0, 0);
};

let templates: Promise<string> | null = null;

/**
 * The first paint's templates file as the build renders it (same function, same
 * sources), once per run.
 */
const firstPaintTemplates: BrowserCommand<[]> = () => {
  templates ??= renderFirstPaintTemplates({
    mode: 'test',
    conditions: [SOURCE_CONDITION, ...defaultClientConditions],
  });
  return templates;
};

export const screenCommands = {
  firstPaintTemplates,
  setColorScheme,
  recordRequests,
  recordedRequests,
  holdRequests,
  heldRequests,
  releaseRequests,
  resetBrowser,
};
