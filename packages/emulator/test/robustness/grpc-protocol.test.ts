// The gRPC protocol as the emulator speaks it on Node's HTTP/2 server, driven by a raw HTTP/2
// client so that every malformed case can be sent: framing mistakes, unknown methods, bodies that
// are not protobuf, compression, deadlines, clients that reset their streams, and a slow reader
// of a large answer. Each ends in a gRPC status with a message, never a crash or a wedged call.
import { connect, constants } from 'node:http2';
import type { ClientHttp2Session, ClientHttp2Stream, IncomingHttpHeaders } from 'node:http2';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { createEmulatorCore } from '../../src/service/index.js';
import { loadServiceDefinition } from '../../src/transport/grpc/service-definition.js';
import { DATABASE, DOCUMENTS, restSet, startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';
import { eventually } from './support.js';

const SERVICE = '/google.firestore.v1.Firestore';
const methods = loadServiceDefinition();
const OK = '0';
const INVALID_ARGUMENT = '3';
const DEADLINE_EXCEEDED = '4';
const RESOURCE_EXHAUSTED = '8';
const UNIMPLEMENTED = '12';

/** Injected, for its stats: whether a Listen stream is still open on the service side. */
const core = createEmulatorCore();
let server: EmulatorServer;
let log: CapturingLogger;
let session: ClientHttp2Session;

beforeAll(async () => {
  ({ server, log } = await startEmulator({ core }));
  session = connect(server.url);
});

afterAll(async () => {
  session?.destroy();
  await server?.close();
});

function frame(bytes: Buffer, flag = 0): Buffer {
  const prefix = Buffer.alloc(5);
  prefix[0] = flag;
  prefix.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([prefix, bytes]);
}

/** Splits a response body into its messages' bytes. */
function messagesOf(body: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  for (let at = 0; at + 5 <= body.length;) {
    const end = at + 5 + body.readUInt32BE(at + 1);
    messages.push(body.subarray(at + 5, end));
    at = end;
  }
  return messages;
}

type Answer = {
  readonly headers: IncomingHttpHeaders;
  /** The status headers: the trailers, or the headers of a trailers-only response. */
  readonly status: IncomingHttpHeaders;
  readonly messages: Buffer[];
};

function open(method: string, headers: Record<string, string> = {}): ClientHttp2Stream {
  return session.request({
    ':method': 'POST',
    ':path': `${SERVICE}/${method}`,
    'content-type': 'application/grpc',
    te: 'trailers',
    authorization: 'Bearer owner',
    ...headers,
  });
}

function answerOf(stream: ClientHttp2Stream): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let headers: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders | undefined;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headers = h));
    stream.on('trailers', (t) => (trailers = t));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    // The end of the response: the request side may stay open (the server left it to us).
    stream.on('end', () =>
      resolve({
        headers,
        status: trailers ?? headers,
        messages: messagesOf(Buffer.concat(chunks)),
      }),
    );
  });
}

/** One call: the body as given (already framed), then the end of the request. */
function call(method: string, body: Buffer, headers?: Record<string, string>): Promise<Answer> {
  const stream = open(method, headers);
  const answer = answerOf(stream);
  stream.end(body);
  return answer;
}

const commitRequest = (id: string): Buffer =>
  methods.Commit!.requestSerialize({
    database: DATABASE,
    writes: [
      { update: { name: `${DOCUMENTS}/protocol/${id}`, fields: { n: { integerValue: '1' } } } },
    ],
  });

const listenRequest = (): Buffer =>
  methods.Listen!.requestSerialize({
    database: DATABASE,
    addTarget: { targetId: 1, documents: { documents: [`${DOCUMENTS}/protocol/watched`] } },
  });

async function expectServing(): Promise<void> {
  const answer = await call('Commit', frame(commitRequest('alive')));
  expect(answer.status['grpc-status']).toBe(OK);
}

