// Code a screen will want soon but does not need to paint (tooltips, menus, suggestions) loads
// once the first screen has shown and the browser is idle, so it never competes with the
// screen's own chunks for the network.

let screenHasShown = false;
const waiting = new Set<() => void>();

/** Called when a screen has rendered its content (`ScreenShown`); starts what was waiting. */
export function markScreenShown(): void {
  if (screenHasShown) return;
  screenHasShown = true;
  for (const start of waiting) start();
  waiting.clear();
}

function idle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * Runs `run` once a screen has shown and then the browser is idle (at the latest two seconds
 * later); answers a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const start = () => {
    cancelIdle = idle(run);
  };
  if (screenHasShown) start();
  else waiting.add(start);
  return () => {
    waiting.delete(start);
    cancelIdle?.();
  };
}
