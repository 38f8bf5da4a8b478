// One strictly increasing microsecond clock for commit, update and read times. The SDK ignores
// a watched document whose updateTime is not newer than its cached version, and readTime must
// never go backwards for a client, across restarts too (imports advance the clock).
import type { Timestamp } from '../model/types.js';

export interface Clock {
  /** A new time, strictly greater than every time returned before. */
  now(): Timestamp;
  /** Makes every later `now()` strictly greater than `time`. */
  advancePast(time: Timestamp): void;
}

export function timestampToMicros(time: Timestamp): number {
  return time.seconds * 1_000_000 + Math.floor(time.nanos / 1000);
}

export function microsToTimestamp(micros: number): Timestamp {
  const seconds = Math.floor(micros / 1_000_000);
  return { seconds, nanos: (micros - seconds * 1_000_000) * 1000 };
}

function wallClockMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

/** The default clock: wall time in µs, bumped by 1 µs whenever it would not move forward. */
export function createMonotonicClock(source: () => number = wallClockMicros): Clock {
  let last = 0;
  return {
    now() {
      const t = source();
      last = t > last ? t : last + 1;
      return microsToTimestamp(last);
    },
    advancePast(time) {
      const micros = timestampToMicros(time);
      if (micros > last) last = micros;
    },
  };
}
