// A burst of connections larger than the connection limit is served whole: connections beyond the
// limit wait, unread, for a slot instead of being reset. A small limit (50) makes 1,000 sockets
// a burst twenty times over; only beyond the waiting room are connections closed.
import { request } from 'node:http';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DOCUMENTS, startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';
import { eventually } from './support.js';

const MAX_CONNECTIONS = 50;
const MAX_WAITING = 2_000;
const BURST = 1_000;
/** Generous for a loaded two-core machine: a served burst resolves at once. */
const WITHIN_MS = 60_000;
/** A test may wait that long twice over (and the burst itself takes a while on a busy machine). */
const TEST_TIMEOUT_MS = 3 * WITHIN_MS;

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator({
    connectionLimits: { maxConnections: MAX_CONNECTIONS, maxWaitingConnections: MAX_WAITING },
  }));
});

afterAll(async () => {
  await server?.close();
});

/** One REST commit on a socket of its own, kept alive (HTTP/1.1's default): its status code. */
function commitOnOwnSocket(agent: Agent, i: number): Promise<number> {
  const body = JSON.stringify({
    writes: [
      { update: { name: `${DOCUMENTS}/burst/d${i}`, fields: { n: { integerValue: String(i) } } } },
    ],
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/v1/${DOCUMENTS}:commit`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('a burst beyond the connection limit', { timeout: TEST_TIMEOUT_MS }, () => {
  it(`serves ${BURST} concurrent kept-alive REST commits on ${BURST} sockets, none reset`, async () => {
    // One socket per request, never reused, and kept alive by the client: without the server
    // releasing slots to waiting connections, all but 50 would wait for the idle deadline.
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
    try {
      const statuses = await Promise.all(
        Array.from({ length: BURST }, (_, i) => commitOnOwnSocket(agent, i)),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      agent.destroy();
    }
    expect(log.warnings.filter((w) => w.includes('wait until some end')).length).toBeGreaterThan(0);
    expect(await eventually(() => server.transportStats().waitingSockets === 0, WITHIN_MS)).toBe(
      true,
    );
  });

  it('keeps a waiting connection unread until a slot frees, then serves it', async () => {
    await eventually(() => server.transportStats().openSockets === 0, WITHIN_MS);
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => openSocket()));
    expect(
      await eventually(() => server.transportStats().openSockets === MAX_CONNECTIONS, WITHIN_MS),
    ).toBe(true);
    const late = await openSocket();
    let answer = '';
    late.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    late.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await eventually(() => server.transportStats().waitingSockets === 1, WITHIN_MS)).toBe(
      true,
    );
    expect(answer).toBe('');
    held[0]?.destroy();
    expect(await eventually(() => /^HTTP\/1\.1 200/.test(answer), WITHIN_MS)).toBe(true);
    for (const socket of [...held, late]) socket.destroy();
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
