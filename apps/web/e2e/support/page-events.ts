/**
 * Waiting for the events an absence check depends on, instead of sleeping: the snackbar notices
 * a page has shown, and the load or error events of its images and frames.
 */
import type { Page } from '@playwright/test';

type Recorded = { __notices: string[]; __settledMedia: WeakSet<EventTarget> };

/**
 * Records every snackbar notice the page shows from now on, in order (so one that appears and
 * hides again between two checks is still seen). The snackbar shows queued notices one at a time,
 * so once a later notice is visible every notice queued before it has been recorded.
 */
export async function recordNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const selector = '.MuiSnackbar-root [role="alert"]';
    const known = new WeakSet(document.querySelectorAll(selector));
    const notices: string[] = [];
    (window as unknown as Recorded).__notices = notices;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll(selector)) {
        if (known.has(alert)) continue;
        known.add(alert);
        notices.push(alert.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as Recorded).__notices]);
}

/** From the next navigation on, notes each element whose load or error event has fired. */
export async function trackMediaEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const settled = new WeakSet<EventTarget>();
    (window as unknown as Recorded).__settledMedia = settled;
    // Capturing on window sees the load/error events of every element (they do not bubble).
    for (const type of ['load', 'error'])
      window.addEventListener(type, (event) => event.target && settled.add(event.target), true);
  });
}

/**
 * Resolves once every image and frame on the page has fired load or error: the moment after
 * which an injected `onload`/`onerror` handler can no longer run. Needs `trackMediaEvents`.
 */
export async function mediaSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const settled = (window as unknown as Recorded).__settledMedia;
      return [...document.querySelectorAll('img[src], iframe')].every((el) => settled.has(el));
    },
    null,
    { timeout: 10_000 },
  );
}
