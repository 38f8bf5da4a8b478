// Resumable upload and download of the same 10 MiB through the unmodified `firebase/storage` SDK,
// in Node (this process) and in headless Chromium, against the emulator's Storage port and
// against a bare Node HTTP server that takes and gives the same bytes in the same chunking (the
// floor). Both servers are spawned the same way and run side by side; each round alternates
// which goes first.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildPage, CHROMIUM, CHROMIUM_FLAGS, serveDirectory } from '../lib/browser-page.mjs';
import {
  spawnBareStorageServer,
  spawnStorageEmulator,
  stopEmulator,
} from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatRatio, median, rotation } from '../lib/stats.mjs';

const BYTES = 10 * 2 ** 20;
const BUCKET = 'demo-bench.appspot.com';
const PAGE_SOURCE = fileURLToPath(new URL('../storage-page/', import.meta.url));

/** The Node SDK, one app per transfer (as a fresh client would), pointed at `port`. */
async function nodeSdk() {
  const { deleteApp, initializeApp } = await import('firebase/app');
  const sdk = await import('firebase/storage');
  let apps = 0;
  const timed = async (port, transfer) => {
    const app = initializeApp({ projectId: 'demo-bench', storageBucket: BUCKET }, `n${apps++}`);
    const storage = sdk.getStorage(app);
    sdk.connectStorageEmulator(storage, '127.0.0.1', port);
    try {
      const started = performance.now();
      await transfer(storage);
      return performance.now() - started;
    } finally {
      await deleteApp(app);
    }
  };
  return {
    upload: (port, path, data) =>
      timed(port, async (storage) => {
        const snapshot = await sdk.uploadBytesResumable(sdk.ref(storage, path), data);
        if (snapshot.totalBytes !== data.length) throw new Error('short upload');
      }),
    download: (port, path) =>
      timed(port, async (storage) => {
        const bytes = await sdk.getBytes(sdk.ref(storage, path));
        if (bytes.byteLength !== BYTES) throw new Error(`downloaded ${bytes.byteLength} bytes`);
      }),
  };
}

/** The browser SDK in a Vite-bundled page (bench/storage-page) in headless Chromium. */
async function browserSdk(log) {
  const { chromium } = await import('playwright-core');
  const outDir = mkdtempSync(join(tmpdir(), 'storage-bench-page-'));
  log('storage: bundling the browser page with Vite');
  await buildPage(PAGE_SOURCE, outDir);
  const site = await serveDirectory(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => globalThis.benchReady === true);
  return {
    upload: (port, path) =>
      page.evaluate((o) => globalThis.uploadOnce(o), { port, bucket: BUCKET, path, bytes: BYTES }),
    download: (port, path) =>
      page.evaluate((o) => globalThis.downloadOnce(o), {
        port,
        bucket: BUCKET,
        path,
        bytes: BYTES,
      }),
    close: async () => {
      await browser.close();
      site.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

const mbPerSecond = (ms) => BYTES / 1e6 / (ms / 1000);

/** One warm-up round, then `runs` rounds alternating ours and the floor: ms per transfer. */
async function race(client, targets, runs, data) {
  const times = { upload: { ours: [], floor: [] }, download: { ours: [], floor: [] } };
  for (let round = -1; round < runs; round++) {
    for (const [key, port] of rotation(targets, Math.max(round, 0))) {
      const path = `bench/${key}-${round + 1}`;
      const up = await client.upload(port, path, data);
      const down = await client.download(port, path);
      if (round >= 0) {
        times.upload[key].push(up);
        times.download[key].push(down);
      }
    }
  }
  return times;
}

function rows(label, times, runs) {
  const rate = (values) => {
    const mb = mbPerSecond(median(values));
    return figure(mb, `${mb.toFixed(0)} MB/s`);
  };
  const all = (values) => values.map((ms) => mbPerSecond(ms).toFixed(0)).join(', ');
  return ['upload', 'download'].map((kind) => {
    const ours = rate(times[kind].ours);
    const floor = rate(times[kind].floor);
    const what =
      kind === 'upload'
        ? '`uploadBytesResumable` of 10 MiB (a start request, then chunks of 256 KiB doubling to 4 MiB, the last 2.25 MiB)'
        : '`getBytes` of the 10 MiB object just uploaded (one GET `?alt=media`)';
    return comparedRow({
      figure:
        kind === 'upload'
          ? `resumable upload of 10 MiB, ${label} SDK`
          : `download of 10 MiB, ${label} SDK`,
      ours,
      peer: floor,
      ratio: `ours ÷ floor ${formatRatio(ours.value, floor.value)}`,
      goal: '≥ 0.7× the floor',
      note: `${what}, median of ${runs} rounds after one warm-up round, alternating which server goes first; MB = 10⁶ bytes, timed from the call to its promise resolving, one new app per transfer. Ours: ${all(times[kind].ours)} MB/s; floor: ${all(times[kind].floor)} MB/s`,
    });
  });
}

export async function measureStorageTransfer({ cli, runs, log }) {
  const data = new Uint8Array(randomBytes(BYTES));
  const ours = await spawnStorageEmulator(cli);
  let floor;
  let browser;
  try {
    floor = await spawnBareStorageServer();
    const targets = [
      ['ours', ours.storagePort],
      ['floor', floor.port],
    ];
    log(`storage: Node SDK, 10 MiB up and down ×${runs + 1}, alternating ours and the floor`);
    const node = await race(await nodeSdk(), targets, runs, data);
    const result = rows('Node', node, runs);
    if (!existsSync(CHROMIUM)) {
      result.push(
        comparedRow({
          figure: 'upload and download 10 MiB, browser SDK',
          ours: `not measured: ${CHROMIUM} is missing`,
          peer: '—',
          goal: '≥ 0.7× the floor',
        }),
      );
      return result;
    }
    browser = await browserSdk(log);
    log(`storage: browser SDK, 10 MiB up and down ×${runs + 1}, alternating ours and the floor`);
    result.push(...rows('browser', await race(browser, targets, runs, data), runs));
    return result;
  } finally {
    await browser?.close();
    await stopEmulator(ours.child);
    if (floor) await stopEmulator(floor.child);
  }
}
