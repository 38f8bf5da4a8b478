// WebChannel v8 at the wire, with a hand-written client: handshake, chunk framing, the ack-based
// outbox and re-send from AID, forward de-duplication, long-poll, terminate, and the bounds
// (outbox overflow, idle expiry, max sessions). The browser suite covers the real client.
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import type { WebChannelEvent } from '../../src/transport/webchannel/observer.js';
import type { WebChannelLimits } from '../../src/transport/webchannel/webchannel-handler.js';
import { DATABASE, DOCUMENTS, restSet, startEmulator } from './support.js';

type Kind = 'Listen' | 'Write';
type WireArray = [number, unknown[]];

let server: EmulatorServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function boot(limits: Partial<WebChannelLimits> = {}): Promise<EmulatorServer> {
  ({ server } = await startEmulator({ webChannelLimits: limits }));
  return server;
}

function channelPath(kind: Kind, params: Record<string, string>): string {
  const query = new URLSearchParams({ VER: '8', database: DATABASE, ...params });
  return `/google.firestore.v1.Firestore/${kind}/channel?${query.toString()}`;
}

function formBody(ofs: number, messages: unknown[], headers?: string): string {
  const parts: string[] = [];
  if (headers !== undefined) parts.push(`headers=${encodeURIComponent(headers)}`);
  parts.push(`count=${messages.length}`, `ofs=${ofs}`);
  messages.forEach((m, i) =>
    parts.push(`req${i}___data__=${encodeURIComponent(JSON.stringify(m))}`),
  );
  return parts.join('&');
}

async function post(
  s: EmulatorServer,
  path: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** Splits `<len>\n<json>` chunks, checking each declared length. */
function parseChunks(text: string): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const length = Number(text.slice(at, newline));
    const json = text.slice(newline + 1, newline + 1 + length);
    expect(json.length).toBe(length);
    out.push(JSON.parse(json));
    at = newline + 1 + length;
  }
  return out;
}

async function handshake(
  s: EmulatorServer,
  kind: Kind,
  messages: unknown[],
  headers = '',
): Promise<string> {
  const response = await post(
    s,
    channelPath(kind, {
      RID: '4711',
      CVER: '22',
      'X-HTTP-Session-Id': 'gsessionid',
      zx: 'abc',
      t: '1',
    }),
    formBody(0, messages, headers),
  );
  expect(response.status).toBe(200);
  const [arrays] = parseChunks(response.text) as [
    [number, [string, string, string, number, number, number]][],
  ];
  expect(arrays).toHaveLength(1);
  const [id, [c, sid, prefix, version, , keepAlive]] = arrays[0]!;
  expect([id, c, prefix, version, keepAlive]).toEqual([0, 'c', '', 8, 30000]);
  return sid;
}

