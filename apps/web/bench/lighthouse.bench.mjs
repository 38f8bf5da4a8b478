// Lighthouse itself, for `npm run bench` (`--only lighthouse` runs it alone; `--only
// lighthouse-home` one page, `--only lighthouse-home-mobile` one page on one form factor).
//
// Lighthouse 12.8 through its Node API on the test build served by the local stack, driving
// Debian's Chromium through Puppeteer: `/welcome` and a published demo showcase with uploaded
// raster images (the demo photos, in the Storage emulator, as `npm start` seeds them) signed out, `/` signed in as a demo member with the demo data. The showcase is audited through
// firebase.json's preview rewrite (its data inlined, no REST read) and, in a second stack without
// the rewrite, as before link previews (`lighthouse-showcase-before-*`). Mobile is Lighthouse's default
// (a Moto G Power on slow 4G, simulated throttling); desktop is its desktop config. Each page
// and form factor runs three times and the row is the median run as Lighthouse's own
// `computeMedianRun` picks it (nearest the median FCP and TTI).
//
// Signed in: Lighthouse's storage reset would sign the member out, so those runs keep storage
// (`disableStorageReset`) and this module clears everything else itself before each run (HTTP
// cache, service workers, Cache Storage, Firestore's IndexedDB cache), so each run starts as a
// returning member's cold visit. Signed-out runs start from an empty origin. The Firestore
// Listen stream never goes quiet, so Lighthouse would wait its whole 45 s load window on every
// page that shows data; the window is bounded instead (the pages load in a second or two;
// Lantern's estimate comes from the trace it has).
//
// SHOWCASE_LIGHTHOUSE_REPORTS=<folder> also saves each row's median run there as Lighthouse's
// HTML report and JSON result (`<page>-<form factor>.report.{html,json}`), for its diagnostics.
/* global document, indexedDB, location -- used inside page scripts */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, generateReport } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import {
  CHROMIUM_ARGS,
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  buildDemoData,
  ensureChromium,
  seedDemoData,
} from '@showcase/dev-stack';
import { withBenchStack } from './bench-stack.mjs';
import { MOBILE_BUDGET, formatGoal, formatSummary, summarize } from './lighthouse-summary.mjs';

export const title = 'Lighthouse 12.8 (test build)';

/** `ready` is a selector the page shows once it has its content (checked after every run). */
const PAGES = [
  { key: 'welcome', label: '/welcome, signed out', signedIn: false, ready: 'h1' },
  {
    key: 'showcase',
    label: 'a public showcase, signed out, through the preview rewrite',
    signedIn: false,
    ready: 'article h1',
    mobileBudget: MOBILE_BUDGET,
  },
  {
    // The same page without the link-preview function (before it: index.html and a REST read),
    // in a stack of its own.
    key: 'showcase-before',
    label: 'the same showcase without the rewrite (before previews)',
    signedIn: false,
    ready: 'article h1',
    mobileBudget: MOBILE_BUDGET,
    previews: false,
  },
  {
    key: 'home',
    label: '/ signed in, demo data',
    signedIn: true,
    ready: 'article',
    mobileBudget: MOBILE_BUDGET,
  },
];
const FORM_FACTORS = ['mobile', 'desktop'];

export const scenarios = PAGES.flatMap((page) =>
  FORM_FACTORS.map((formFactor) => `lighthouse-${page.key}-${formFactor}`),
);

/** Long enough for the pages (a second or two here); bounds the wait for a quiet network. */
const LOAD_WINDOW_MS = 10_000;
const LOAD_WINDOW_WARNING = /loaded too slowly to finish within the time limit/;

export const legend = `Lighthouse: its Node API in Debian's Chromium through Puppeteer, on the \`vite build --mode test\` app with the demo data. Mobile = Lighthouse's defaults (simulated throttling: slow 4G, 4× CPU); desktop = its desktop config. Each row is the median of the runs by Lighthouse's \`computeMedianRun\`. The Listen stream never goes quiet, so Lighthouse's wait for a quiet network is bounded at ${LOAD_WINDOW_MS / 1000} s.`;

