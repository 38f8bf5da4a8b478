import { useSyncExternalStore } from 'react';

export type Ticker = {
  /** The time (ms) of the latest tick; fresh when the first subscriber arrives. */
  now(): number;
  subscribe(listener: () => void): () => void;
};

/** One interval shared by every subscriber, running only while there is one. */
export function createTicker(intervalMs: number): Ticker {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    now: () => now,
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
