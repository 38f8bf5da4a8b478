// The web app's rows of `npm run bench`: write-to-other-client latency between two browser
// contexts through the emulator, and the gzip JS each route loads first. (Lighthouse has its own
// module, lighthouse.bench.mjs.)
//
//   npm run bench (scripts/bench.mjs runs web.bench.mjs), or on its own:
//   node apps/web/bench/web-bench.mjs [--writes=60] [--json]
/* global window, document, MutationObserver -- used inside page scripts */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  RULES_FILE,
  ensureChromium,
  freeStackPorts,
  seedDemoData,
  startStack,
} from '@showcase/dev-stack';
import { quantile } from '../../../packages/emulator/bench/lib/stats.mjs';

const WEB_DIR = path.resolve(import.meta.dirname, '..');

async function createAccount(client, displayName) {
  const email = `bench-${randomUUID().slice(0, 10)}@example.com`;
  const password = `pw-${randomUUID().slice(0, 10)}`;
  await client.signUp({ email, password, displayName });
  return { email, password };
}

async function signIn(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !/\/(welcome|signin)/.test(url.pathname), { timeout: 30_000 });
}

/**
 * A clicks Like/Unlike; B (another browser context, its own SDK and cache) watches the count.
 * Latency = B's DOM change − A's click, both on the shared monotonic clock of one browser
 * (`performance.timeOrigin + performance.now()`). Each write is confirmed before the next.
 */
async function measureLatency(browser, stack, writes, log) {
  const showcaseId = `bench-${randomUUID().slice(0, 12)}`;
  const at = new Date();
  await stack.client.commit([
    {
      path: `showcases/${showcaseId}`,
      data: {
        title: 'Latency probe',
        description: 'Liked and unliked by the bench.',
        url: 'https://example.com/bench',
        tags: ['bench'],
        status: 'published',
        ownerUid: 'bench-owner',
        ownerName: 'Bench',
        createdAt: at,
        updatedAt: at,
        likeCount: 0,
      },
    },
  ]);
  const [writer, watcher] = await Promise.all([
    createAccount(stack.client, 'Bench Writer'),
    createAccount(stack.client, 'Bench Watcher'),
  ]);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all([signIn(a, stack.appUrl, writer), signIn(b, stack.appUrl, watcher)]);
    await Promise.all([
      a.goto(`${stack.appUrl}/s/${showcaseId}`),
      b.goto(`${stack.appUrl}/s/${showcaseId}`),
    ]);
    await b.getByTestId('like-count').waitFor();
    await b.evaluate(() => {
      const count = document.querySelector('[data-testid="like-count"]');
      window.__likeChanges = [];
      new MutationObserver(() =>
        window.__likeChanges.push([performance.timeOrigin + performance.now(), count.textContent]),
      ).observe(count, { childList: true, characterData: true, subtree: true });
    });

    const samples = [];
    const warmUp = 3;
    for (let index = 0; index < writes + warmUp; index += 1) {
      const expected = index % 2 === 0 ? '1 like' : '0 likes';
      // The button is ready and A's previous write is confirmed (no pending marker).
      await a.waitForFunction(
        () => {
          const button = [...document.querySelectorAll('button')].find((element) =>
            /^(Like|Unlike)$/.test(element.textContent ?? ''),
          );
          return (
            button !== undefined &&
            !button.disabled &&
            document.querySelector('[data-testid="pending-chip"]') === null
          );
        },
        null,
        { timeout: 30_000 },
      );
      const clickedAt = await a.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((element) =>
          /^(Like|Unlike)$/.test(element.textContent ?? ''),
        );
        const now = performance.timeOrigin + performance.now();
        button.click();
        return now;
      });
      await b.waitForFunction(
        (text) => document.querySelector('[data-testid="like-count"]')?.textContent === text,
        expected,
        { timeout: 30_000 },
      );
      const seenAt = await b.evaluate(
        ([text, after]) =>
          window.__likeChanges.find(([time, value]) => value === text && time >= after)?.[0],
        [expected, clickedAt],
      );
      if (index >= warmUp && seenAt !== undefined) samples.push(seenAt - clickedAt);
    }
    log(`latency: ${samples.length} writes measured`);
    return samples;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/** A production build in a temporary folder, measured by scripts/route-sizes.mjs. */
function measureRouteSizes(log) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-build-'));
  try {
    const require = createRequire(import.meta.url);
    const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: WEB_DIR,
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`Production build failed:\n${build.stderr}`);
    const sizes = spawnSync(
      process.execPath,
      [path.join(WEB_DIR, 'scripts/route-sizes.mjs'), '--json', `--dist=${outDir}`],
      {
        encoding: 'utf8',
      },
    );
    if (sizes.status !== 0) throw new Error(`route-sizes failed:\n${sizes.stderr}`);
    log('route sizes: measured a production build');
    return JSON.parse(sizes.stdout);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Runs everything and returns the rows for the bench table:
 * `{ figure, measured, goal, reference, note }` as scripts/bench.mjs prints them.
 */
export async function runWebBench({ log = console.log, writes = 60 } = {}) {
  const sizes = measureRouteSizes(log);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-stack-'));
  const running = startStack({
    ports: await freeStackPorts(),
    logDir: path.join(runDir, 'logs'),
    workDir: runDir,
    web: 'test-build',
    rulesFile: RULES_FILE,
    onUnexpectedExit: log,
  });
  const stack = await running.ready;
  log(`stack ready: app ${stack.appUrl} (logs in ${path.join(runDir, 'logs')})`);
  const browser = await chromium.launch({
    executablePath: ensureChromium({ log }).path,
    args: CHROMIUM_ARGS,
  });
  try {
    await seedDemoData(stack.client, { appOrigin: stack.appUrl });
    const latencies = await measureLatency(browser, stack, writes, log);
    const rows = [
      {
        figure: `write-to-other-client latency, browser A → emulator → browser B, p50 (${latencies.length} likes)`,
        measured: `${round(quantile(latencies, 0.5))} ms`,
        goal: '—',
        reference: '—',
        note: 'click in A to the count changing in B, two browser contexts',
      },
      {
        figure: `write-to-other-client latency, p95 (${latencies.length} likes)`,
        measured: `${round(quantile(latencies, 0.95))} ms`,
        goal: '—',
        reference: '—',
        note: 'same run',
      },
    ];
    for (const [route, size] of Object.entries(sizes.routes)) {
      rows.push({
        figure: `JS loaded first for ${route}, gzip`,
        measured: `${size.firstRouteGzipKb} KB`,
        goal: '—',
        reference: '—',
        note: `+ ${round(size.withStartupGzipKb - size.firstRouteGzipKb)} KB Auth SDK after first paint; Firestore SDK ${size.firestore ? 'included' : 'not loaded'}`,
      });
    }
    return { rows };
  } finally {
    await browser.close();
    await running.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

function printTable(rows) {
  const widths = ['figure', 'measured', 'note'].map((key) =>
    Math.max(key.length, ...rows.map((row) => String(row[key]).length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' | ')} |`;
  console.log(line(['figure', 'measured', 'note']));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line([row.figure, row.measured, row.note]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) =>
    Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const { rows } = await runWebBench({
    writes: arg('writes', 60),
    log: (line) => console.error(line),
  });
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else printTable(rows);
}
