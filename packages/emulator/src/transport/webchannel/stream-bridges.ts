// The Listen and Write streams over a WebChannel session: proto3 JSON in, JSON payloads out (one
// per array). Stream failures go out as {"error":{code,message,status}}, which the SDK reads by
// its `status` string before closing the channel (wire-brief §9).
import type { EmulatorError } from '../../errors.js';
import type { FirestoreService, RequestContext } from '../../service/types.js';
import {
  fromRestListenRequest,
  fromRestWriteRequest,
  toRestBytes,
  toRestListenResponse,
  toRestTimestamp,
  toRestWriteResult,
} from '../http/rest-codec.js';
import type { Logger } from '../logger.js';
import { toJsonErrorBody } from '../status.js';
import { openListenStream, openWriteStream } from '../streams.js';
import type { StreamBridge } from './session.js';

/** Where a bridge sends payloads: the session outbox. */
export type PayloadSink = { enqueue(payload: unknown): void };

/** A bridge for a session whose handshake could not start a stream (e.g. a bad token). */
export function failedBridge(sink: PayloadSink, error: EmulatorError): StreamBridge {
  sink.enqueue(toJsonErrorBody(error));
  return { receive: () => {}, close: () => {} };
}

export function listenBridge(
  service: FirestoreService,
  ctx: RequestContext,
  sink: PayloadSink,
  log: Logger,
): StreamBridge {
  const stream = openListenStream(
    service,
    ctx,
    {
      send: (response) => sink.enqueue(toRestListenResponse(response)),
      fail: (error) => sink.enqueue(toJsonErrorBody(error)),
    },
    log,
  );
  return {
    receive(json) {
      let message;
      try {
        message = fromRestListenRequest(json);
      } catch (error) {
        stream.reject(error);
        return;
      }
      if (message.kind === 'add') stream.addTarget(message.target);
      else if (message.kind === 'remove') stream.removeTarget(message.targetId);
    },
    close: () => stream.close(),
  };
}

export function writeBridge(
  service: FirestoreService,
  ctx: RequestContext,
  sink: PayloadSink,
  log: Logger,
): StreamBridge {
  const stream = openWriteStream(
    service,
    ctx,
    {
      handshake: (reply) =>
        sink.enqueue({ streamId: reply.streamId, streamToken: toRestBytes(reply.streamToken) }),
      result: (reply) =>
        sink.enqueue({
          streamToken: toRestBytes(reply.streamToken),
          commitTime: toRestTimestamp(reply.commitTime),
          writeResults: reply.writeResults.map(toRestWriteResult),
        }),
      fail: (error) => sink.enqueue(toJsonErrorBody(error)),
    },
    log,
  );
  return {
    receive(json) {
      let writes;
      try {
        writes = fromRestWriteRequest(json).writes;
      } catch (error) {
        stream.reject(error);
        return;
      }
      stream.receive(writes);
    },
    close: () => stream.close(),
  };
}
