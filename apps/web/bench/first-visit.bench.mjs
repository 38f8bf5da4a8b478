// First visits over a real slow network, for `npm run bench` (`--only first-visit`).
//
// Lighthouse's mobile run simulates throttling from an unthrottled trace. This one throttles for
// real, through DevTools' emulation: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, and the
// CPU slowed 4×. Each visit is cold (a new browser context: no HTTP cache, no service worker, no
// IndexedDB) and signed out, on the built app served as `npm start` serves it, with the demo
// data and its uploaded photos. Pages are interleaved, phone (412 × 823) and desktop
// (1350 × 940), five rounds; each row is the median.
//
// For each visit: FCP and the last LCP entry (read once the screen responds and the page has
// been quiet for a second, so a late re-render would count); when the screen first shows
// content (a heading, a card or a showcase: anything but the loading spinner); and when it
// responds: the app's own element that a visitor acts on is in the page and the first paint is
// gone (a card's link on `/` and `/u/:uid`, Like on `/s/:id`, Sign in on `/welcome`).
// The floor, measured in the same visit, is when the HTML document finished arriving.
/* global document, getComputedStyle, MutationObserver, window -- page scripts */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, buildDemoData, ensureChromium, seedDemoData } from '@showcase/dev-stack';
import { withBenchStack } from './bench-stack.mjs';
import { median } from '../../../packages/emulator/bench/lib/stats.mjs';

export const title = 'First visits over a throttled network (cold, signed out)';
export const scenarios = ['first-visit'];
export const legend =
  'First visits: DevTools network and CPU emulation (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU), cold and signed out, on the built app with the demo data and photos; median of 5 rounds, pages interleaved. "responds": the app\'s own card link, Like or Sign in is in the page and the first paint is gone. Floor: the HTML document received, in the same visit.';
export const peerLabel = 'floor: HTML received (same visit)';
export const ratioLabel = 'ratio';

const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};
const CPU_SLOWDOWN = 4;
const SCREENS = [
  { key: 'phone', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 2.625 },
  { key: 'desktop', viewport: { width: 1350, height: 940 }, isMobile: false, deviceScaleFactor: 1 },
];
const GOALS = { lcp: 2500, content: 2000, responds: 3500 };
/** How long a visit may take before it counts as not responding at all. */
const VISIT_LIMIT_MS = 30_000;

/**
 * Installed before any of the page's scripts: records paint timings and the first moments the
 * screen shows content and responds, on every DOM change (no polling to compete with the page).
 */
function recordVisit({ selector, text }) {
  const visit = { fcp: null, lcp: null, content: null, responds: null };
  window.__firstVisit = visit;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') visit.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    visit.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const check = () => {
    const now = performance.now();
    if (visit.content === null) {
      const app = document.documentElement.classList.contains('first-paint')
        ? document.getElementById('first-paint')
        : document.getElementById('root');
      const shown = app?.querySelectorAll('h1, h2, article, img');
      if (shown && [...shown].some(visible)) visit.content = now;
    }
    if (visit.responds === null && !document.documentElement.classList.contains('first-paint')) {
      const ready = [...document.querySelectorAll(`#root ${selector}`)].some(
        (target) =>
          (text === undefined || target.textContent?.trim() === text) &&
          visible(target) &&
          !target.closest('[inert]'),
      );
      if (ready) visit.responds = now;
    }
    if (visit.content !== null && visit.responds !== null) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  const start = () => {
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class', 'disabled', 'hidden', 'style'],
    });
    check();
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** The newest published demo showcase (the gallery's first card) and its maker. */
function demoTargets(appOrigin) {
  const { showcases } = buildDemoData({ appOrigin, now: new Date() });
  const newest = showcases
    .filter((showcase) => showcase.status === 'published')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!newest) throw new Error('The demo data has no published showcase.');
  return [
    { key: '/', path: '/', responds: { selector: 'article a[href^="/s/"]' } },
    { key: '/s/:id', path: `/s/${newest.id}`, responds: { selector: 'main button', text: 'Like' } },
    {
      key: '/u/:uid',
      path: `/u/${newest.ownerUid}`,
      responds: { selector: 'article a[href^="/s/"]' },
    },
    { key: '/welcome', path: '/welcome', responds: { selector: 'main button', text: 'Sign in' } },
  ];
}

async function visit(browser, appUrl, target, screen) {
  const context = await browser.newContext({
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
    deviceScaleFactor: screen.deviceScaleFactor,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(recordVisit, target.responds);
    await page.goto(`${appUrl}${target.path}`, { waitUntil: 'commit' });
    await page
      .waitForFunction(() => window.__firstVisit?.responds != null, null, {
        timeout: VISIT_LIMIT_MS,
        polling: 100,
      })
      .catch(() => undefined);
    // A last re-render (a new, later LCP) happens at the hand-over or just after it.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return { ...window.__firstVisit, html: navigation?.responseEnd ?? null };
    });
  } finally {
    await context.close();
  }
}

const seconds = (ms) => (ms === null || Number.isNaN(ms) ? 'never' : `${(ms / 1000).toFixed(2)} s`);

function medianOf(visits, key) {
  const values = visits.map((v) => v[key] ?? Number.POSITIVE_INFINITY);
  const value = median(values);
  return Number.isFinite(value) ? value : null;
}

function rowsFrom(results, load) {
  const rows = [];
  for (const { target, screen, visits } of results) {
    const m = Object.fromEntries(
      ['fcp', 'lcp', 'content', 'responds', 'html'].map((key) => [key, medianOf(visits, key)]),
    );
    const misses = [
      m.lcp === null || m.lcp > GOALS.lcp ? 'LCP' : null,
      m.content === null || m.content > GOALS.content ? 'spinner at 2 s' : null,
      m.responds === null || m.responds > GOALS.responds ? 'responds' : null,
    ].filter(Boolean);
    rows.push({
      figure: `${target.key} ${screen.key}: FCP / LCP / content / responds`,
      measured: `${seconds(m.fcp)} / ${seconds(m.lcp)} / ${seconds(m.content)} / ${seconds(m.responds)}`,
      peer: seconds(m.html),
      ratio: m.lcp !== null && m.html ? `LCP ${(m.lcp / m.html).toFixed(1)}× floor` : 'LCP never',
      goal: 'LCP ≤ 2.5 s, content ≤ 2 s, responds ≤ 3.5 s',
      reference: '—',
      note: `${misses.length === 0 ? 'meets all three' : `misses: ${misses.join(', ')}`}; load ${load.start.toFixed(1)}→${load.end.toFixed(1)}`,
    });
  }
  return rows;
}

export async function run({ log, quick = false }) {
  const rounds = quick ? 2 : 5;
  return withBenchStack('first-visit', log, async (stack) => {
    await seedDemoData(stack.client, { appOrigin: stack.appUrl, storageHost: stack.storageHost });
    const targets = demoTargets(stack.appUrl);
    const browser = await chromium.launch({
      executablePath: ensureChromium({ log }).path,
      args: CHROMIUM_ARGS,
    });
    try {
      const start = os.loadavg()[0];
      const results = SCREENS.flatMap((screen) =>
        targets.map((target) => ({ target, screen, visits: [] })),
      );
      for (let round = 1; round <= rounds; round++) {
        log(`first visits: round ${round} of ${rounds}`);
        for (const result of results) {
          result.visits.push(await visit(browser, stack.appUrl, result.target, result.screen));
        }
      }
      return rowsFrom(results, { start, end: os.loadavg()[0] });
    } finally {
      await browser.close();
    }
  });
}
