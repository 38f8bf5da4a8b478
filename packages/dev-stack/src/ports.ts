// Port helpers: check the ports a run needs before starting anything, and find free ones for tests.
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

const HOST = '127.0.0.1';

/** Binds a server exclusively (0 = any free port); rejects when the port is taken. */
function bind(port: number, host = HOST): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

const release = (server: net.Server) =>
  new Promise<number>((resolve) => {
    const { port } = server.address() as AddressInfo;
    server.close(() => resolve(port));
  });

/** Resolves true when nothing listens on host:port (we can bind it), false otherwise. */
export function isPortFree(port: number, host = HOST): Promise<boolean> {
  return bind(port, host).then(
    async (server) => (await release(server), true),
    () => false,
  );
}

/** A port the OS considers free right now on host (bind to 0, read it, release it). */
export async function findFreePort(host = HOST): Promise<number> {
  return release(await bind(0, host));
}

/**
 * The ports the kernel hands out to outgoing connections and to servers bound to port 0
 * (Linux's `ip_local_port_range`), or null where that cannot be read.
 */
export function ephemeralPortRange(
  file = '/proc/sys/net/ipv4/ip_local_port_range',
): { low: number; high: number } | null {
  try {
    const [low, high] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? { low: low!, high: high! } : null;
  } catch {
    return null;
  }
}

/** Where free ports are looked for first: below the ephemeral range, down to this port. */
const STABLE_PORTS_FROM = 10_000;

/**
 * `count` distinct free ports (held open together so the OS cannot hand out the same one twice).
 * They are picked below the ephemeral range when there is one: a stack binds its ports some
 * seconds later (after a build), and meanwhile any other process's outgoing connection or
 * port-0 server may be given a port from that range — one took the app's port that way while
 * the emulator's connection tests ran beside the end-to-end suite. Port 0 is the fallback.
 */
export async function findFreePorts(count: number, host = HOST): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const range = ephemeralPortRange();
    if (range !== null && range.low > STABLE_PORTS_FROM + 1_000) {
      const span = range.low - STABLE_PORTS_FROM;
      for (let attempt = 0; servers.length < count && attempt < 50 * count; attempt += 1) {
        const port = STABLE_PORTS_FROM + Math.floor(Math.random() * span);
        const server = await bind(port, host).catch(() => null);
        if (server !== null) servers.push(server);
      }
    }
    while (servers.length < count) servers.push(await bind(0, host));
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map(release));
  }
}

/** Reads a port from the environment, or the default. Throws a one-line message for junk values. */
export function portFromEnv(envVar: string, fallback: number, env = process.env): number {
  const raw = env[envVar];
  if (raw == null || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envVar}=${raw} is not a port number (1-65535).`);
  }
  return port;
}

export type PortNeed = { port: number; label: string; envVar: string };

/** The message for a busy port: one line, what it was for, and how to move it. */
export function busyPortMessage({ port, label, envVar }: PortNeed): string {
  return `Port ${port} is busy (${label}). Stop whatever uses it or set ${envVar}=<another port>.`;
}

/**
 * Checks every needed port; returns the messages for the busy ones (empty when all are free).
 * Also reports two services configured onto the same port.
 */
export async function findPortProblems(needs: PortNeed[], host = HOST): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Map<number, PortNeed>();
  for (const need of needs) {
    const other = seen.get(need.port);
    if (other) {
      problems.push(
        `Port ${need.port} is set for both ${other.label} and ${need.label}. Set ${need.envVar} to another port.`,
      );
      continue;
    }
    seen.set(need.port, need);
    if (!(await isPortFree(need.port, host))) problems.push(busyPortMessage(need));
  }
  return problems;
}
