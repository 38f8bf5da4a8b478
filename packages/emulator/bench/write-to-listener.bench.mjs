// Write-to-listener latency on loopback with the unmodified browser SDK (goal: p50 < 15 ms):
// a page bundled with Vite runs two Firestore instances in headless Chromium,
// one writing a document and one listening to it, against the built emulator CLI.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage, CHROMIUM, CHROMIUM_FLAGS, serveDirectory } from './lib/browser-page.mjs';
import { spawnEmulator, stopEmulator } from './lib/emulator-process.mjs';
import { PEER_CANNOT } from './lib/rows.mjs';
import { formatMs, median, quantile } from './lib/stats.mjs';

export const title = 'Firestore emulator (browser SDK)';

const WRITES = 60;
const WARM_UP = 10;
const PAGE_SOURCE = fileURLToPath(new URL('./browser-page/', import.meta.url));

export async function run({ root, log }) {
  const figure = 'write-to-listener latency on loopback (browser SDK, p50)';
  if (!existsSync(CHROMIUM)) {
    return [
      {
        figure,
        measured: `not measured: ${CHROMIUM} is missing`,
        peer: PEER_CANNOT.browserSdk,
        goal: '< 15 ms',
        reference: '—',
      },
    ];
  }
  const { chromium } = await import('playwright-core');
  const outDir = mkdtempSync(join(tmpdir(), 'emulator-bench-page-'));
  let emulator;
  let site;
  let browser;
  try {
    log('browser: bundling the page with Vite');
    await buildPage(PAGE_SOURCE, outDir);
    site = await serveDirectory(outDir);
    emulator = await spawnEmulator(join(root, 'packages/emulator/dist/cli.js'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.waitForFunction(() => globalThis.benchReady === true);
    log(`browser: ${WRITES} writes through the page`);
    const latencies = await page.evaluate((options) => globalThis.runBench(options), {
      host: '127.0.0.1',
      port: emulator.port,
      projectId: 'demo-bench',
      writes: WRITES,
    });
    const measured = latencies.slice(WARM_UP);
    return [
      {
        figure,
        measured: `${formatMs(median(measured))} (p90 ${formatMs(quantile(measured, 0.9))})`,
        peer: PEER_CANNOT.browserSdk,
        goal: '< 15 ms',
        reference: '—',
        note: `${measured.length} sequential setDoc calls (after ${WARM_UP} warm-up) in headless Chromium, from the call to the other Firestore instance's onSnapshot in the same page; two app instances, each with its own WebChannel streams; the page is bundled by Vite from bench/browser-page`,
      },
    ];
  } finally {
    await browser?.close();
    site?.close();
    if (emulator) await stopEmulator(emulator.child);
    rmSync(outDir, { recursive: true, force: true });
  }
}
