// Spawning the built emulator CLI as its own process, timing how soon its port accepts, and
// asking it for its resident memory and CPU time (`usage-probe.mjs`, preloaded into it).
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sleep } from './stats.mjs';

const USAGE_PROBE = new URL('./usage-probe.mjs', import.meta.url).href;

/** A port that was free a moment ago (the OS picks it, then it is released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to the port succeeds now. */
export function canConnect(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Spawns `node cli.js --port P` and resolves once a TCP connection to P succeeds, with the time
 * from spawn to that connection and to the ready line.
 */
export async function spawnEmulator(cliPath, { port, args = [], timeoutMs = 20_000 } = {}) {
  const chosen = port ?? (await freePort());
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', USAGE_PROBE, cliPath, '--port', String(chosen), ...args],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  let readyMs;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    output += text;
    if (readyMs === undefined && output.includes('Firestore emulator ready at')) {
      readyMs = performance.now() - started;
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    output += text;
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  let acceptMs;
  while (acceptMs === undefined) {
    if (exited) throw new Error(`the emulator exited before accepting:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the emulator did not accept within ${timeoutMs} ms:\n${output}`);
    }
    if (await canConnect(chosen)) acceptMs = performance.now() - started;
    else await sleep(1);
  }
  const { cpuMs } = await processUsage(child);
  while (readyMs === undefined && !exited && performance.now() - started < timeoutMs)
    await sleep(1);
  return {
    child,
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    acceptMs,
    readyMs,
    cpuMs,
    output: () => output,
  };
}

/** Stops a spawned emulator with SIGTERM (SIGKILL after 5 s) and waits for its exit. */
export async function stopEmulator(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size (MiB) and CPU time used so far (user + system, ms) of a spawned emulator. */
export function processUsage(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the emulator did not report its usage')),
      5_000,
    );
    child.once('message', ({ rssBytes, cpuMicros }) => {
      clearTimeout(timer);
      resolve({ rssMiB: rssBytes / 1024 / 1024, cpuMs: cpuMicros / 1000 });
    });
    child.send('usage');
  });
}

/** Resident set size of a spawned emulator in MiB. */
export async function rssMiB(child) {
  return (await processUsage(child)).rssMiB;
}
