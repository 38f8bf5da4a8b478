// Fuzzing the shared port below any protocol: random bytes, alone or after a partial or full
// HTTP/2 preface, an HTTP/1.1 request line, or a WebChannel request head, on fresh TCP
// connections. HTTP/1 garbage must be answered with a 4xx (or the connection closed), nothing
// may crash the process or log an internal error, and the server must still commit and query.
// Failures are not shrunk (endOnFailure): each step is a network exchange.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectServing, rawExchange, startFuzzServer } from './harness.js';
import type { FuzzServer } from './harness.js';

let fuzz: FuzzServer;

beforeAll(async () => {
  fuzz = await startFuzzServer();
});

afterAll(async () => {
  await fuzz.server.close();
});

const PREFACE = 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n';

const prefixArb = fc.constantFrom(
  '',
  PREFACE,
  PREFACE.slice(0, 5),
  PREFACE.slice(0, 17),
  'GET / HTTP/1.1\r\n',
  'POST /v1/projects/p/databases/(default)/documents:commit HTTP/1.1\r\nContent-Length: 5\r\n\r\n',
  'POST /google.firestore.v1.Firestore/Listen/channel?VER=8 HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  'FOO / HTTP/1.1\r\n\r\n',
);

describe('raw TCP fuzz', () => {
  it('survives random bytes after every kind of opening, answering HTTP/1 garbage with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(prefixArb, fc.uint8Array({ maxLength: 300 }), async (prefix, bytes) => {
        const { reply } = await rawExchange(
          fuzz.server.port,
          Buffer.concat([Buffer.from(prefix, 'latin1'), bytes]),
          150,
        );
        const head = reply.subarray(0, 12).toString('latin1');
        if (head.startsWith('HTTP/1.')) {
          expect(head, `${JSON.stringify(prefix)} + ${bytes.length} bytes`).toMatch(
            /^HTTP\/1\.[01] [1-4]\d\d/,
          );
        }
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('survives many connections opened and dropped at once, and releases them', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rawExchange(
          fuzz.server.port,
          Buffer.from(i % 2 === 0 ? PREFACE : 'GET / HTTP/1.1\r\n'),
          50,
        ),
      ),
    );
    // Every socket the clients dropped must be released, not kept half-open. A leak never gets
    // to zero; a loaded machine only gets there later, so the ceiling is generous.
    await expect
      .poll(() => fuzz.server.transportStats().openSockets, { timeout: 20_000, interval: 50 })
      .toBe(0);
  });

  it('still serves a normal commit and query, and logged no internal error', async () => {
    await expectServing(fuzz.server);
    expect(fuzz.errors).toEqual([]);
  });
});
