// The end-to-end stack: Auth and Firestore emulators on free ports, the app built once with
// `vite build --mode test` pointing at them, served by `vite preview`. Started by Playwright's
// global setup (apps/web/e2e/support/global-setup.ts) and stopped by its teardown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PROJECT_ID,
  REPO_ROOT,
  RULES_FILE,
  firestoreEmulatorBuildIsStale,
  startFirestoreEmulator,
  startProxiedAuthEmulator,
} from './emulators.mjs';
import { findFreePorts } from './ports.mjs';
import { Supervisor, killLeftoverGroups } from './processes.mjs';
import { buildWebForTest, startVitePreview } from './web.mjs';
import { timed } from './wait.mjs';

export const E2E_DIR = path.join(REPO_ROOT, '.data/e2e');
/** Command-line fragments of what the stack starts (see killLeftoverGroups). */
const STACK_COMMANDS = [
  'firebase-tools/lib/bin/firebase.js',
  'packages/emulator/dist/cli.js',
  'vite/bin/vite.js',
];
const RUN_PREFIX = 'run-';

function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs may overlap (several people or agents testing at once), so each one has its own directory
 * named after the process that owns it. A directory whose owner is gone belongs to a run that was
 * killed before its teardown: stop what it left running and remove it. Returns what was stopped.
 */
export function cleanUpAbandonedRuns() {
  const stopped = [];
  if (!fs.existsSync(E2E_DIR)) return stopped;
  for (const entry of fs.readdirSync(E2E_DIR)) {
    if (!entry.startsWith(RUN_PREFIX)) continue;
    const owner = Number(entry.slice(RUN_PREFIX.length));
    if (!Number.isInteger(owner) || owner === process.pid || processIsAlive(owner)) continue;
    const runDir = path.join(E2E_DIR, entry);
    stopped.push(...killLeftoverGroups(path.join(runDir, 'processes.json'), STACK_COMMANDS));
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  return stopped;
}

/**
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ baseUrl: string, authUrl: string, firestoreHost: string, firestoreUrl: string, projectId: string, logDir: string, stop: () => Promise<void> }>}
 */
export async function startE2eStack({ log = console.log } = {}) {
  const started = performance.now();
  const leftovers = cleanUpAbandonedRuns();
  if (leftovers.length > 0) log(`Stopped leftovers of an earlier e2e run: ${leftovers.join(', ')}`);
  const runDir = path.join(E2E_DIR, `${RUN_PREFIX}${process.pid}`);
  const logDir = path.join(runDir, 'logs');
  if (firestoreEmulatorBuildIsStale()) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'packages/emulator', '--silent'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('Building the Firestore emulator failed.');
  }
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-e2e-'));
  const outDir = path.join(runDir, 'web-dist');
  const [authPort, hubPort, loggingPort, firestorePort, webPort] = await findFreePorts(5);
  const authUrl = `http://127.0.0.1:${authPort}`;
  const firestoreHost = `127.0.0.1:${firestorePort}`;
  const supervisor = new Supervisor({ logDir, pidFile: path.join(runDir, 'processes.json') });
  /** The Auth emulator's offline Google sign-in proxy, in this process (as under `npm start`). */
  let authProxy;
  const stop = async () => {
    await Promise.all([supervisor.stopAll(), authProxy?.close()]);
    fs.rmSync(tmpDir, { recursive: true, force: true });
    // Keep the logs for a look after the run; the next run removes this directory.
    fs.rmSync(outDir, { recursive: true, force: true });
  };
  try {
    const [, , [, buildSeconds]] = await Promise.all([
      startProxiedAuthEmulator(supervisor, {
        configDir: tmpDir,
        authPort,
        hubPort,
        loggingPort,
        tmpDir,
      }).then((auth) => {
        authProxy = auth.proxy;
      }),
      startFirestoreEmulator(supervisor, { port: firestorePort, rulesFile: RULES_FILE }),
      timed(() =>
        buildWebForTest({
          outDir,
          authUrl,
          firestoreHost,
          logFile: path.join(logDir, 'web-build.log'),
        }),
      ),
    ]);
    const web = await startVitePreview(supervisor, { port: webPort, outDir });
    const total = (performance.now() - started) / 1000;
    log(
      `e2e stack ready in ${total.toFixed(1)} s (app build ${buildSeconds.toFixed(1)} s): app ${web.url}, Auth ${authUrl}, Firestore ${firestoreHost}`,
    );
    return {
      baseUrl: web.url,
      authUrl,
      firestoreHost,
      firestoreUrl: `http://${firestoreHost}`,
      projectId: PROJECT_ID,
      logDir,
      stop,
    };
  } catch (error) {
    for (const name of ['auth-emulator', 'firestore-emulator', 'web-preview']) {
      const tail = supervisor.tail(name, 10);
      if (tail) log(`--- ${name} ---\n${tail}`);
    }
    log(`Full logs: ${path.relative(process.cwd(), logDir)}`);
    await stop();
    throw error;
  }
}
