// The JavaScript each route loads before first paint, as rows of `npm run bench`: a production
// build in a temporary folder, measured by scripts/route-sizes.mjs against its per-route budgets.
// (Latency and Lighthouse have their own modules: write-latency.bench.mjs, lighthouse.bench.mjs.)
//
//   npm run bench -- --only route-sizes
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { measureBuild } from '../scripts/route-sizes.mjs';

const WEB_DIR = path.resolve(import.meta.dirname, '..');

export const title = 'web app: JavaScript per route';

/** A production build in a temporary folder, measured by scripts/route-sizes.mjs. */
function measureRouteSizes(log) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-build-'));
  try {
    const require = createRequire(import.meta.url);
    const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: WEB_DIR, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`Production build failed:\n${build.stderr}`);
    const sizes = measureBuild(outDir);
    log('route sizes: measured a production build');
    return sizes;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** @param {{ log: (message: string) => void }} options */
export async function run({ log }) {
  const sizes = measureRouteSizes(log);
  return sizes.routes.map((size) => ({
    figure: `JS loaded before first paint, ${size.route} (${size.viewer}), gzip`,
    measured: `${size.firstPaintKb} KB${size.overBudget ? ' (over budget)' : ''}`,
    goal: size.budgetKb === null ? '—' : `≤ ${size.budgetKb} KB`,
    reference: '—',
    note: `${size.withLazySlotsKb} KB with the lazy pieces fetched while it paints, ${size.withAuthKb} KB with the Auth SDK; Firestore SDK: ${size.firestore === 'no' ? 'not loaded' : `in ${size.firestore}`}`,
  }));
}
