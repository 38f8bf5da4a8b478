// One gRPC call on one HTTP/2 stream, in bytes: request messages in (deframed, decompressed),
// response messages out (framed, with HTTP/2 flow control), and the call's one status at the end
// (in trailers after headers, even for an error before any message; a trailers-only response
// only for OK when nothing was sent). It owns the call's deadline and notices the client going
// away. Protocol mistakes (a bad prefix, an oversized or truncated message, an unknown
// compression) end the call with a status; nothing here throws at the stream's events.
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import type * as ZlibModule from 'node:zlib';
import { EmulatorError } from '../../errors.js';
import { grpcStatusOf } from '../status.js';
import {
  encodeGrpcMessage,
  frameMessage,
  MessageDeframer,
  parseGrpcTimeout,
} from './grpc-framing.js';
import type { RawMessage } from './grpc-framing.js';

/** Request messages above this are refused with RESOURCE_EXHAUSTED (as the SDKs' own limit). */
const MAX_RECEIVE_MESSAGE_BYTES = 12 * 1024 * 1024;
/** A response above this ends the call with RESOURCE_EXHAUSTED instead of being sent. */
const MAX_SEND_MESSAGE_BYTES = 64 * 1024 * 1024;

/** setTimeout's longest delay (longer ones fire at once); a later deadline is as good as none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const RESPONSE_HEADERS = {
  ':status': 200,
  'content-type': 'application/grpc+proto',
  'grpc-accept-encoding': 'identity,deflate,gzip',
  'grpc-encoding': 'identity',
} as const;

/** A header's first value as text (HTTP/2 hands repeated headers over as arrays). */
export function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The response that ends a stream at once with a status: no messages, no separate trailers (for
 * OK with nothing sent, or a method that does not exist; a call's error follows headers). A
 * client still sending then gets RST_STREAM(NO_ERROR), HTTP/2's way to end a request whose
 * response is complete (Node sends it once the headers are out). After trailers the stream is
 * left to the client, as grpc-js's server leaves it: Node's reset there can overtake the
 * trailers.
 */
export function trailersOnly(stream: ServerHttp2Stream, error: EmulatorError | undefined): void {
  if (stream.destroyed || stream.closed || stream.headersSent) return;
  stream.respond({ ...RESPONSE_HEADERS, ...statusTrailers(error) }, { endStream: true });
  if (!stream.readableEnded) stream.close();
}

function statusTrailers(error: EmulatorError | undefined): Record<string, string> {
  return error === undefined
    ? { 'grpc-status': '0' }
    : {
        'grpc-status': String(grpcStatusOf(error.code)),
        'grpc-message': encodeGrpcMessage(error.message),
      };
}

/** Decompresses a message the client compressed with the call's `grpc-encoding`. */
function decompress(encoding: string, bytes: Buffer): Buffer {
  if (encoding !== 'gzip' && encoding !== 'deflate') {
    throw new EmulatorError(
      'UNIMPLEMENTED',
      `Received message compressed with unsupported encoding "${encoding}"`,
    );
  }
  // Loaded on first use only: no client the emulator serves compresses by default.
  const zlib = process.getBuiltinModule('node:zlib') as typeof ZlibModule;
  const options = { maxOutputLength: MAX_RECEIVE_MESSAGE_BYTES };
  try {
    return encoding === 'gzip' ? zlib.gunzipSync(bytes, options) : zlib.inflateSync(bytes, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new EmulatorError(
        'RESOURCE_EXHAUSTED',
        `Received message that decompresses to a size larger than ${MAX_RECEIVE_MESSAGE_BYTES}`,
      );
    }
    throw new EmulatorError('INVALID_ARGUMENT', 'Failed to decompress message');
  }
}

export class GrpcCall {
  /** Called once if the call ends without its handler ending it: cancelled, timed out, broken. */
  onAbandon: () => void = () => {};
  private finished = false;
  private endedByHandler = false;
  private abandoned = false;
  private trailers: Record<string, string> = statusTrailers(undefined);
  private deadline: NodeJS.Timeout | undefined;
  private readonly deframer = new MessageDeframer(MAX_RECEIVE_MESSAGE_BYTES);
  private readonly encoding: string;
  /** Messages written since the stream last asked to be drained (a client not reading). */
  private unsentMessages = 0;

  constructor(
    private readonly stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
  ) {
    this.encoding = headerText(headers, 'grpc-encoding') ?? 'identity';
    // A reset, a lost connection or a destroyed session: whatever the call was doing is moot.
    stream.on('error', () => {});
    stream.on('close', () => this.abandon());
    stream.on('drain', () => (this.unsentMessages = 0));
    const timeout = headerText(headers, 'grpc-timeout');
    if (timeout !== undefined) this.startDeadline(timeout);
  }

  /** Neither ended nor cancelled: messages may still be sent. */
  get active(): boolean {
    return !this.finished && !this.stream.destroyed && !this.stream.closed;
  }

  /** Messages waiting in the stream's buffer beyond what HTTP/2 flow control let through. */
  get backlog(): number {
    return this.unsentMessages;
  }

  /** Feeds each request message's bytes to `onMessage`, then calls `onHalfClose`. */
  read(onMessage: (bytes: Buffer) => void, onHalfClose: () => void): void {
    this.stream.on('data', (chunk: Buffer) => {
      if (!this.active) return;
      let messages: RawMessage[];
      try {
        messages = this.deframer.push(chunk);
      } catch (error) {
        this.fail(error as EmulatorError);
        return;
      }
      for (const message of messages) {
        if (!this.active) return;
        let bytes: Buffer;
        try {
          bytes = message.compressed ? decompress(this.encoding, message.bytes) : message.bytes;
        } catch (error) {
          this.fail(error as EmulatorError);
          return;
        }
        onMessage(bytes);
      }
    });
    this.stream.on('end', () => {
      if (!this.active) return;
      if (this.deframer.pendingBytes > 0) {
        this.fail(
          new EmulatorError(
            'INVALID_ARGUMENT',
            `The request ended inside a gRPC message (${this.deframer.pendingBytes} bytes of it arrived).`,
          ),
        );
      } else {
        onHalfClose();
      }
    });
  }

  /**
   * Sends one response message. When the stream's buffer is full the caller should wait for
   * `drained()` before the next one (a Listen stream cannot wait; it checks `backlog`).
   */
  send(bytes: Uint8Array): void {
    if (!this.active) return;
    if (bytes.length > MAX_SEND_MESSAGE_BYTES) {
      this.fail(
        new EmulatorError(
          'RESOURCE_EXHAUSTED',
          `Sent message larger than max (${bytes.length} vs. ${MAX_SEND_MESSAGE_BYTES})`,
        ),
      );
      return;
    }
    this.sendHeaders();
    if (!this.stream.write(frameMessage(bytes))) this.unsentMessages++;
  }

  /** Resolves once the stream can take more, or the call is over. */
  drained(): Promise<void> {
    if (!this.active || !this.stream.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.removeListener('drain', done);
        this.stream.removeListener('close', done);
        resolve();
      };
      this.stream.once('drain', done);
      this.stream.once('close', done);
    });
  }

  /** The handler ends the call, with OK or with the error's status; later calls do nothing. */
  end(error?: EmulatorError): void {
    if (!this.active) return;
    this.endedByHandler = true;
    this.finish(error);
  }

  private finish(error: EmulatorError | undefined): void {
    this.finished = true;
    clearTimeout(this.deadline);
    if (error === undefined && !this.stream.headersSent) {
      trailersOnly(this.stream, error);
      return;
    }
    // An error goes out as headers, then trailers, never trailers-only, as production answers a
    // failing server-streaming call. The Admin SDK needs it: google-gax hands server streams to
    // retry-request, which re-sends (twice, about 2 s and 4 s apart) a call whose 'error' comes before
    // a 'response' event, and gax raises 'response' on grpc-js's 'metadata' (headers) or
    // 'status'; for a trailers-only response grpc-js raises no 'metadata' and 'error' before
    // 'status'. So a permanent error of runQuery, runAggregationQuery or batchGetDocuments took
    // about 7 s and three requests to reach the caller.
    this.sendHeaders();
    this.trailers = statusTrailers(error);
    this.stream.end();
  }

  /** Ends the call with a status its handler did not choose, and tells the handler. */
  private fail(error: EmulatorError): void {
    if (this.active) this.finish(error);
    this.abandon();
  }

  private abandon(): void {
    clearTimeout(this.deadline);
    if (this.abandoned || this.endedByHandler) return;
    this.abandoned = true;
    this.onAbandon();
  }

  private sendHeaders(): void {
    if (this.stream.headersSent) return;
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(this.trailers));
  }

  private startDeadline(value: string): void {
    const ms = parseGrpcTimeout(value);
    if (ms === undefined) {
      this.fail(new EmulatorError('INVALID_ARGUMENT', `Invalid grpc-timeout value "${value}"`));
      return;
    }
    if (ms > MAX_TIMER_MS) return;
    this.deadline = setTimeout(
      () => this.fail(new EmulatorError('DEADLINE_EXCEEDED', 'Deadline exceeded')),
      ms,
    );
  }
}
