// Spawning a server as its own process (the built emulator CLI, the peer emulator, or a bare
// listener), timing how soon its port accepts, and asking it for its resident memory and CPU time
// (`usage-probe.mjs`, preloaded into each alike).
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.mjs';

const USAGE_PROBE = new URL('./usage-probe.mjs', import.meta.url).href;
const PEER_SERVER = fileURLToPath(new URL('./peer-server.mjs', import.meta.url));
const BARE_LISTENER = fileURLToPath(new URL('./bare-listener.mjs', import.meta.url));

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
 * Spawns `node <script> --port P <args>` and resolves once a TCP connection to P succeeds, with
 * the time from spawn to that connection and to the ready line (when `readyLine` is given), and
 * the CPU time used until then. With `acceptOnly` it resolves at once on the first connection,
 * reading nothing else, for timing a first request from spawn (`startedAt`).
 */
export async function spawnServer(
  script,
  { port, args = [], readyLine, acceptOnly = false, timeoutMs = 20_000 } = {},
) {
  const chosen = port ?? (await freePort());
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', USAGE_PROBE, script, '--port', String(chosen), ...args],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  let readyMs;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    output += text;
    if (readyMs === undefined && readyLine !== undefined && output.includes(readyLine)) {
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
    if (exited) throw new Error(`${script} exited before accepting:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not accept within ${timeoutMs} ms:\n${output}`);
    }
    if (await canConnect(chosen)) acceptMs = performance.now() - started;
    else await sleep(1);
  }
  const server = {
    child,
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    startedAt: started,
    acceptMs,
    output: () => output,
  };
  if (acceptOnly) return server;
  const { cpuMs } = await processUsage(child);
  while (
    readyLine !== undefined &&
    readyMs === undefined &&
    !exited &&
    performance.now() - started < timeoutMs
  )
    await sleep(1);
  return { ...server, readyMs, cpuMs };
}

/**
 * Spawns `node cli.js --port P` (the built emulator) and waits until it accepts. Its Storage
 * port is a free one: the default 9199 may be taken, and runs may overlap.
 */
export function spawnEmulator(cliPath, options = {}) {
  return spawnServer(cliPath, {
    readyLine: 'Firestore emulator ready at',
    ...options,
    args: ['--storage-port', '0', ...(options.args ?? [])],
  });
}

/** Spawns the peer emulator (`peer-server.mjs`) the same way and waits until it accepts. */
export function spawnPeer(options = {}) {
  return spawnServer(PEER_SERVER, { readyLine: 'peer emulator ready at', ...options });
}

/** Spawns the bare listener (`bare-listener.mjs`) the same way and waits until it accepts. */
export function spawnBareListener(options = {}) {
  return spawnServer(BARE_LISTENER, options);
}

/** Stops a spawned server with SIGTERM (SIGKILL after 5 s) and waits for its exit. */
export async function stopEmulator(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Resident set size and its high-water mark (MiB), and CPU time used so far (user + system, ms)
 * of a spawned server.
 */
export function processUsage(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the spawned server did not report its usage')),
      5_000,
    );
    child.once('message', ({ rssBytes, maxRssBytes, cpuMicros }) => {
      clearTimeout(timer);
      resolve({
        rssMiB: rssBytes / 2 ** 20,
        maxRssMiB: maxRssBytes / 2 ** 20,
        cpuMs: cpuMicros / 1000,
      });
    });
    child.send('usage');
  });
}

/** Resident set size of a spawned server in MiB. */
export async function rssMiB(child) {
  return (await processUsage(child)).rssMiB;
}
