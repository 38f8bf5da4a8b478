// gRPC (h2c) binding of google.firestore.v1.Firestore over the prebuilt descriptor of the
// vendored protos (service-definition.ts): every RPC of rpcs.ts and the Listen and Write streams,
// through the codec's object face. The server never listens itself: server.ts sniffs the HTTP/2
// preface and injects sockets (grpc-js ≥ 1.11, gRFC L114). This module is imported lazily on the
// first HTTP/2 connection, which keeps start-up fast for clients that never speak gRPC. Methods
// without a handler answer UNIMPLEMENTED.
import * as grpc from '@grpc/grpc-js';
import type { Duplex } from 'node:stream';
import { EmulatorError } from '../../errors.js';
import type { Caller, FirestoreService } from '../../service/types.js';
import { callerFromAuthorization } from '../caller.js';
import { objectCodec } from '../codec.js';
import type { Logger } from '../logger.js';
import { callRpc, databaseOfResource, RPCS } from '../rpcs.js';
import type { Rpc } from '../rpcs.js';
import { grpcStatusOf, toEmulatorError } from '../status.js';
import { CLOSED_STREAM, openStream } from '../streams.js';
import type { StreamRpc, WireStream } from '../streams.js';
import { loadServiceDefinition } from './service-definition.js';

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
  inject(socket: Duplex): void;
  close(): void;
};

type Message = { readonly [field: string]: unknown };

/**
 * What a request deserialises to when its bytes are not a valid message (garbage, or nested
 * deeper than the protobuf reader allows). grpc-js answers a throwing deserialiser with
 * INTERNAL; production answers INVALID_ARGUMENT, so the handlers answer it instead.
 */
class UndecodableRequest {
  readonly error: EmulatorError;
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    this.error = new EmulatorError(
      'INVALID_ARGUMENT',
      `The request message could not be parsed: ${reason}.`,
    );
  }
}

function tolerantDeserializers(definition: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [name, method] of Object.entries(definition)) {
    out[name] = {
      ...method,
      requestDeserialize: (bytes: Buffer) => {
        try {
          return method.requestDeserialize(bytes);
        } catch (error) {
          return new UndecodableRequest(error);
        }
      },
    };
  }
  return out;
}

function authorizationOf(metadata: grpc.Metadata): string | undefined {
  const value = metadata.get('authorization')[0];
  return typeof value === 'string'
    ? value
    : value === undefined
      ? undefined
      : value.toString('utf8');
}

function toServiceError(error: EmulatorError): Partial<grpc.StatusObject> {
  return { code: grpcStatusOf(error.code), details: error.message };
}

export function createGrpcTransport(
  service: FirestoreService,
  log: Logger,
  keepalive: GrpcKeepalive,
): GrpcTransport {
  const serviceDefinition = tolerantDeserializers(loadServiceDefinition());

  const callerOf = (call: { metadata: grpc.Metadata }) => (): Caller =>
    callerFromAuthorization(authorizationOf(call.metadata));
  const mapError = (error: unknown): Partial<grpc.StatusObject> =>
    toServiceError(toEmulatorError(error, log.error));

  function unary(rpc: Rpc): grpc.handleUnaryCall<Message, unknown> {
    return (call, callback) => {
      if (call.request instanceof UndecodableRequest) {
        callback(toServiceError(call.request.error));
        return;
      }
      callRpc(rpc, objectCodec, service, call.request, callerOf(call)).then(
        (response) => callback(null, response),
        (error: unknown) => callback(mapError(error)),
      );
    };
  }

  function serverStream(rpc: Rpc): grpc.handleServerStreamingCall<Message, unknown> {
    return (call) => {
      if (call.request instanceof UndecodableRequest) {
        call.emit('error', toServiceError(call.request.error));
        return;
      }
      callRpc(rpc, objectCodec, service, call.request, callerOf(call)).then(
        (messages) => {
          for (const m of messages as readonly unknown[]) call.write(m);
          call.end();
        },
        (error: unknown) => call.emit('error', mapError(error)),
      );
    };
  }

  /** Listen and Write: the stream opens on the first message, which names the database. */
  function bidiStream(rpc: StreamRpc): grpc.handleBidiStreamingCall<Message, unknown> {
    return (call) => {
      let stream: WireStream | undefined;
      const output = {
        send(message: unknown) {
          if (rpc === 'Listen' && call.writableLength > MAX_PENDING_LISTEN_RESPONSES) {
            // A client that stopped reading; it will reconnect and resume.
            queueMicrotask(() =>
              stream?.close(
                new EmulatorError('UNAVAILABLE', 'The client is not reading its Listen stream.'),
              ),
            );
            return;
          }
          call.write(message);
        },
        end(error?: EmulatorError) {
          if (call.cancelled || call.destroyed) return;
          if (error) call.emit('error', toServiceError(error));
          else call.end();
        },
      };
      call.on('data', (raw: Message | UndecodableRequest) => {
        if (raw instanceof UndecodableRequest) {
          if (stream === undefined) {
            stream = CLOSED_STREAM;
            output.end(raw.error);
          } else {
            stream.close(raw.error);
          }
          return;
        }
        if (stream === undefined) {
          try {
            const ctx = {
              database: databaseOfResource(raw.database, 'database'),
              caller: callerOf(call)(),
            };
            stream = openStream(rpc, service, ctx, objectCodec, output, log);
          } catch (error) {
            stream = CLOSED_STREAM;
            output.end(toEmulatorError(error, log.error));
            return;
          }
        }
        stream.receive(raw);
      });
      call.on('end', () => {
        if (stream === undefined) output.end();
        else stream.finish();
      });
      const abandon = (): void => stream?.close();
      call.on('cancelled', abandon);
      call.on('error', abandon);
    };
  }

  const implementation: grpc.UntypedServiceImplementation = {
    Listen: bidiStream('Listen'),
    Write: bidiStream('Write'),
  };
  for (const [method, rpc] of Object.entries(RPCS) as [string, Rpc][]) {
    implementation[method] = rpc.streaming ? serverStream(rpc) : unary(rpc);
  }

  const server = new grpc.Server({
    'grpc.max_receive_message_length': 12 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
    'grpc.keepalive_time_ms': keepalive.http2PingIntervalMs,
    'grpc.keepalive_timeout_ms': keepalive.http2PingTimeoutMs,
  });
  server.addService(serviceDefinition, implementation);
  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  return {
    inject: (socket) => injector.injectConnection(socket),
    close() {
      injector.destroy();
      server.forceShutdown();
    },
  };
}
