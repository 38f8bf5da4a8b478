// Port helpers: check the ports a run needs before starting anything, and find free ones for tests.
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

/** `count` distinct free ports (held open together so the OS cannot hand out the same one twice). */
export async function findFreePorts(count: number, host = HOST): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) servers.push(await bind(0, host));
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
