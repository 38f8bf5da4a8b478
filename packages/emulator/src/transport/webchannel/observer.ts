// Timing probes on WebChannel traffic, for benches that run the emulator in-process (the
// write-latency bench attaches one through `EmulatorServer.observeWebChannel`). Nothing is timed
// or allocated while no observer is attached, and an observer changes nothing on the wire.
//
// Times are epochs in milliseconds with sub-millisecond precision,
// `performance.timeOrigin + performance.now()`: the same construction a browser page uses, so a
// bench on the same machine can put both on one time line.
import { performance } from 'node:perf_hooks';

export type WebChannelKind = 'Listen' | 'Write';

export type WebChannelEvent =
  /** A forward POST of an open session arrived (`receivedAt`: its head was parsed). */
  | {
      readonly type: 'forward';
      readonly kind: WebChannelKind;
      readonly sessionId: string;
      readonly receivedAt: number;
      /** Its messages were decoded and handed to the session's stream. */
      readonly handledAt: number;
      readonly messages: number;
    }
  /** A stream response was queued as array `arrayId` (for Write: a commit answered). */
  | {
      readonly type: 'queued';
      readonly kind: WebChannelKind;
      readonly sessionId: string;
      readonly arrayId: number;
      readonly at: number;
    }
  /** Arrays up to `lastArrayId` went out as one chunk on the session's backchannel. */
  | {
      readonly type: 'written';
      readonly kind: WebChannelKind;
      readonly sessionId: string;
      readonly lastArrayId: number;
      readonly bytes: number;
      readonly longPoll: boolean;
      readonly at: number;
    };

export type WebChannelObserver = (event: WebChannelEvent) => void;

/** Where the handler and its sessions look for the observer; `observer` is swapped in place. */
export type WebChannelProbe = { observer: WebChannelObserver | undefined };

export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
