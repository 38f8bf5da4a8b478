// Write-to-listener latency on loopback with the unmodified browser SDK (goal: p50 < 15 ms):
// a page bundled with Vite runs two Firestore instances in headless Chromium,
// one writing a document and one listening to it, against the built emulator CLI.
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnEmulator, stopEmulator } from './lib/emulator-process.mjs';
import { PEER_CANNOT } from './lib/rows.mjs';
import { formatMs, median, quantile } from './lib/stats.mjs';

export const title = 'Firestore emulator (browser SDK)';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WRITES = 60;
const WARM_UP = 10;
const PAGE_SOURCE = fileURLToPath(new URL('./browser-page/', import.meta.url));

async function buildPage(outDir) {
  const { build } = await import('vite');
  await build({
    root: PAGE_SOURCE,
    logLevel: 'warn',
    configFile: false,
    build: { outDir, emptyOutDir: true, minify: true },
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serveDirectory(dir) {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(dir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    );
  });
}

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
    await buildPage(outDir);
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
