import { useSyncExternalStore } from 'react';

/** How often relative dates move on: "just now" becomes "1 min. ago" within this. */
const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

// One timer for every relative date on screen, running only while one is mounted.
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, re-rendering its users every 30 s. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
