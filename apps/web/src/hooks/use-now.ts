import { useSyncExternalStore } from 'react';

export type Ticker = {
  /**
   * The time (ms) of the latest tick. With nobody listening it is at most one interval old: a
   * screen's first render reads it before it subscribes, and must not show a date from whenever
   * the last screen stopped listening.
   */
  now(): number;
  subscribe(listener: () => void): () => void;
};

/** One interval shared by every subscriber, running only while there is one. */
export function createTicker(intervalMs: number): Ticker {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    now() {
      // Stable within an interval, as React requires of a snapshot read twice in one render.
      if (timer === undefined && Date.now() - now >= intervalMs) now = Date.now();
      return now;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (timer === undefined) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const notify of listeners) notify();
        }, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

/** How often relative dates move on: "just now" becomes "1 min. ago" within this. */
const relativeDates = createTicker(30_000);

/** The current time in ms, re-rendering its users every 30 s. */
export function useNow(): number {
  return useSyncExternalStore(relativeDates.subscribe, relativeDates.now, relativeDates.now);
}
