// The one total every stored object and every upload in flight is counted against, so a client
// cannot grow the process without bound: when it is spent, uploads are refused with Storage's
// quota answer (RESOURCE_EXHAUSTED, which the HTTP transport sends as 402) and nothing is kept.
import { EmulatorError } from '../errors.js';
import type { ByteReservation } from './types.js';

export class ByteBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  get usedBytes(): number {
    return this.used;
  }

  get freeBytes(): number {
    return this.limit - this.used;
  }

  /** A reservation starting at `bytes` (0 by default). */
  reserve(bytes = 0): ByteReservation {
    let held = 0;
    let released = false;
    const grow = (more: number): void => {
      if (released) throw new Error('grow() after release()');
      if (this.used + more > this.limit) {
        throw new EmulatorError(
          'RESOURCE_EXHAUSTED',
          `Quota exceeded: the emulator's storage budget of ${this.limit} bytes is full ` +
            `(${this.used} bytes in use, ${more} more requested). Delete objects or start the ` +
            'emulator with a larger --storage-max-bytes.',
        );
      }
      this.used += more;
      held += more;
    };
    grow(bytes);
    return {
      get bytes() {
        return held;
      },
      grow,
      release: () => {
        if (released) return;
        released = true;
        this.used -= held;
        held = 0;
      },
    };
  }
}