/** The newest published demo showcase with uploaded images: the first card of the gallery. */
function publicShowcasePath(appOrigin, storageHost) {
  const { showcases } = buildDemoData({ appOrigin, now: new Date(), photos: { storageHost } });
  const candidates = showcases
    .filter((showcase) => showcase.status === 'published' && (showcase.images?.length ?? 0) > 0)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  if (candidates.length === 0)
    throw new Error('The demo data has no published showcase with uploaded images.');
  return `/s/${candidates[0].id}`;
}

async function signIn(page, appOrigin, { email, password }) {
  await page.goto(`${appOrigin}/signin`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname === '/');
  await page.waitForSelector('[aria-label^="Account menu for"]');
}

/**
 * What a run must not inherit from the previous one. Signed out: all of the origin's storage
 * (Lighthouse would clear it too, but first warn that it found some). Signed in: all but Auth's
 * IndexedDB, which Lighthouse leaves alone with `disableStorageReset`.
 */
async function clearBeforeRun(previous, appOrigin, { signedIn }) {
  // A fresh tab on a static file of the origin, and the old tab closed: no app code holds a
  // database open, not even a page kept in the old tab's back-forward cache, which would leave
  // deleting Firestore's database waiting.
  const page = await openTab(previous.browser());
  await previous.close();
  await page.goto(`${appOrigin}/pwa-192.png`);
  if (signedIn) await deleteFirestoreCaches(page);
  const session = await page.createCDPSession();
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin: appOrigin,
      storageTypes: signedIn ? 'service_workers,cache_storage' : 'all',
    });
  } finally {
    await session.detach();
  }
  return page;
}

async function openTab(browser) {
  const page = await browser.newPage();
  // A step that hangs (a busy machine, a page that never shows what is awaited) fails the
  // module with its reason instead of stalling the bench.
  page.setDefaultTimeout(60_000);
  return page;
}

async function deleteFirestoreCaches(page) {
  await page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('firestore/')) continue;
      await new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        const timer = setTimeout(
          () => reject(new Error(`deleting ${name} took over 20 s`)),
          20_000,
        );
        request.onsuccess = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
        request.onerror = () => reject(new Error(`could not delete ${name}`));
        request.onblocked = () => reject(new Error(`${name} is still open elsewhere`));
      });
    }
  });
}

/** One Lighthouse run; throws unless it audited the page it was sent to, with its content. */
async function audit(page, url, { formFactor, signedIn, ready }) {
  const flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    maxWaitForLoad: LOAD_WINDOW_MS,
    disableStorageReset: signedIn,
  };
  const result = await lighthouse(
    url,
    flags,
    formFactor === 'desktop' ? desktopConfig : undefined,
    page,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    throw new Error(
      `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  if (lhr.finalDisplayedUrl !== url) {
    throw new Error(`Lighthouse was sent to ${url} but audited ${lhr.finalDisplayedUrl}`);
  }
  const shown = await page.evaluate(
    (selector) => ({
      content: document.querySelector(selector) !== null,
      member: document.querySelector('[aria-label^="Account menu for"]') !== null,
      heading: document.querySelector('h1')?.textContent ?? document.title,
    }),
    ready,
  );
  if (!shown.content) {
    throw new Error(
      `${url} showed no "${ready}" after the Lighthouse run (its heading: "${shown.heading}")`,
    );
  }
  if (shown.member !== signedIn) {
    throw new Error(`${url} was audited ${shown.member ? 'signed in' : 'signed out'}`);
  }
  return lhr;
}

/** The median run's report and result, when SHOWCASE_LIGHTHOUSE_REPORTS names a folder. */
function saveReport(name, lhr, log) {
  const folder = process.env.SHOWCASE_LIGHTHOUSE_REPORTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${name}.report.html`), generateReport(lhr, 'html'));
  fs.writeFileSync(path.join(folder, `${name}.report.json`), JSON.stringify(lhr));
  log(`saved ${path.join(folder, `${name}.report.{html,json}`)}`);
}

