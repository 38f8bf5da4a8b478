// gRPC (h2c) binding of google.firestore.v1.Firestore on Node's own HTTP/2 server: every RPC of
// rpcs.ts and the Listen and Write streams, through the codec's object face and the message codecs
// of the prebuilt descriptor (service-definition.ts). grpc-call.ts speaks the gRPC protocol on
// each stream. The server never listens itself: server.ts sniffs the HTTP/2 preface and hands
// sockets over. This module is imported lazily on the first HTTP/2 connection, which keeps
// start-up fast for clients that never speak gRPC. Methods without a handler answer
// UNIMPLEMENTED.
import { createServer as createHttp2Server } from 'node:http2';
import type { IncomingHttpHeaders, ServerHttp2Session, ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';
import { EmulatorError } from '../../errors.js';
import type { Caller, FirestoreService } from '../../service/types.js';
import { callerFromAuthorization } from '../caller.js';
import { objectCodec } from '../codec.js';
import type { Logger } from '../logger.js';
import { callRpc, databaseOfResource, RPCS } from '../rpcs.js';
import type { Rpc } from '../rpcs.js';
import { toEmulatorError } from '../status.js';
import { CLOSED_STREAM, openStream } from '../streams.js';
import type { StreamRpc, WireStream } from '../streams.js';
import { GrpcCall, headerText, trailersOnly } from './grpc-call.js';
import { loadServiceDefinition } from './service-definition.js';
import type { MethodDefinition } from './service-definition.js';

/** Responses buffered for a Listen client that is not reading, before the stream is ended. */
const MAX_PENDING_LISTEN_RESPONSES = 100_000;

/** Keepalive pings: the one way to notice an HTTP/2 session that ended in a protocol error. */
export type GrpcKeepalive = {
  /**
   * Every gRPC connection is pinged this often. After a protocol error (an oversized frame,
   * DATA on a stream never opened) Node's HTTP/2 session sends GOAWAY and stops reading, yet
   * emits no event and keeps the socket; its pings then go unanswered.
   */
  readonly http2PingIntervalMs: number;
  /** A connection whose ping is not answered within this long is destroyed. */
  readonly http2PingTimeoutMs: number;
};

export type GrpcTransport = {
  inject(socket: Socket): void;
  close(): void;
};

type Message = { readonly [field: string]: unknown };
type Method = MethodDefinition<Message, Message>;

/** Request bytes that do not decode as the message (garbage, or nested past the reader's depth). */
function undecodable(cause: unknown): EmulatorError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `The request message could not be parsed: ${reason}.`,
  );
}

/**
 * Pings the session every interval and destroys it when a ping goes unanswered for the time-out
 * (or cannot be sent): a session that ended in a protocol error says so in no other way.
 */
function keepPinging(session: ServerHttp2Session, keepalive: GrpcKeepalive): void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    timer = setTimeout(ping, keepalive.http2PingIntervalMs);
    timer.unref();
  };
  const ping = (): void => {
    if (session.destroyed) return;
    let sent: boolean;
    try {
      sent = session.ping((error) => {
        clearTimeout(timer);
        if (error) session.destroy();
        else schedule();
      });
    } catch {
      sent = false;
    }
    if (!sent) {
      session.destroy();
      return;
    }
    timer = setTimeout(() => session.destroy(), keepalive.http2PingTimeoutMs);
    timer.unref();
  };
  schedule();
  session.once('close', () => clearTimeout(timer));
}

