/**
 * `npm start` itself, as a newcomer runs it (`node scripts/start.mjs`): on free ports, with its
 * logs and builds in this run's folder instead of the repository's `.data/`, stopped with
 * SIGTERM like Ctrl-C.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { EmulatorClient, REPO_ROOT, freeStackPorts } from '@showcase/dev-stack';

export type NpmStart = {
  /** The address `npm start` printed. */
  appUrl: string;
  /** Its emulators as the owner (rules bypassed): what the server really holds. */
  client: EmulatorClient;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

const READY = /Showcase is running at (http:\/\/\S+)/;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startNpmStart(dataDir: string, timeoutMs: number): Promise<NpmStart> {
  const ports = await freeStackPorts();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SHOWCASE_WEB_PORT: String(ports.web),
      SHOWCASE_AUTH_PORT: String(ports.auth),
      SHOWCASE_FIRESTORE_PORT: String(ports.firestore),
      SHOWCASE_STORAGE_PORT: String(ports.storage),
      SHOWCASE_HUB_PORT: String(ports.hub),
      SHOWCASE_LOGGING_PORT: String(ports.logging),
      SHOWCASE_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited(child);
    clearTimeout(killer);
  };

  const appUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start was not ready within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = () => {
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended (${code ?? signal}) before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const client = new EmulatorClient({
    authUrl: `http://127.0.0.1:${ports.auth}`,
    firestoreUrl: `http://127.0.0.1:${ports.firestore}`,
  });
  return { appUrl, client, output: () => output, stop };
}
