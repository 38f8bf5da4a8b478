// The JavaScript budgets, checked on the build under test (the same chunks as a production
// build: emulator settings live in the Auth chunk), and the check that scripts/route-sizes.mjs
// counts what a browser really fetches before a screen shows.
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { measureRoutes } from '../../scripts/route-sizes.mjs';
import { stack } from '../support/env';
import { expect, test } from '../support/fixtures';

type RouteRow = {
  route: string;
  viewer: string;
  firstPaintKb: number;
  budgetKb: number | null;
  firstPaintFiles: string[];
  lazySlotFiles: string[];
};
type Report = { auth: { files: string[] }; firestore: { files: string[] }; routes: RouteRow[] };

/** route-sizes' figures for the build the stack serves (its manifest and chunks over HTTP). */
async function measureBuild(request: APIRequestContext): Promise<Report> {
  const base = stack().baseUrl;
  const manifest = (await (await request.get(`${base}/.vite/manifest.json`)).json()) as Record<
    string,
    { file: string }
  >;
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const sizes = new Map<string, number>();
  await Promise.all(
    files.map(async (file) => {
      const response = await request.get(`${base}/${file}`);
      expect(response.ok(), file).toBe(true);
      sizes.set(file, gzipSync(await response.body(), { level: 9 }).length);
    }),
  );
  return measureRoutes({ manifest, sizeOf: (file: string) => sizes.get(file) }) as Report;
}

// The served build does not change during the run: every test of this worker shares one
// download and gzip of all its chunks.
let measured: Promise<Report> | undefined;
const measureServedBuild = (request: APIRequestContext) => (measured ??= measureBuild(request));

/** The built files (`assets/…js`) the page fetched before its screen's `h1` appeared. */
async function scriptsBeforeScreen(page: Page, path: string): Promise<string[]> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      // The app's screen, not the first paint's copy of it (drawn on / before any app script).
      const headings = [...document.querySelectorAll('main h1')];
      if (headings.some((heading) => heading.closest('#first-paint') === null)) {
        (window as { screenShownAt?: number }).screenShownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  // The observer's own record, not a visible heading: on a loaded machine the locator can match
  // before the observer has seen the screen's h1, and nothing would count as fetched before it.
  await page.waitForFunction(
    () => (window as { screenShownAt?: number }).screenShownAt !== undefined,
  );
  return page.evaluate(() => {
    const shownAt = (window as { screenShownAt?: number }).screenShownAt!;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < shownAt)
      .map((entry) => new URL(entry.name).pathname.slice(1))
      .filter((file) => /^assets\/.+\.js$/u.test(file));
  });
}

function expectCounted(report: Report, route: string, viewer: string, fetched: string[]): void {
  const row = report.routes.find(
    (candidate) => candidate.route === route && candidate.viewer === viewer,
  );
  if (!row) throw new Error(`route-sizes has no row for ${route} (${viewer})`);
  const counted = new Set([
    ...row.firstPaintFiles,
    ...row.lazySlotFiles,
    ...report.auth.files,
    ...report.firestore.files,
  ]);
  expect(
    fetched.filter((file) => !counted.has(file)),
    'fetched before the screen showed, but counted nowhere',
  ).toEqual([]);
  expect(
    row.firstPaintFiles.filter((file) => file.endsWith('.js') && !fetched.includes(file)),
    'counted for first paint, but not fetched before it',
  ).toEqual([]);
}

// The service worker would answer from its cache; the figures are about the network.
test.use({ serviceWorkers: 'block' });

test('every route keeps its JavaScript budget', async ({ request }) => {
  const report = await measureServedBuild(request);
  const budgeted = report.routes.filter((row) => row.budgetKb !== null);
  expect(budgeted.map((row) => row.route)).toEqual(expect.arrayContaining(['/welcome', '/']));
  for (const row of budgeted) {
    expect
      .soft(row.firstPaintKb, `${row.route} (${row.viewer}), KB gzip before first paint`)
      .toBeLessThanOrEqual(row.budgetKb ?? 0);
  }
});

test('a visitor fetches what route-sizes counts, on /welcome and on the gallery', async ({
  page,
  request,
}) => {
  const report = await measureServedBuild(request);
  expectCounted(report, '/welcome', 'visitor', await scriptsBeforeScreen(page, '/welcome'));
  const fresh = await page.context().newPage();
  expectCounted(report, '/', 'visitor', await scriptsBeforeScreen(fresh, '/'));
});

test('a member fetches what route-sizes counts on the gallery', async ({
  memberPage: page,
  request,
}) => {
  const report = await measureServedBuild(request);
  expectCounted(report, '/', 'member', await scriptsBeforeScreen(page, '/'));
});