describe('the gRPC protocol on node:http2', () => {
  it('answers a unary call with headers, one message and OK trailers', async () => {
    const answer = await call('Commit', frame(commitRequest('unary')));
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['content-type']).toBe('application/grpc+proto');
    expect(answer.status['grpc-status']).toBe(OK);
    expect(answer.messages).toHaveLength(1);
    const response = methods.Commit!.responseDeserialize(answer.messages[0]!);
    expect(response.writeResults).toHaveLength(1);
  });

  it('answers an unknown method with UNIMPLEMENTED in a trailers-only response', async () => {
    const answer = await call('ExecuteSomething', frame(Buffer.alloc(0)));
    expect(answer.headers['grpc-status']).toBe(UNIMPLEMENTED);
    expect(answer.headers['grpc-message']).toBe(
      `The server does not implement the method ${SERVICE}/ExecuteSomething`,
    );
    expect(answer.messages).toEqual([]);
  });

  it('answers an error before any message with headers, then the status in trailers', async () => {
    // Not trailers-only: the Admin SDK re-sends a streaming call whose error precedes headers.
    const answer = await call('RunQuery', frame(methods.RunQuery!.requestSerialize({})));
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['grpc-status']).toBeUndefined();
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
    expect(answer.messages).toEqual([]);
  });

  it('refuses a request that is not gRPC with 415', async () => {
    const answer = await call('Commit', Buffer.from('{}'), { 'content-type': 'application/json' });
    expect(answer.headers[':status']).toBe(415);
  });

  it('answers a body that is not protobuf with INVALID_ARGUMENT', async () => {
    const answer = await call('Commit', frame(Buffer.from([0xff, 0xff, 0xff, 0x01])));
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
    expect(answer.status['grpc-message']).toMatch(/could not be parsed/);
  });

  it('answers a length prefix longer than the body with INVALID_ARGUMENT', async () => {
    const truncated = frame(commitRequest('cut')).subarray(0, 20);
    const answer = await call('Commit', truncated);
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
    expect(decodeURIComponent(String(answer.status['grpc-message']))).toMatch(
      /ended inside a gRPC message \(20 bytes of it arrived\)/,
    );
  });

  it('refuses a message over 12 MiB from its prefix alone, without waiting for it', async () => {
    const stream = open('Commit');
    const answer = answerOf(stream);
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(13 * 1024 * 1024, 1);
    stream.write(prefix); // and nothing more: the request stays open
    const { status } = await answer;
    expect(status['grpc-status']).toBe(RESOURCE_EXHAUSTED);
    expect(status['grpc-message']).toMatch(/larger than max \(13631488 vs 12582912\)/);
  });

  it('answers a message flag other than 0 or 1 with INVALID_ARGUMENT', async () => {
    const answer = await call('Commit', frame(commitRequest('flag'), 7));
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
  });

  it('answers a unary call with two messages, or none, with UNIMPLEMENTED', async () => {
    const two = await call(
      'Commit',
      Buffer.concat([frame(commitRequest('a')), frame(commitRequest('b'))]),
    );
    expect(two.status['grpc-status']).toBe(UNIMPLEMENTED);
    expect(two.status['grpc-message']).toMatch(/second request message/);
    const none = await call('Commit', Buffer.alloc(0));
    expect(none.status['grpc-status']).toBe(UNIMPLEMENTED);
    expect(none.status['grpc-message']).toMatch(/no request message/);
  });

  it('reads a gzip-compressed message and refuses an unknown compression', async () => {
    const gzipped = await call('Commit', frame(gzipSync(commitRequest('gzip')), 1), {
      'grpc-encoding': 'gzip',
    });
    expect(gzipped.status['grpc-status']).toBe(OK);
    const snappy = await call('Commit', frame(commitRequest('snappy'), 1), {
      'grpc-encoding': 'snappy',
    });
    expect(snappy.status['grpc-status']).toBe(UNIMPLEMENTED);
    expect(snappy.status['grpc-message']).toMatch(/unsupported encoding "snappy"/);
  });

  it('percent-encodes a status message that is not printable ASCII', async () => {
    const request = methods.Commit!.requestSerialize({ database: 'projects/é' });
    const answer = await call('Commit', frame(request));
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
    expect(answer.status['grpc-message']).toContain('%C3%A9');
    expect(decodeURIComponent(String(answer.status['grpc-message']))).toContain('"projects/é"');
  });

  it('ends a Listen stream at its grpc-timeout deadline with DEADLINE_EXCEEDED', async () => {
    // Long enough for the target's answer to come first on a busy machine, which the test checks.
    const stream = open('Listen', { 'grpc-timeout': '2S' });
    const answer = answerOf(stream);
    stream.write(frame(listenRequest()));
    const { status, messages } = await answer;
    stream.close();
    expect(status['grpc-status']).toBe(DEADLINE_EXCEEDED);
    expect(messages.length).toBeGreaterThan(0); // the target's answer came first
    expect(await eventually(() => core.stats().listenSessions === 0, 5_000)).toBe(true);
  });

  it('keeps a Listen stream whose deadline is further away than a timer can wait', async () => {
    const stream = open('Listen', { 'grpc-timeout': '99999999H' });
    stream.on('error', () => {});
    let ended = false;
    stream.on('end', () => (ended = true));
    stream.on('data', () => {});
    const firstMessage = new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.write(frame(listenRequest()));
    await firstMessage;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toBe(false);
    stream.close(constants.NGHTTP2_CANCEL);
    expect(await eventually(() => core.stats().listenSessions === 0, 5_000)).toBe(true);
  });

  it('refuses a malformed grpc-timeout with INVALID_ARGUMENT', async () => {
    const answer = await call('Commit', frame(commitRequest('timeout')), { 'grpc-timeout': '1x' });
    expect(answer.status['grpc-status']).toBe(INVALID_ARGUMENT);
  });

  it('closes a Listen stream whose client resets it mid-stream, and keeps serving', async () => {
    const stream = open('Listen');
    const firstMessage = new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.on('error', () => {});
    stream.write(frame(listenRequest()));
    await firstMessage;
    expect(core.stats().listenSessions).toBe(1);
    stream.close(constants.NGHTTP2_CANCEL);
    expect(await eventually(() => core.stats().listenSessions === 0, 5_000)).toBe(true);
    await expectServing();
  });

  describe('a large server-streaming answer', () => {
    const DOCS = 120;
    const text = 'x'.repeat(20_000); // 2.4 MB in all, far past HTTP/2's 64 KiB window
    const runQuery = (): Buffer =>
      frame(
        methods.RunQuery!.requestSerialize({
          parent: DOCUMENTS,
          structuredQuery: { from: [{ collectionId: 'large' }] },
        }),
      );

    beforeAll(async () => {
      for (let i = 0; i < DOCS; i++) {
        await restSet(server, `large/d${String(i).padStart(3, '0')}`, {
          text: { stringValue: text },
        });
      }
    });

    it('reaches a reader that pauses, whole and in order, as flow control lets it out', async () => {
      const stream = open('RunQuery');
      stream.pause();
      const answer = answerOf(stream);
      stream.end(runQuery());
      await new Promise((resolve) => setTimeout(resolve, 300));
      stream.resume();
      const { status, messages } = await answer;
      expect(status['grpc-status']).toBe(OK);
      const names = messages.map(
        (m) => (methods.RunQuery!.responseDeserialize(m).document as { name: string }).name,
      );
      expect(names).toHaveLength(DOCS);
      expect(names[0]).toBe(`${DOCUMENTS}/large/d000`);
      expect(names.at(-1)).toBe(`${DOCUMENTS}/large/d${DOCS - 1}`);
    });

    it('survives a reader that resets while the answer waits for the window', async () => {
      const stream = open('RunQuery');
      stream.pause();
      stream.on('error', () => {});
      const closed = new Promise((resolve) => stream.on('close', resolve));
      stream.end(runQuery());
      await new Promise((resolve) => setTimeout(resolve, 200));
      stream.close(constants.NGHTTP2_CANCEL);
      await closed;
      await expectServing();
    });
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