/** A backchannel GET that records every array it receives. */
function backchannel(s: EmulatorServer, kind: Kind, sid: string, aid: number, longPoll = false) {
  const arrays: WireArray[] = [];
  let raw = '';
  let status = 0;
  let ended = false;
  let response: IncomingMessage | undefined;
  const req = request(
    `${s.url}${channelPath(kind, { RID: 'rpc', SID: sid, AID: String(aid), CI: longPoll ? '1' : '0', TYPE: 'xmlhttp' })}`,
  );
  const done = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      response = res;
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        // Parse whole chunks only.
        let at = 0;
        while (true) {
          const newline = raw.indexOf('\n', at);
          if (newline < 0) break;
          const length = Number(raw.slice(at, newline));
          if (raw.length < newline + 1 + length) break;
          if (status === 200)
            arrays.push(
              ...(JSON.parse(raw.slice(newline + 1, newline + 1 + length)) as WireArray[]),
            );
          at = newline + 1 + length;
        }
        raw = raw.slice(at);
      });
      res.on('end', () => {
        ended = true;
        resolve();
      });
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
  });
  req.end();
  return {
    arrays,
    get status() {
      return status;
    },
    get ended() {
      return ended;
    },
    get rawText() {
      return raw;
    },
    done,
    payloads: () => arrays.map(([, payload]) => payload[0]),
    async waitFor(predicate: (a: WireArray[]) => boolean, timeout = 5000): Promise<void> {
      const start = Date.now();
      while (!predicate(arrays)) {
        if (Date.now() - start > timeout)
          throw new Error(`timed out; got ${JSON.stringify(arrays)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close() {
      response?.destroy();
      req.destroy();
    },
  };
}

const addQueryTarget = (targetId: number, collectionId: string) => ({
  database: DATABASE,
  addTarget: {
    targetId,
    query: { parent: DOCUMENTS, structuredQuery: { from: [{ collectionId }] } },
  },
});

describe('WebChannel wire protocol', () => {
  it('streams listen responses one per array, after an immediate first write', async () => {
    const s = await boot();
    await restSet(s, 'wc/a', { n: { stringValue: 'é😀' } });
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'wc')]);
    const bc = backchannel(s, 'Listen', sid, 0);
    await bc.waitFor((a) =>
      a.some(
        ([, p]) =>
          (p[0] as { targetChange?: { readTime?: string; targetIds?: number[] } }).targetChange
            ?.readTime !== undefined &&
          !(p[0] as { targetChange: { targetIds?: number[] } }).targetChange.targetIds,
      ),
    );
    const ids = bc.arrays.map(([id]) => id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(bc.arrays.every(([, payload]) => payload.length === 1)).toBe(true);
    const payloads = bc.payloads() as Record<string, Record<string, unknown>>[];
    expect(payloads[0]).toEqual({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    expect(payloads.find((p) => p.documentChange)?.documentChange).toMatchObject({
      document: { name: `${DOCUMENTS}/wc/a`, fields: { n: { stringValue: 'é😀' } } },
      targetIds: [2],
    });
    expect(payloads.some((p) => p.targetChange?.targetChangeType === 'CURRENT')).toBe(true);
    bc.close();

    // Nothing is pending for a fresh GET that acks everything: it still gets a noop at once.
    const quiet = backchannel(s, 'Listen', sid, ids[ids.length - 1]!);
    await quiet.waitFor((a) => a.length > 0, 1000);
    expect(quiet.payloads()).toEqual(['noop']);
    quiet.close();
  });

  it('re-sends unacknowledged arrays on a new GET and ends the previous GET', async () => {
    const s = await boot();
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'resend')]);
    const first = backchannel(s, 'Listen', sid, 0);
    await first.waitFor((a) => a.length >= 3);
    const seen = first.arrays.map(([id]) => id);
    // The client claims to have processed only array 1.
    const second = backchannel(s, 'Listen', sid, 1);
    await first.done;
    expect(first.ended).toBe(true);
    await second.waitFor((a) => a.length >= seen.length - 1);
    expect(second.arrays.map(([id]) => id).slice(0, seen.length - 1)).toEqual(seen.slice(1));
    second.close();
  });

  it('processes a retried forward POST once (dedupe by map id)', async () => {
    const s = await boot();
    const sid = await handshake(s, 'Write', [{ database: DATABASE }]);
    const bc = backchannel(s, 'Write', sid, 0);
    await bc.waitFor((a) =>
      a.some(([, p]) => (p[0] as { streamToken?: string }).streamToken !== undefined),
    );
    const handshakeReply = bc.payloads().find((p) => typeof p === 'object') as {
      streamId: string;
      streamToken: string;
    };
    expect(handshakeReply.streamId).toEqual(expect.any(String));
    const batch = {
      streamToken: handshakeReply.streamToken,
      writes: [
        {
          update: { name: `${DOCUMENTS}/dedupe/x`, fields: { n: { integerValue: '1' } } },
          updateTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
        },
      ],
    };
    const path = channelPath('Write', { SID: sid, RID: '4712', AID: '0' });
    const reply = await post(s, path, formBody(1, [batch]));
    expect(reply.status).toBe(200);
    const [ack] = parseChunks(reply.text) as [[number, number, number]];
    expect(ack).toHaveLength(3);
    expect(ack[0]).toBe(1);
    expect((await post(s, path, formBody(1, [batch]))).status).toBe(200);
    await bc.waitFor((a) =>
      a.some(([, p]) => (p[0] as { writeResults?: unknown }).writeResults !== undefined),
    );
    await new Promise((r) => setTimeout(r, 100));
    const results = bc.payloads().filter((p) => (p as { writeResults?: unknown }).writeResults);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      streamToken: expect.any(String),
      commitTime: expect.any(String),
      writeResults: [{ updateTime: expect.any(String), transformResults: [{ integerValue: '2' }] }],
    });
    bc.close();
  });

  it('holds a long-poll GET until data exists, then ends it', async () => {
    const s = await boot();
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'longpoll')]);
    const first = backchannel(s, 'Listen', sid, 0, true);
    await first.done;
    const last = first.arrays[first.arrays.length - 1]![0];
    expect(first.arrays.length).toBeGreaterThanOrEqual(3);
    const held = backchannel(s, 'Listen', sid, last, true);
    await new Promise((r) => setTimeout(r, 300));
    expect(held.ended).toBe(false);
    await restSet(s, 'longpoll/z', { v: { booleanValue: true } });
    await held.done;
    expect(held.payloads()).toEqual(
      expect.arrayContaining([expect.objectContaining({ documentChange: expect.anything() })]),
    );
  });

  it('answers an unknown or terminated session with 400 Unknown SID', async () => {
    const s = await boot();
    const unknown = backchannel(s, 'Listen', 'no-such-session', 0);
    await unknown.done;
    expect(unknown.status).toBe(400);
    const text = await (
      await fetch(`${s.url}${channelPath('Listen', { SID: 'nope', RID: '1', AID: '0' })}`, {
        method: 'POST',
        body: 'count=0&ofs=0',
      })
    ).text();
    // The client checks indexOf("Unknown SID") > 0.
    expect(text.indexOf('Unknown SID')).toBeGreaterThan(0);

    const sid = await handshake(s, 'Listen', []);
    const terminate = await fetch(
      `${s.url}${channelPath('Listen', { SID: sid, RID: '2', TYPE: 'terminate' })}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: '',
      },
    );
    expect(terminate.status).toBe(200);
    const after = backchannel(s, 'Listen', sid, 0);
    await after.done;
    expect(after.status).toBe(400);
  });

  it('reports an invalid token as a stream error payload', async () => {
    const s = await boot();
    const sid = await handshake(
      s,
      'Listen',
      [addQueryTarget(2, 'auth')],
      'Authorization:Bearer not-a-jwt\r\n',
    );
    const bc = backchannel(s, 'Listen', sid, 0);
    await bc.waitFor((a) => a.length > 0);
    expect(bc.payloads()[0]).toMatchObject({ error: { code: 16, status: 'UNAUTHENTICATED' } });
    bc.close();
  });

  it('drops a session whose client stops acknowledging (outbox bound)', async () => {
    const s = await boot({ maxOutboxArrays: 5 });
    for (let i = 0; i < 10; i++)
      await restSet(s, `flood/d${i}`, { i: { integerValue: String(i) } });
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'flood')]);
    await new Promise((r) => setTimeout(r, 50));
    const bc = backchannel(s, 'Listen', sid, 0);
    await bc.done;
    expect(bc.status).toBe(400);
  });

  it('sends stop on an open backchannel when the outbox overflows', async () => {
    const s = await boot({ maxOutboxArrays: 8 });
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'flood2')]);
    const bc = backchannel(s, 'Listen', sid, 0);
    await bc.waitFor((a) => a.length >= 3);
    for (let i = 0; i < 10; i++)
      await restSet(s, `flood2/d${i}`, { i: { integerValue: String(i) } });
    await bc.done;
    expect(bc.payloads()).toContain('stop');
  });

  it('expires idle sessions and bounds the number of sessions', async () => {
    const quick = await boot({ idleMs: 150 });
    const idle = await handshake(quick, 'Listen', []);
    await new Promise((r) => setTimeout(r, 450));
    const gone = backchannel(quick, 'Listen', idle, 0);
    await gone.done;
    expect(gone.status).toBe(400);
    await quick.close();

    // The bound on a server whose sessions outlive a slow machine's pauses: with the 150 ms
    // window above, a session could expire between its handshake and its first GET.
    const s = await boot({ maxSessions: 2 });
    const a = await handshake(s, 'Listen', []);
    const b = await handshake(s, 'Listen', []);
    const ba = backchannel(s, 'Listen', a, 0);
    const bb = backchannel(s, 'Listen', b, 0);
    await ba.waitFor((x) => x.length > 0);
    await bb.waitFor((x) => x.length > 0);
    const refused = await post(s, channelPath('Listen', { RID: '1', CVER: '22' }), formBody(0, []));
    expect(refused.status).toBe(503);
    ba.close();
    bb.close();
  });

  it('tells an attached observer of forward requests, queued arrays and written chunks', async () => {
    const s = await boot();
    const events: WebChannelEvent[] = [];
    const listenSid = await handshake(s, 'Listen', [addQueryTarget(2, 'observed')]);
    const listen = backchannel(s, 'Listen', listenSid, 0);
    await listen.waitFor((a) => a.length >= 3);
    const writeSid = await handshake(s, 'Write', [{ database: DATABASE }]);
    const write = backchannel(s, 'Write', writeSid, 0);
    await write.waitFor((a) => a.length > 0);
    const { streamToken } = write.payloads().find((p) => typeof p === 'object') as {
      streamToken: string;
    };
    const seenBefore = listen.arrays.length;

    s.observeWebChannel((event) => events.push(event));
    const batch = {
      streamToken,
      writes: [{ update: { name: `${DOCUMENTS}/observed/a`, fields: {} } }],
    };
    const sentAt = performance.timeOrigin + performance.now();
    await post(
      s,
      channelPath('Write', { SID: writeSid, RID: '4712', AID: '1' }),
      formBody(1, [batch]),
    );
    await listen.waitFor((a) => a.length > seenBefore + 1);
    await write.waitFor((a) =>
      a.some(([, p]) => (p[0] as { writeResults?: unknown }).writeResults !== undefined),
    );

    const forward = events.find((e) => e.type === 'forward');
    expect(forward).toMatchObject({ kind: 'Write', sessionId: writeSid, messages: 1 });
    if (forward?.type !== 'forward') throw new Error('no forward event');
    // One clock with this process's performance.timeOrigin + now().
    expect(forward.receivedAt).toBeGreaterThanOrEqual(sentAt);
    expect(forward.handledAt).toBeGreaterThanOrEqual(forward.receivedAt);
    const queued = events.filter((e) => e.type === 'queued' && e.sessionId === listenSid);
    const written = events.filter((e) => e.type === 'written' && e.sessionId === listenSid);
    expect(queued.map((e) => e.type === 'queued' && e.arrayId)).toEqual(
      listen.arrays.slice(seenBefore).map(([id]) => id),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'Listen',
      lastArrayId: listen.arrays.at(-1)![0],
      longPoll: false,
    });
    expect(events.some((e) => e.type === 'queued' && e.sessionId === writeSid)).toBe(true);

    // Detached: the next commit reaches the client but not the observer.
    s.observeWebChannel(undefined);
    const count = events.length;
    const seen = listen.arrays.length;
    await post(
      s,
      channelPath('Write', { SID: writeSid, RID: '4713', AID: '2' }),
      formBody(2, [{ ...batch, writes: [{ delete: `${DOCUMENTS}/observed/a` }] }]),
    );
    await listen.waitFor((a) => a.length > seen);
    expect(events).toHaveLength(count);
    listen.close();
    write.close();
  });

  it('recycles a streaming GET after maxStreamingBytes so the client re-acks', async () => {
    const s = await boot({ maxStreamingBytes: 200 });
    for (let i = 0; i < 5; i++)
      await restSet(s, `recycle/d${i}`, { i: { integerValue: String(i) } });
    const sid = await handshake(s, 'Listen', [addQueryTarget(2, 'recycle')]);
    const bc = backchannel(s, 'Listen', sid, 0);
    await bc.done;
    expect(bc.ended).toBe(true);
    expect(bc.arrays.length).toBeGreaterThan(0);
  });
});
