import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

async function freshModule() {
  vi.resetModules();
  return import('./when-idle');
}

describe('whenIdle', () => {
  it('waits for the first screen, then for an idle moment', async () => {
    vi.useFakeTimers();
    const { markScreenShown, whenIdle } = await freshModule();
    const run = vi.fn();
    whenIdle(run);
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    markScreenShown();
    expect(run).not.toHaveBeenCalled();
    // Without a paint report (none in Node), a moment for the paint, then the idle moment.
    vi.advanceTimersByTime(250);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts at once, after an idle moment, once a screen has shown', async () => {
    vi.useFakeTimers();
    const { markScreenShown, whenIdle } = await freshModule();
    markScreenShown();
    vi.advanceTimersByTime(250);
    const run = vi.fn();
    whenIdle(run);
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancels before and after the screen has shown', async () => {
    vi.useFakeTimers();
    const { markScreenShown, whenIdle } = await freshModule();
    const early = vi.fn();
    const late = vi.fn();
    whenIdle(early)();
    markScreenShown();
    whenIdle(late)();
    vi.advanceTimersByTime(5_000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
