// HTTP/2 connections that end in a protocol error must be closed (RFC 9113 §5.4.1), whether or
// not the client stays, and a flood of connections must hit a bound instead of exhausting the
// process's descriptors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';
import {
  answerPings,
  eventually,
  FRAME,
  HTTP2_OPENING,
  http2Frame,
  parseFrames,
  rawClient,
} from './support.js';
import type { RawClient } from './support.js';

const PING_INTERVAL_MS = 300;
/** Long enough that a healthy client on a loaded machine always answers in time. */
const PING_TIMEOUT_MS = 2_000;
/**
 * Ping interval and time-out plus generous slack for a loaded two-core machine: a connection that
 * is closed resolves at once, and one that is never closed still fails.
 */
const CLOSE_WITHIN_MS = 10_000;

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator({
    connectionLimits: {
      http2PingIntervalMs: PING_INTERVAL_MS,
      http2PingTimeoutMs: PING_TIMEOUT_MS,
      maxConnections: 20,
      // No waiting room: the connections beyond the limit are closed (connection-burst.test.ts
      // covers waiting).
      maxWaitingConnections: 0,
    },
  }));
});

afterAll(async () => {
  await server?.close();
});

const PROTOCOL_ERRORS: readonly [string, Buffer][] = [
  // 20,000 bytes is above the 16,384-byte SETTINGS_MAX_FRAME_SIZE the server starts with.
  ['an oversized frame', http2Frame(FRAME.data, 0, 1, Buffer.alloc(20_000))],
  ['DATA on a stream never opened', http2Frame(FRAME.data, 0, 3, Buffer.from('hello'))],
];

/** Waits until the server has sent a frame of this type (its SETTINGS, its GOAWAY). */
async function receivedFrame(client: RawClient, type: number): Promise<void> {
  const seen = () => parseFrames(client.received()).some((frame) => frame.type === type);
  expect(await eventually(seen, CLOSE_WITHIN_MS)).toBe(true);
}

describe('HTTP/2 protocol errors close the connection', () => {
  it.each(PROTOCOL_ERRORS)('%s: the server closes it while the client stays', async (_, bad) => {
    const client = await rawClient(server.port);
    client.socket.write(HTTP2_OPENING);
    await receivedFrame(client, FRAME.settings);
    client.socket.write(bad);
    await client.closedWithin(CLOSE_WITHIN_MS);
    // The server answered with a GOAWAY before closing.
    expect(parseFrames(client.received()).map((f) => f.type)).toContain(FRAME.goaway);
  });

  it.each(PROTOCOL_ERRORS)('%s: the socket is released when the client leaves', async (_, bad) => {
    const client = await rawClient(server.port);
    client.socket.write(HTTP2_OPENING);
    await receivedFrame(client, FRAME.settings);
    client.socket.write(bad);
    await receivedFrame(client, FRAME.goaway);
    client.socket.destroy();
    expect(await eventually(() => server.transportStats().openSockets === 0, CLOSE_WITHIN_MS)).toBe(
      true,
    );
  });

  it('keeps a healthy idle HTTP/2 connection open across pings', async () => {
    const client = await rawClient(server.port);
    client.socket.write(HTTP2_OPENING);
    answerPings(client);
    // Several pings go out, and the first one's time-out has passed well before the end.
    expect(await client.stillOpenAfter(4 * PING_INTERVAL_MS + PING_TIMEOUT_MS)).toBe(true);
    client.socket.destroy();
  });
});

describe('the connection limit', () => {
  it('closes connections beyond the limit, logs once, and serves again once they end', async () => {
    await eventually(() => server.transportStats().openSockets === 0, CLOSE_WITHIN_MS);
    const held = await Promise.all(Array.from({ length: 20 }, () => rawClient(server.port)));
    expect(
      await eventually(() => server.transportStats().openSockets === 20, CLOSE_WITHIN_MS),
    ).toBe(true);
    const extra = await Promise.all(Array.from({ length: 3 }, () => rawClient(server.port)));
    for (const client of extra) await client.closedWithin(CLOSE_WITHIN_MS);
    expect(log.warnings.filter((w) => w.includes('connection limit')).length).toBe(1);
    for (const client of held) client.socket.destroy();
    expect(await eventually(() => server.transportStats().openSockets === 0, CLOSE_WITHIN_MS)).toBe(
      true,
    );
    const response = await fetch(`${server.url}/`);
    expect(await response.text()).toBe('Ok');
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