function row(page, formFactor, median, lhrs) {
  const summary = summarize(median);
  const budget = formFactor === 'mobile' ? page.mobileBudget : undefined;
  const performances = lhrs.map((lhr) => summarize(lhr).scores.performance).join(', ');
  const warnings = [
    ...new Set(
      lhrs.flatMap((lhr) => lhr.runWarnings).filter((text) => !LOAD_WINDOW_WARNING.test(text)),
    ),
  ];
  return {
    figure: `${formFactor}, ${page.label}`,
    measured: formatSummary(summary),
    goal: formatGoal(summary, budget),
    reference: '—',
    note: [
      `median of ${lhrs.length} run${lhrs.length === 1 ? '' : 's'} (performance ${performances})`,
      ...warnings.map((text) => `Lighthouse warned: ${text}`),
    ].join('; '),
  };
}

/** @param {{ log: (message: string) => void, selected: (name: string) => boolean, quick: boolean }} options */
export async function run({ log, selected, quick }) {
  const runs = quick ? 1 : 3;
  const wanted = PAGES.flatMap((page) =>
    FORM_FACTORS.filter((formFactor) => selected(`lighthouse-${page.key}-${formFactor}`)).map(
      (formFactor) => ({ page, formFactor }),
    ),
  );
  // Pages with the preview rewrites (all but the "before" one), then those without, each group
  // in a stack of its own.
  const rows = [];
  for (const previews of [true, false]) {
    const group = wanted.filter(({ page }) => (page.previews ?? true) === previews);
    if (group.length === 0) continue;
    rows.push(
      ...(await withBenchStack(
        previews ? 'lighthouse' : 'lighthouse-before',
        log,
        (stack) => auditPages(stack, group, { log, runs }),
        { previews },
      )),
    );
  }
  return rows;
}

async function auditPages(stack, wanted, { log, runs }) {
  let browser;
  try {
    // Raster covers, as members upload them: the photos go into the Storage emulator.
    await seedDemoData(stack.client, { appOrigin: stack.appUrl, storageHost: stack.storageHost });
    const showcase = publicShowcasePath(stack.appUrl, stack.storageHost);
    const paths = { welcome: '/welcome', showcase, 'showcase-before': showcase, home: '/' };
    browser = await puppeteer.launch({
      executablePath: ensureChromium({ log }).path,
      args: CHROMIUM_ARGS,
      // Lighthouse sets each form factor's screen itself.
      defaultViewport: null,
    });
    let page = await openTab(browser);
    const rows = [];
    let signedIn = false;
    // Signed-out pages first: their storage reset would sign the member out.
    for (const { page: target, formFactor } of wanted) {
      if (target.signedIn && !signedIn) {
        const member = { email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD };
        await signIn(page, stack.appUrl, member);
        log(`signed in as ${member.email}`);
        signedIn = true;
      }
      const url = `${stack.appUrl}${paths[target.key]}`;
      // One request first, as any earlier visitor would have made: the preview handler's Admin
      // SDK starts on its first request (its cold start is the previews bench's figure).
      await (await fetch(url)).text();
      const lhrs = [];
      for (let index = 0; index < runs; index += 1) {
        page = await clearBeforeRun(page, stack.appUrl, target);
        const lhr = await audit(page, url, { ...target, formFactor });
        log(
          `${formFactor} ${target.key} ${paths[target.key]} run ${index + 1}: ${formatSummary(summarize(lhr))}`,
        );
        lhrs.push(lhr);
      }
      const median = computeMedianRun(lhrs);
      saveReport(`${target.key}-${formFactor}`, median, log);
      rows.push(row(target, formFactor, median, lhrs));
    }
    return rows;
  } finally {
    await browser?.close();
  }
}
