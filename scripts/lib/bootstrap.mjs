// The first step of `npm start`, `npm test` and `npm run bench`, in plain Node because the
// workspace packages may not be installed or built yet: install dependencies when needed
// (node_modules missing, or package-lock.json newer than npm's record of the last install), then
// bring the built packages up to date (`npm run build:packages`, an incremental `tsc -b`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Which install is needed: 'ci' (no node_modules), 'install' (lock changed since), or undefined. */
export function installNeeded(root = REPO_ROOT) {
  const installed = mtime(path.join(root, 'node_modules/.package-lock.json'));
  const lock = mtime(path.join(root, 'package-lock.json'));
  if (!fs.existsSync(path.join(root, 'node_modules')) || installed === undefined)
    return lock === undefined ? 'install' : 'ci';
  if (lock !== undefined && lock > installed) return 'install';
  return undefined;
}

function npm(args, failure) {
  const result = spawnSync(NPM, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${failure} (exit ${result.status ?? result.signal}).`);
}

/** Installs when needed and builds what is stale; throws a one-line Error on failure. */
export function prepareRepository({ log = console.log } = {}) {
  const kind = installNeeded();
  if (kind) {
    log(`Installing dependencies (npm ${kind})…`);
    npm([kind, '--no-audit', '--no-fund'], `npm ${kind} failed`);
  }
  npm(['run', 'build:packages', '--silent'], 'Building the workspace packages failed');
}
