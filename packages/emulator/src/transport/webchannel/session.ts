// One WebChannel session: an outbox of numbered arrays kept until the client acknowledges them
// (AID), one backchannel GET at a time (streaming CI=0 or long-poll CI=1), forward-message
// de-duplication by map id, keep-alives, and bounds. The client may abort a backchannel and drop
// what was in flight (its buffering-proxy detection does so even on localhost), so nothing leaves
// the outbox before an ack. The session's life is its entry in the handler's registry: the
// registry disposes of it once, and disposing closes its stream.
import type { ServerResponse } from 'node:http';
import type { WireStream } from '../streams.js';
import { encodeChunk, toAsciiJson } from './framing.js';
import { epochNow } from './observer.js';
import type { WebChannelProbe } from './observer.js';

export type SessionLimits = {
  /** Arrays waiting for an ack before the session is dropped with `stop`. */
  readonly maxOutboxArrays: number;
  readonly maxOutboxBytes: number;
  /** Keep-alive period on a streaming backchannel (client timeout is 1.5× the handshake value). */
  readonly keepAliveMs: number;
  /** Longest a long-poll GET is held when it has nothing to deliver. */
  readonly longPollHoldMs: number;
  /**
   * A streaming GET is ended after carrying this many bytes, so that the client opens a new one
   * and acknowledges (AID) what it has processed: acks ride only on requests.
   */
  readonly maxStreamingBytes: number;
};

type OutboxEntry = { readonly id: number; readonly text: string };

type Backchannel = {
  readonly res: ServerResponse;
  readonly longPoll: boolean;
  /** Highest array id written to this response. */
  sentUpTo: number;
  bytesWritten: number;
  timer: NodeJS.Timeout | undefined;
};

const BACKCHANNEL_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
};

export class WebChannelSession {
  private nextArrayId = 1;
  private outbox: OutboxEntry[] = [];
  private outboxBytes = 0;
  private nextMapId = 0;
  private backchannel: Backchannel | undefined;
  private flushScheduled = false;
  private stream: WireStream | undefined;
  private overflowed = false;
  lastActivity = Date.now();

  constructor(
    readonly id: string,
    readonly kind: 'Listen' | 'Write',
    private readonly limits: SessionLimits,
    private readonly onOverflow: (session: WebChannelSession) => void,
    private readonly probe: WebChannelProbe,
  ) {}

  setStream(stream: WireStream): void {
    this.stream = stream;
  }

  get lastArrayId(): number {
    return this.nextArrayId - 1;
  }

  get hasBackchannel(): boolean {
    return this.backchannel !== undefined;
  }

  /** Bytes queued but not yet acknowledged. */
  get pendingBytes(): number {
    return this.outboxBytes;
  }

  /** Queues one payload as its own array (the SDK reads only the first element of each). */
  enqueue(payload: unknown): void {
    this.enqueueArray([payload]);
  }

  /** `["noop"]`: a keep-alive the client ignores. */
  private enqueueNoop(): void {
    this.enqueueArray(['noop']);
  }

  private enqueueArray(content: readonly unknown[]): void {
    if (this.overflowed) return;
    const id = this.nextArrayId++;
    const text = toAsciiJson([id, content]);
    this.outbox.push({ id, text });
    this.outboxBytes += text.length;
    // An optional call evaluates its argument only when an observer is attached.
    this.probe.observer?.({
      type: 'queued',
      kind: this.kind,
      sessionId: this.id,
      arrayId: id,
      at: epochNow(),
    });
    if (
      this.outbox.length > this.limits.maxOutboxArrays ||
      this.outboxBytes > this.limits.maxOutboxBytes
    ) {
      // Dropped outside the caller's stack: this runs inside the listen engine's fan-out.
      this.overflowed = true;
      queueMicrotask(() => this.onOverflow(this));
      return;
    }
    this.scheduleFlush();
  }

  /** Drops arrays the client has processed. */
  ack(aid: number): void {
    if (!Number.isInteger(aid)) return;
    let drop = 0;
    while (drop < this.outbox.length && this.outbox[drop]!.id <= aid) {
      this.outboxBytes -= this.outbox[drop]!.text.length;
      drop++;
    }
    if (drop > 0) this.outbox = this.outbox.slice(drop);
  }

  /** Feeds forward messages, skipping map ids already seen (a retried POST repeats them). */
  receive(messages: readonly { mapId: number; json: unknown }[]): void {
    this.lastActivity = Date.now();
    for (const message of messages) {
      if (message.mapId < this.nextMapId) continue;
      this.nextMapId = message.mapId + 1;
      this.stream?.receive(message.json);
    }
  }

