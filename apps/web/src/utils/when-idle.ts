// Code a screen will want soon but does not need to paint (tooltips, menus, suggestions) loads
// once the first screen has shown and the browser is idle, so it never competes with the
// screen's own chunks and data for the network.
import { firstPaintShown } from '../lib/first-paint-hand-over';

let screenMarked = false;
let screenHasShown = false;
const waiting = new Set<() => void>();

/** Longest wait for the browser to report the screen's paint (it reports only a new largest). */
const PAINT_REPORT_MS = 250;

/**
 * Runs `run` once the screen just committed is on screen: the browser reports its largest
 * paint after presenting the frame (an idle moment, even the next frame's callback, can come
 * before that, and what starts then would count as, and compete with, the screen's own paint).
 * A screen no larger than what was painted before gets no report: then a moment later.
 */
function afterScreenPainted(run: () => void): void {
  const since = performance.now();
  const observer = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) finish();
      })
    : null;
  const timer = setTimeout(finish, PAINT_REPORT_MS);
  function finish() {
    observer?.disconnect();
    clearTimeout(timer);
    run();
  }
  observer?.observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Runs `run` once no first paint is up. Under one, the app's screen renders hidden and takes
 * over when its data has come: its live query's answer (about 100 KB for the gallery) must not
 * share a slow link with code for later.
 */
function afterHandOver(run: () => void): void {
  // (No document, as in a worker or Node: nothing was painted first.)
  if (typeof document === 'undefined' || !firstPaintShown()) return run();
  const observer = new MutationObserver(() => {
    if (firstPaintShown()) return;
    observer.disconnect();
    run();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}

/**
 * Called when a screen has rendered its content (`ScreenShown`); starts what was waiting once
 * that content is on screen and has been painted.
 */
export function markScreenShown(): void {
  if (screenMarked) return;
  screenMarked = true;
  afterHandOver(() =>
    afterScreenPainted(() => {
      screenHasShown = true;
      for (const start of waiting) start();
      waiting.clear();
    }),
  );
}

/**
 * Runs `run` when the browser is next idle, at the latest after `within` ms; where it cannot say
 * (no `requestIdleCallback`), after `otherwise` ms. Answers a function that cancels it.
 */
export function whenBrowserIdle(
  run: () => void,
  { within, otherwise }: { within: number; otherwise: number },
): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: within });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, otherwise);
  return () => clearTimeout(timer);
}

/**
 * Runs `run` once a screen has shown (been painted) and then the browser is idle (at the latest
 * two seconds later); answers a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const start = () => {
    cancelIdle = whenBrowserIdle(run, { within: 2_000, otherwise: 200 });
  };
  if (screenHasShown) start();
  else waiting.add(start);
  return () => {
    waiting.delete(start);
    cancelIdle?.();
  };
}
