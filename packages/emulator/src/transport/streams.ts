// The Listen and Write stream state machines shared by WebChannel and gRPC. Transports decode
// each request, call these, and encode what comes out; failures arrive once, already mapped to an
// EmulatorError, after which the stream accepts nothing more.
import { EmulatorError } from '../errors.js';
import type { Write } from '../model/types.js';
import type {
  CommitResponse,
  FirestoreService,
  ListenResponse,
  ListenTarget,
  RequestContext,
  WriteSession,
} from '../service/types.js';
import type { Logger } from './logger.js';
import { toEmulatorError } from './status.js';

export type ListenOutput = {
  send(response: ListenResponse): void;
  fail(error: EmulatorError): void;
};

export type ListenStream = {
  addTarget(target: ListenTarget): void;
  removeTarget(targetId: number): void;
  /** A request that could not be decoded ends the stream with its error. */
  reject(error: unknown): void;
  close(): void;
};

export function openListenStream(
  service: FirestoreService,
  ctx: RequestContext,
  output: ListenOutput,
  log: Logger,
): ListenStream {
  let dead = false;
  const fail = (error: unknown): void => {
    if (dead) return;
    dead = true;
    output.fail(toEmulatorError(error, log.error));
    session.close();
  };
  const session = service.listen(ctx, {
    send: (response) => {
      if (!dead) output.send(response);
    },
    fail,
  });
  const guarded = (action: () => void): void => {
    if (dead) return;
    try {
      action();
    } catch (error) {
      fail(error);
    }
  };
  return {
    addTarget: (target) => guarded(() => session.addTarget(target)),
    removeTarget: (targetId) => guarded(() => session.removeTarget(targetId)),
    reject: fail,
    close() {
      dead = true;
      session.close();
    },
  };
}

/** The SDK pipelines at most 10 batches; far more means a client that is not waiting for replies. */
const MAX_PENDING_BATCHES = 1000;

export type WriteOutput = {
  handshake(reply: { streamId: string; streamToken: Uint8Array }): void;
  result(reply: CommitResponse & { streamToken: Uint8Array }): void;
  fail(error: EmulatorError): void;
  /** The client closed cleanly (`writes: []` after the handshake) and every reply went out. */
  closed?(): void;
};

export type WriteStream = {
  /** One request: the first is the handshake; later ones carry a batch, empty = clean close. */
  receive(writes: readonly Write[] | undefined): void;
  reject(error: unknown): void;
  close(): void;
};

export function openWriteStream(
  service: FirestoreService,
  ctx: RequestContext,
  output: WriteOutput,
  log: Logger,
): WriteStream {
  let session: WriteSession | undefined;
  let dead = false;
  let pending = 0;
  // Batches are answered strictly in arrival order.
  let chain: Promise<void> = Promise.resolve();
  const fail = (error: unknown): void => {
    if (dead) return;
    dead = true;
    output.fail(toEmulatorError(error, log.error));
    session?.close();
  };
  return {
    receive(writes) {
      if (dead) return;
      try {
        if (!session) {
          session = service.openWriteSession(ctx);
          output.handshake(session.handshake());
          return;
        }
        const open = session;
        if (!writes || writes.length === 0) {
          dead = true;
          chain = chain.then(() => {
            open.close();
            output.closed?.();
          });
          return;
        }
        if (pending >= MAX_PENDING_BATCHES) {
          fail(
            new EmulatorError(
              'RESOURCE_EXHAUSTED',
              `More than ${MAX_PENDING_BATCHES} write batches are waiting on this stream.`,
            ),
          );
          return;
        }
        pending++;
        chain = chain.then(async () => {
          pending--;
          if (dead) return;
          try {
            const response = await open.write(writes);
            if (!dead) output.result(response);
          } catch (error) {
            fail(error);
          }
        });
      } catch (error) {
        fail(error);
      }
    },
    reject: fail,
    close() {
      dead = true;
      session?.close();
    },
  };
}
