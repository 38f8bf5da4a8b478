// Listen and Write over any bidirectional wire (gRPC calls, WebChannel sessions): each client
// message is decoded with the wire's codec face and handed to the service's stream; responses are
// encoded with the same face. The service stream owns the stream's one "closed" state: the wire
// calls `close()` when it goes away, a message that cannot be decoded closes the stream with its
// error, and the wire's `end` runs exactly once, when the service stream ends.
import type { EmulatorError } from '../errors.js';
import type { ClientStream, FirestoreService, RequestContext } from '../service/types.js';
import type { Codec } from './codec.js';
import type { Logger } from './logger.js';
import { toEmulatorError } from './status.js';

export type StreamRpc = 'Listen' | 'Write';

/** How a wire sends encoded responses and ends the stream. */
export type WireOutput = {
  send(message: unknown): void;
  /** Called once: with the mapped error, or with none after a clean end. */
  end(error?: EmulatorError): void;
};

/** What a wire feeds a stream: raw messages, its half-close, and its own going away. */
export type WireStream = {
  receive(raw: unknown): void;
  finish(): void;
  close(error?: unknown): void;
};

/** A stream that never started (a bad handshake): it ignores everything. */
export const CLOSED_STREAM: WireStream = { receive() {}, finish() {}, close() {} };

export function openStream(
  rpc: StreamRpc,
  service: FirestoreService,
  ctx: RequestContext,
  codec: Codec,
  output: WireOutput,
  log: Logger,
): WireStream {
  const end = (error?: unknown): void =>
    output.end(error === undefined ? undefined : toEmulatorError(error, log.error));
  if (rpc === 'Listen') {
    const stream = service.listen(ctx, {
      send: (response) => output.send(codec.toListenResponse(response)),
      end,
    });
    return guarded(stream, (raw) => codec.fromListenRequest(raw).request);
  }
  const stream = service.write(ctx, {
    send: (response) => output.send(codec.toWriteResponse(response)),
    end,
  });
  return guarded(stream, (raw) => {
    const { writes } = codec.fromWriteRequest(raw);
    return writes === undefined ? {} : { writes };
  });
}

/** Decodes each message and closes the stream with whatever a message throws. */
function guarded<Request>(
  stream: ClientStream<Request>,
  decode: (raw: unknown) => Request,
): WireStream {
  return {
    receive(raw) {
      try {
        stream.receive(decode(raw));
      } catch (error) {
        stream.close(error);
      }
    },
    finish: () => stream.finish(),
    close: (error) => stream.close(error),
  };
}
