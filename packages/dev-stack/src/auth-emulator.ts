// firebase-tools' Auth emulator: the one part of the stack that runs as a child process (it is
// firebase-tools' CLI), on an internal port, behind the offline Google sign-in proxy that runs in
// this process on the public Auth port.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startAuthEmulatorProxy } from './auth-emulator-proxy.js';
import { tail } from './logs.js';
import { PROJECT_ID } from './paths.js';
import { findFreePort } from './ports.js';

export type AuthEmulatorOptions = {
  /** The public port (the proxy). */
  port: number;
  hubPort: number;
  loggingPort: number;
  /** Holds the generated firebase.json and firebase-tools' temp files (its hub locator). */
  workDir: string;
  logFile: string;
  /** The child exited without being asked to; gets a message with the end of its log. */
  onUnexpectedExit?: (message: string) => void;
  /** Aborting stops the emulator, also while it is still starting. */
  signal?: AbortSignal;
};
export type Service = { close: () => Promise<void> };
export type AuthEmulator = Service & { url: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    // EPERM: a process exists that we may not signal, so the group is still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeConfig(workDir: string, ports: { auth: number; hub: number; logging: number }) {
  fs.mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, 'firebase.json');
  const at = (port: number) => ({ host: '127.0.0.1', port });
  const emulators = {
    auth: at(ports.auth),
    ui: { enabled: false },
    hub: at(ports.hub),
    logging: at(ports.logging),
    singleProjectMode: true,
  };
  fs.writeFileSync(file, `${JSON.stringify({ emulators }, null, 2)}\n`);
  return file;
}

/** Polls until `url` answers below HTTP 500; fails as soon as `exited` settles or time runs out. */
async function waitForHttp(url: string, exited: Promise<string>, timeoutMs: number, label: string) {
  let exit: string | undefined;
  void exited.then((how) => (exit = how));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`${label} stopped (${exit}) before it was ready.`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 599,
    );
    if (status < 500) return;
    await sleep(150);
  }
  throw new Error(`${label} was not ready within ${Math.round(timeoutMs / 1000)} s.`);
}

/**
 * Starts the Auth emulator and its proxy; resolves once both answer. `onSpawn` receives the child
 * at once, so a caller can kill it even while it is starting.
 */
export async function startAuthEmulator(
  options: AuthEmulatorOptions,
  onSpawn: (child: ChildProcess) => void = () => {},
): Promise<AuthEmulator> {
  const internalPort = await findFreePort();
  const config = writeConfig(options.workDir, {
    auth: internalPort,
    hub: options.hubPort,
    logging: options.loggingPort,
  });
  const require = createRequire(import.meta.url);
  // The compiled preload in dist/, also when this module runs from src/ (the package's tests).
  const watchdog = pathToFileURL(
    path.join(import.meta.dirname, '..', 'dist', 'exit-with-parent.js'),
  ).href;
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config];
  const log = fs.openSync(options.logFile, 'w');
  // Its own process group, so Ctrl-C in the terminal reaches only us and we stop it as a whole.
  const child = spawn(
    process.execPath,
    ['--import', watchdog, require.resolve('firebase-tools/lib/bin/firebase.js'), ...args],
    {
      cwd: options.workDir,
      detached: true,
      stdio: ['pipe', log, log],
      // CI=true: no message-of-the-day fetch from firebaseio.com; loopback only.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: 'true', TMPDIR: options.workDir },
    },
  );
  fs.closeSync(log);
  onSpawn(child);
  let stopping = false;
  const exited = new Promise<string>((resolve) => {
    child.on('error', (error) => resolve(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => resolve(signal ?? `exit code ${code}`));
  });
  void exited.then((how) => {
    if (!stopping)
      options.onUnexpectedExit?.(
        `The Auth emulator stopped unexpectedly (${how}). Last lines of ${path.relative(process.cwd(), options.logFile)}:\n${tail(options.logFile)}`,
      );
  });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      const pgid = child.pid;
      if (!pgid) return;
      signalGroup(pgid, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      // Whatever is left of the group (firebase-tools may have helpers) goes now.
      if (signalGroup(pgid, 0)) signalGroup(pgid, 'SIGKILL');
      while (signalGroup(pgid, 0)) await sleep(20);
    })());
  options.signal?.addEventListener('abort', () => void stop());

  try {
    await waitForHttp(`http://127.0.0.1:${internalPort}/`, exited, 90_000, 'The Auth emulator');
    const proxy = await startAuthEmulatorProxy({ port: options.port, upstreamPort: internalPort });
    return { url: proxy.url, close: async () => void (await Promise.all([proxy.close(), stop()])) };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Kills a child's whole process group at once (the second Ctrl-C). */
export function killGroup(child: ChildProcess | undefined): void {
  if (child?.pid) signalGroup(child.pid, 'SIGKILL');
}