export function createGrpcTransport(
  service: FirestoreService,
  log: Logger,
  keepalive: GrpcKeepalive,
): GrpcTransport {
  const mapError = (error: unknown): EmulatorError => toEmulatorError(error, log.error);
  const callerOf = (headers: IncomingHttpHeaders) => (): Caller =>
    callerFromAuthorization(headerText(headers, 'authorization'));

  /** Serializes and sends one response; a message the codec cannot write ends the call. */
  const send = (call: GrpcCall, method: Method, message: unknown): void => {
    let bytes: Buffer;
    try {
      bytes = method.responseSerialize(message as Message);
    } catch (error) {
      call.end(mapError(error));
      return;
    }
    call.send(bytes);
  };

  /** Unary and server-streaming RPCs: exactly one request message, then the answer. */
  function serveRpc(call: GrpcCall, method: Method, rpc: Rpc, headers: IncomingHttpHeaders) {
    let request: Buffer | undefined;
    call.read(
      (bytes) => {
        if (request !== undefined) {
          call.end(
            new EmulatorError(
              'UNIMPLEMENTED',
              `Received a second request message for ${method.path}, which takes one`,
            ),
          );
          return;
        }
        request = bytes;
      },
      () => {
        if (request === undefined) {
          call.end(
            new EmulatorError('UNIMPLEMENTED', `Received no request message for ${method.path}`),
          );
          return;
        }
        let message: Message;
        try {
          message = method.requestDeserialize(request);
        } catch (error) {
          call.end(undecodable(error));
          return;
        }
        void answer(call, method, rpc, message, callerOf(headers));
      },
    );
  }

  /** Runs the RPC and sends its answer; a server-streaming one as flow control lets it out. */
  async function answer(
    call: GrpcCall,
    method: Method,
    rpc: Rpc,
    request: Message,
    caller: () => Caller,
  ): Promise<void> {
    try {
      const response = await callRpc(rpc, objectCodec, service, request, caller);
      if (!rpc.streaming) {
        send(call, method, response);
      } else {
        for (const message of response as readonly unknown[]) {
          if (!call.active) return;
          send(call, method, message);
          await call.drained();
        }
      }
      call.end();
    } catch (error) {
      call.end(mapError(error));
    }
  }

  /** Listen and Write: the stream opens on the first message, which names the database. */
  function serveStream(
    call: GrpcCall,
    method: Method,
    rpc: StreamRpc,
    headers: IncomingHttpHeaders,
  ) {
    let stream: WireStream | undefined;
    const output = {
      send(message: unknown) {
        if (rpc === 'Listen' && call.backlog > MAX_PENDING_LISTEN_RESPONSES) {
          // A client that stopped reading; it will reconnect and resume.
          queueMicrotask(() =>
            stream?.close(
              new EmulatorError('UNAVAILABLE', 'The client is not reading its Listen stream.'),
            ),
          );
          return;
        }
        send(call, method, message);
      },
      end: (error?: EmulatorError) => call.end(error),
    };
    call.onAbandon = () => stream?.close();
    call.read(
      (bytes) => {
        let raw: Message;
        try {
          raw = method.requestDeserialize(bytes);
        } catch (error) {
          if (stream === undefined) {
            stream = CLOSED_STREAM;
            call.end(undecodable(error));
          } else {
            stream.close(undecodable(error));
          }
          return;
        }
        if (stream === undefined) {
          try {
            const ctx = {
              database: databaseOfResource(raw.database, 'database'),
              caller: callerOf(headers)(),
            };
            stream = openStream(rpc, service, ctx, objectCodec, output, log);
          } catch (error) {
            stream = CLOSED_STREAM;
            call.end(mapError(error));
            return;
          }
        }
        stream.receive(raw);
      },
      () => {
        if (stream === undefined) call.end();
        else stream.finish();
      },
    );
  }

  const definition = loadServiceDefinition();
  const handlers = new Map<
    string,
    (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => void
  >();
  for (const [name, method] of Object.entries(definition)) {
    const rpc = (RPCS as Record<string, Rpc>)[name];
    if (name === 'Listen' || name === 'Write') {
      handlers.set(method.path, (stream, headers) =>
        serveStream(new GrpcCall(stream, headers), method, name, headers),
      );
    } else if (rpc !== undefined) {
      handlers.set(method.path, (stream, headers) =>
        serveRpc(new GrpcCall(stream, headers), method, rpc, headers),
      );
    }
  }

  const onStream = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void => {
    const contentType = headerText(headers, 'content-type');
    if (contentType === undefined || !contentType.startsWith('application/grpc')) {
      stream.on('error', () => {});
      stream.respond({ ':status': 415 }, { endStream: true });
      if (!stream.readableEnded) stream.close();
      return;
    }
    const path = headerText(headers, ':path') ?? '';
    const handler = handlers.get(path);
    if (handler === undefined) {
      stream.on('error', () => {});
      trailersOnly(
        stream,
        new EmulatorError('UNIMPLEMENTED', `The server does not implement the method ${path}`),
      );
      return;
    }
    handler(stream, headers);
  };

  const sessions = new Set<ServerHttp2Session>();
  const http2Server = createHttp2Server({
    // As grpc-js's server: Node's own session memory bound stalls busy sessions instead of
    // protecting them (many Listen streams on one connection).
    maxSessionMemory: Number.MAX_SAFE_INTEGER,
    maxSendHeaderBlockLength: Number.MAX_SAFE_INTEGER,
  });
  http2Server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.on('error', () => session.destroy());
    session.once('close', () => sessions.delete(session));
    keepPinging(session, keepalive);
  });
  http2Server.on('stream', onStream);
  return {
    inject: (socket) => http2Server.emit('connection', socket),
    close() {
      for (const session of sessions) session.destroy();
    },
  };
}
