// Finding a Chromium for Playwright without ever downloading one: CHROME_PATH, Debian's package,
// then a Playwright-managed browser; where none exists but apt-get may run, install Debian's chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as PlaywrightCore from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags every run uses: no sandbox (containers, root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'No Chromium found. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where Playwright would keep its own Chromium, if one was ever installed (never downloaded here). */
function playwrightManagedChromium(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as typeof PlaywrightCore;
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export type FoundChromium = { path: string; source: string };

/** The first Chromium that exists, in the documented order, or undefined. */
export function findChromium({
  env = process.env,
  exists = isExecutable,
  managed = playwrightManagedChromium,
}: {
  env?: NodeJS.ProcessEnv;
  exists?: (file: string) => boolean;
  managed?: () => string | undefined;
} = {}): FoundChromium | undefined {
  if (env.CHROME_PATH) {
    if (exists(env.CHROME_PATH)) return { path: env.CHROME_PATH, source: 'CHROME_PATH' };
    throw new Error(`CHROME_PATH=${env.CHROME_PATH} is not an executable file.`);
  }
  if (exists(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'Debian package' };
  const managedPath = managed();
  if (managedPath && exists(managedPath))
    return { path: managedPath, source: 'Playwright-managed' };
  return undefined;
}

/** The command prefix that can run apt-get here (root, or passwordless sudo), or undefined. */
function aptRunner(): string[] | undefined {
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!hasApt) return undefined;
  if (process.getuid?.() === 0) return [];
  const sudoOk = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  return sudoOk ? ['sudo', '-n'] : undefined;
}

/**
 * A Chromium path, installing Debian's package when none exists and apt-get may run.
 * Throws an Error whose message is one line the user can act on.
 */
export function ensureChromium({ log = console.log } = {}): FoundChromium {
  const found = findChromium();
  if (found) return found;
  const runner = aptRunner();
  if (!runner) throw new Error(INSTALL_HINT);
  log("No Chromium found; installing Debian's chromium package with apt-get…");
  const run = (args: string[]) => {
    const [command = '', ...rest] = [...runner, ...args];
    execFileSync(command, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  try {
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  } catch {
    throw new Error(`Installing chromium with apt-get failed. ${INSTALL_HINT}`);
  }
  const installed = findChromium();
  if (!installed) throw new Error(INSTALL_HINT);
  return installed;
}
