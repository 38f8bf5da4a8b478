import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  busyPortMessage,
  ephemeralPortRange,
  findFreePort,
  findFreePorts,
  findPortProblems,
  isPortFree,
  portFromEnv,
} from '../src/ports.js';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

function listen(port = 0): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    servers.push(server);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

describe('port checks', () => {
  it('tells a busy port from a free one', async () => {
    const busy = await listen();
    expect(await isPortFree(busy)).toBe(false);
    const free = await findFreePort();
    expect(await isPortFree(free)).toBe(true);
  });

  it('hands out distinct free ports, below the ephemeral range where there is one', async () => {
    const ports = await findFreePorts(5);
    expect(new Set(ports).size).toBe(5);
    const range = ephemeralPortRange();
    if (range !== null) for (const port of ports) expect(port).toBeLessThan(range.low);
  });

  it('reads the ephemeral range, or says there is none', () => {
    const file = path.join(os.tmpdir(), `port-range-${process.pid}`);
    fs.writeFileSync(file, '32768\t60999\n');
    expect(ephemeralPortRange(file)).toEqual({ low: 32768, high: 60999 });
    fs.rmSync(file);
    expect(ephemeralPortRange(file)).toBeNull();
  });

  it('reports each busy port in one line naming the service and the variable to change', async () => {
    const busy = await listen();
    const free = await findFreePort();
    const problems = await findPortProblems([
      { port: busy, label: 'Auth emulator', envVar: 'SHOWCASE_AUTH_PORT' },
      { port: free, label: 'web app', envVar: 'SHOWCASE_WEB_PORT' },
    ]);
    expect(problems).toEqual([
      `Port ${busy} is busy (Auth emulator). Stop whatever uses it or set SHOWCASE_AUTH_PORT=<another port>.`,
    ]);
    expect(problems[0]).toBe(
      busyPortMessage({ port: busy, label: 'Auth emulator', envVar: 'SHOWCASE_AUTH_PORT' }),
    );
  });

  it('reports two services set to the same port', async () => {
    const free = await findFreePort();
    const problems = await findPortProblems([
      { port: free, label: 'web app', envVar: 'SHOWCASE_WEB_PORT' },
      { port: free, label: 'Auth emulator', envVar: 'SHOWCASE_AUTH_PORT' },
    ]);
    expect(problems).toEqual([
      `Port ${free} is set for both web app and Auth emulator. Set SHOWCASE_AUTH_PORT to another port.`,
    ]);
  });

  it('reads ports from the environment and rejects junk', () => {
    expect(portFromEnv('P', 5173, {})).toBe(5173);
    expect(portFromEnv('P', 5173, { P: '' })).toBe(5173);
    expect(portFromEnv('P', 5173, { P: '6000' })).toBe(6000);
    expect(() => portFromEnv('P', 5173, { P: 'abc' })).toThrow(
      'P=abc is not a port number (1-65535).',
    );
    expect(() => portFromEnv('P', 5173, { P: '70000' })).toThrow(/not a port number/);
  });
});
