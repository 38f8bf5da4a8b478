import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTicker } from './use-now';

describe('createTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 12, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on every interval while someone listens, with one timer for all', () => {
    const ticker = createTicker(30_000);
    const first = vi.fn();
    const second = vi.fn();
    ticker.subscribe(first);
    ticker.subscribe(second);
    expect(vi.getTimerCount()).toBe(1);
    const start = ticker.now();
    vi.advanceTimersByTime(30_000);
    expect(ticker.now()).toBe(start + 30_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops its timer with the last listener and is fresh for the next one', () => {
    const ticker = createTicker(30_000);
    const stop = ticker.subscribe(() => undefined);
    const before = ticker.now();
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5 * 60_000);
    ticker.subscribe(() => undefined);
    expect(ticker.now()).toBe(before + 5 * 60_000);
  });

  it('with nobody listening, reads at most one interval old and the same within it', () => {
    const ticker = createTicker(30_000);
    const start = ticker.now();
    vi.advanceTimersByTime(29_999);
    // A render reads the snapshot twice: it must not move between the reads.
    expect(ticker.now()).toBe(start);
    vi.advanceTimersByTime(5 * 60_000);
    expect(ticker.now()).toBe(start + 29_999 + 5 * 60_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