  /** A new backchannel GET replaces the previous one and gets everything not yet acked. */
  attachBackchannel(
    res: ServerResponse,
    options: { longPoll: boolean; aid: number; holdMs?: number },
  ): void {
    this.lastActivity = Date.now();
    // An AID beyond the last array queued acknowledges all there is; clamped, so that arrays
    // queued from now on (ids above it) are still delivered instead of silently withheld.
    const aid = Number.isInteger(options.aid) ? Math.min(options.aid, this.lastArrayId) : 0;
    this.ack(aid);
    this.detachBackchannel();
    res.writeHead(200, BACKCHANNEL_HEADERS);
    const backchannel: Backchannel = {
      res,
      longPoll: options.longPoll,
      sentUpTo: aid,
      bytesWritten: 0,
      timer: undefined,
    };
    this.backchannel = backchannel;
    // A client that vanishes mid-write must not surface as an unhandled 'error' event.
    res.on('error', () => {
      if (this.backchannel === backchannel) this.detachBackchannel();
    });
    res.on('close', () => {
      if (this.backchannel === backchannel) this.detachBackchannel();
    });
    const hasPending = this.outbox.some((e) => e.id > backchannel.sentUpTo);
    if (options.longPoll) {
      if (hasPending) {
        this.flush();
      } else {
        const hold = Math.min(
          options.holdMs ?? this.limits.longPollHoldMs,
          this.limits.longPollHoldMs,
        );
        backchannel.timer = setTimeout(() => this.enqueueNoop(), Math.max(hold, 0));
        backchannel.timer.unref();
      }
      return;
    }
    // Streaming: write at once (data or a noop) so the client's buffering-proxy detection,
    // which fires after a few handshake round trips on localhost, never trips.
    if (!hasPending) this.enqueueNoop();
    this.flushNow();
    if (this.backchannel === backchannel) this.armKeepAlive(backchannel);
  }

  private armKeepAlive(backchannel: Backchannel): void {
    if (backchannel.timer) clearTimeout(backchannel.timer);
    backchannel.timer = setTimeout(() => {
      if (this.backchannel !== backchannel) return;
      this.enqueueNoop();
    }, this.limits.keepAliveMs);
    backchannel.timer.unref();
  }

  private detachBackchannel(): void {
    const backchannel = this.backchannel;
    if (!backchannel) return;
    this.backchannel = undefined;
    if (backchannel.timer) clearTimeout(backchannel.timer);
    if (!backchannel.res.writableEnded) backchannel.res.end();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => this.flushNow());
  }

  private flushNow(): void {
    this.flushScheduled = false;
    this.flush();
  }

  /** Writes every array the current backchannel has not carried yet, as one chunk. */
  private flush(): void {
    const backchannel = this.backchannel;
    if (!backchannel) return;
    if (backchannel.res.destroyed) {
      this.detachBackchannel();
      return;
    }
    // One response carries at most maxStreamingBytes (but always at least one array); the rest
    // waits for the next GET, whose AID acknowledges what this one delivered.
    const budget = this.limits.maxStreamingBytes - backchannel.bytesWritten;
    const pending: OutboxEntry[] = [];
    let size = 0;
    let full = false;
    for (const entry of this.outbox) {
      if (entry.id <= backchannel.sentUpTo) continue;
      if (pending.length > 0 && size + entry.text.length > budget) {
        full = true;
        break;
      }
      pending.push(entry);
      size += entry.text.length + 1;
    }
    if (pending.length === 0) return;
    const chunk = encodeChunk('[' + pending.map((e) => e.text).join(',') + ']');
    backchannel.sentUpTo = pending[pending.length - 1]!.id;
    backchannel.bytesWritten += chunk.length;
    backchannel.res.write(chunk);
    this.probe.observer?.({
      type: 'written',
      kind: this.kind,
      sessionId: this.id,
      lastArrayId: backchannel.sentUpTo,
      bytes: chunk.length,
      longPoll: backchannel.longPoll,
      at: epochNow(),
    });
    if (backchannel.longPoll || full || backchannel.bytesWritten >= this.limits.maxStreamingBytes) {
      this.detachBackchannel();
    } else {
      this.armKeepAlive(backchannel);
    }
  }

  /**
   * Ends the session; the registry calls it once. With `stop`, an open backchannel first receives
   * a `["stop"]` array, which the SDK treats as a transient channel error and answers by
   * reconnecting and resuming.
   */
  close(options: { stop?: boolean } = {}): void {
    const backchannel = this.backchannel;
    if (
      options.stop &&
      backchannel &&
      !backchannel.res.writableEnded &&
      !backchannel.res.destroyed
    ) {
      const id = this.nextArrayId++;
      backchannel.res.write(encodeChunk(toAsciiJson([[id, ['stop']]])));
    }
    this.detachBackchannel();
    this.outbox = [];
    this.outboxBytes = 0;
    const stream = this.stream;
    this.stream = undefined;
    stream?.close();
  }
}
