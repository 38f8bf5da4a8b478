// Sniffed HTTP/1.1 connections get the head and idle deadlines Node only enforces on servers that
// listen() themselves: half a request head, a head dripped a byte at a time, a preface that never
// completes and an idle keep-alive connection are all cut, while a hanging request is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';
import { eventually, HTTP2_PREFACE, rawClient } from './support.js';

const HEADERS_TIMEOUT_MS = 600;
const IDLE_TIMEOUT_MS = 900;
/**
 * How much later than its deadline a cut may come on a loaded two-core machine. Generous on
 * purpose: a connection that is cut resolves at once, and one that is never cut still fails.
 */
const SLACK_MS = 10_000;

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator({
    connectionLimits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, idleTimeoutMs: IDLE_TIMEOUT_MS },
  }));
});

afterAll(async () => {
  await server?.close();
});

describe('slow request heads are cut at the time-out', () => {
  it('closes a connection that sent half a request head, with 408', async () => {
    const client = await rawClient(server.port);
    client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closedAfter = await client.closedWithin(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(client.received().toString('latin1')).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that drips its head a byte at a time', async () => {
    const client = await rawClient(server.port);
    const head = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200);
    let i = 0;
    const drip = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(head[i++ % head.length] ?? 'a');
    }, 100);
    try {
      const closedAfter = await client.closedWithin(HEADERS_TIMEOUT_MS + SLACK_MS);
      expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a connection whose HTTP/2 preface never completes', async () => {
    const client = await rawClient(server.port);
    client.socket.write(HTTP2_PREFACE.subarray(0, 10));
    await client.closedWithin(HEADERS_TIMEOUT_MS + SLACK_MS);
  });

  it('closes a kept-alive connection that stays idle, and one that drips its next head', async () => {
    for (const next of ['', 'GET / HT']) {
      const client = await rawClient(server.port);
      client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(
        await eventually(
          () => /^HTTP\/1\.1 200/.test(client.received().toString('latin1')),
          SLACK_MS,
        ),
      ).toBe(true);
      client.socket.write(next);
      await client.closedWithin(IDLE_TIMEOUT_MS + SLACK_MS);
    }
  });

  it('does not cut a request whose head is complete while its body is on the way', async () => {
    const client = await rawClient(server.port);
    // A body promised but not sent yet: the head is complete, the request is in progress.
    client.socket.write(
      'POST /v1/projects/p/databases/(default)/documents:commit HTTP/1.1\r\n' +
        'Host: 127.0.0.1\r\nContent-Length: 2\r\n\r\n',
    );
    expect(await client.stillOpenAfter(HEADERS_TIMEOUT_MS + IDLE_TIMEOUT_MS)).toBe(true);
    client.socket.write('{}');
    expect(
      await eventually(
        () => /^HTTP\/1\.1 200/.test(client.received().toString('latin1')),
        SLACK_MS,
      ),
    ).toBe(true);
    client.socket.destroy();
  });

  it('still serves, and logged no internal errors', async () => {
    expect(await (await fetch(`${server.url}/`)).text()).toBe('Ok');
    expect(log.errors).toEqual([]);
  });
});
