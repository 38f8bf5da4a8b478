// The web app under Vite: the dev server for `npm start`, and a test build served by `vite preview`
// for the end-to-end run. Emulator addresses reach the app as VITE_* variables.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './emulators.mjs';
import { waitForHttp } from './wait.mjs';

export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const require = createRequire(import.meta.url);

function viteBin() {
  return path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
}

/** Environment that points the app at the emulators (real env beats .env files in Vite). */
export function emulatorEnv({ authUrl, firestoreHost }) {
  return {
    ...process.env,
    VITE_AUTH_EMULATOR_URL: authUrl,
    VITE_FIRESTORE_EMULATOR_HOST: firestoreHost,
    FORCE_COLOR: '0',
  };
}

/**
 * Starts the Vite dev server on 127.0.0.1:port (strict: fails rather than moving to another port).
 * @param {import('./processes.mjs').Supervisor} supervisor
 */
export async function startViteDev(supervisor, { port, authUrl, firestoreHost, onExit }) {
  const child = supervisor.spawn(
    'web',
    process.execPath,
    [viteBin(), '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: WEB_DIR,
      env: emulatorEnv({ authUrl, firestoreHost }),
      onExit,
    },
  );
  await waitForHttp(`http://127.0.0.1:${port}/`, {
    timeoutMs: 60_000,
    child,
    label: 'The web app (Vite)',
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * `vite build --mode test` into outDir, with the emulator addresses baked in. Resolves when done;
 * rejects with the build's last lines on failure.
 */
export function buildWebForTest({ outDir, authUrl, firestoreHost, logFile }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: 'w' });
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin(), 'build', '--mode', 'test', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: WEB_DIR,
        env: emulatorEnv({ authUrl, firestoreHost }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      log.end();
      if (code === 0) return resolve();
      const tail = fs.existsSync(logFile)
        ? fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-20).join('\n')
        : '';
      reject(new Error(`vite build --mode test failed (exit ${code}):\n${tail}`));
    });
  });
}

/**
 * Serves a built app with `vite preview` on 127.0.0.1:port.
 * @param {import('./processes.mjs').Supervisor} supervisor
 */
export async function startVitePreview(supervisor, { port, outDir, onExit }) {
  const child = supervisor.spawn(
    'web-preview',
    process.execPath,
    [
      viteBin(),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      outDir,
    ],
    { cwd: WEB_DIR, env: { ...process.env, FORCE_COLOR: '0' }, onExit },
  );
  await waitForHttp(`http://127.0.0.1:${port}/`, {
    timeoutMs: 30_000,
    child,
    label: 'vite preview',
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
