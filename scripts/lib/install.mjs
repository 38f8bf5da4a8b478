// "Installs if needed": node_modules missing, or package-lock.json newer than npm's own record of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './emulators.mjs';

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

/** Runs npm ci / npm install in the repository when needed; throws on failure. */
export function installIfNeeded({ log = console.log } = {}) {
  const kind = installNeeded();
  if (!kind) return false;
  log(`Installing dependencies (npm ${kind})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, [kind, '--no-audit', '--no-fund'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`npm ${kind} failed (exit ${result.status ?? result.signal}).`);
  return true;
}
