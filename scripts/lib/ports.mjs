// Port helpers: check the ports a run needs before starting anything, and find free ones for tests.
import net from 'node:net';

/** Resolves true when nothing listens on host:port (we can bind it), false otherwise. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** A port the OS considers free right now on host (bind to 0, read it, release it). */
export function findFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `count` distinct free ports (held open together so the OS cannot hand out the same one twice). */
export async function findFreePorts(count, host = '127.0.0.1') {
  const servers = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = net.createServer();
      server.unref();
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: 0, host, exclusive: true }, resolve);
      });
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * Reads a port from the environment, or the default. Throws a one-line message for junk values.
 * @param {string} envVar
 * @param {number} fallback
 * @param {NodeJS.ProcessEnv} [env]
 */
export function portFromEnv(envVar, fallback, env = process.env) {
  const raw = env[envVar];
  if (raw == null || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envVar}=${raw} is not a port number (1-65535).`);
  }
  return port;
}

/**
 * The message for a busy port: one line, what it was for, and how to move it.
 * @param {{ port: number, label: string, envVar: string }} need
 */
export function busyPortMessage({ port, label, envVar }) {
  return `Port ${port} is busy (${label}). Stop whatever uses it or set ${envVar}=<another port>.`;
}

/**
 * Checks every needed port; returns the messages for the busy ones (empty when all are free).
 * Also reports two services configured onto the same port.
 * @param {{ port: number, label: string, envVar: string }[]} needs
 */
export async function findPortProblems(needs, host = '127.0.0.1') {
  const problems = [];
  const seen = new Map();
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
