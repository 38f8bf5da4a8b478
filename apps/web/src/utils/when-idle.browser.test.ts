import { afterEach, expect, it, vi } from 'vitest';
import { FIRST_PAINT_CLASS, revealApp } from '../lib/first-paint-hand-over';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  document.documentElement.classList.remove(FIRST_PAINT_CLASS);
});

it('under a first paint, waits for the app to take over before loading code for later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback'] });
  vi.resetModules();
  const { markScreenShown, whenIdle } = await import('./when-idle');
  document.documentElement.classList.add(FIRST_PAINT_CLASS);
  const run = vi.fn();
  whenIdle(run);
  // The app's screen has rendered, hidden under the first paint, while its data is on its way.
  markScreenShown();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(run).not.toHaveBeenCalled();

  revealApp();
  // The hand-over is seen (a mutation record), then the paint's moment and an idle one pass.
  await vi.waitFor(async () => {
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
