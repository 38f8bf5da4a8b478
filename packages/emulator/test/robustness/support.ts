// Raw-socket helpers for the robustness suite: a client that records when the server closed
// the connection, HTTP/2 frames written by hand, and a poll for a condition with a deadline.
import { connect } from 'node:net';
import type { Socket } from 'node:net';

export const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** One HTTP/2 frame: 24-bit length, type, flags, 31-bit stream id, payload. */
export function http2Frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.writeUIntBE(payload.length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(streamId, 5);
  return Buffer.concat([header, payload]);
}

export const FRAME = { data: 0, settings: 4, ping: 6, goaway: 7 } as const;
const ACK = 1;

export type Http2Frame = {
  readonly type: number;
  readonly flags: number;
  readonly payload: Buffer;
};

/** The whole frames in `bytes` (what a server sent after its preface-less start). */
export function parseFrames(bytes: Buffer): Http2Frame[] {
  const frames: Http2Frame[] = [];
  for (let offset = 0; offset + 9 <= bytes.length;) {
    const end = offset + 9 + bytes.readUIntBE(offset, 3);
    if (end > bytes.length) break;
    frames.push({
      type: bytes[offset + 3] ?? 0,
      flags: bytes[offset + 4] ?? 0,
      payload: bytes.subarray(offset + 9, end),
    });
    offset = end;
  }
  return frames;
}

/** Acknowledges the server's SETTINGS and answers each of its PINGs, as HTTP/2 clients must. */
export function answerPings(client: RawClient): void {
  let answered = 0;
  client.socket.write(http2Frame(FRAME.settings, ACK, 0, Buffer.alloc(0)));
  client.socket.on('data', () => {
    const pings = parseFrames(client.received()).filter(
      (f) => f.type === FRAME.ping && (f.flags & ACK) === 0,
    );
    for (const ping of pings.slice(answered)) {
      client.socket.write(http2Frame(FRAME.ping, ACK, 0, ping.payload));
    }
    answered = pings.length;
  });
}

/** A client preface followed by an empty SETTINGS frame: a valid start of an HTTP/2 connection. */
export const HTTP2_OPENING = Buffer.concat([
  HTTP2_PREFACE,
  http2Frame(FRAME.settings, 0, 0, Buffer.alloc(0)),
]);

export type RawClient = {
  readonly socket: Socket;
  /** Everything the server sent so far. */
  received(): Buffer;
  /** Resolves with the milliseconds from connect to the server closing, or rejects after `ms`. */
  closedWithin(ms: number): Promise<number>;
  /** Whether the connection is still open after `ms`. */
  stillOpenAfter(ms: number): Promise<boolean>;
};

export function rawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const opened = Date.now();
    let closedAt: number | undefined;
    let received = Buffer.alloc(0);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    // The server ending its side counts as closing: our side then ends too.
    socket.on('end', () => socket.end());
    socket.on('error', () => {});
    socket.once('close', () => (closedAt = Date.now()));
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => received,
        closedWithin: (ms) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => {
              socket.destroy();
              fail(new Error(`the server kept the connection open for ${ms} ms`));
            }, ms);
            void closed.then(() => {
              clearTimeout(timer);
              done((closedAt ?? Date.now()) - opened);
            });
          }),
        stillOpenAfter: (ms) =>
          new Promise((done) => setTimeout(() => done(closedAt === undefined), ms)),
      }),
    );
    socket.once('error', reject);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 20 ms until it holds or `ms` pass; returns whether it held. */
export async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}
