import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_WINDOW_MS } from './connection-machine';
import { createConnectionStore, trackWrite } from './connection-store';

function fakeBrowser(onLine: boolean) {
  const target = new EventTarget();
  return {
    navigator: { onLine },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    fire(type: 'online' | 'offline') {
      this.navigator.onLine = type === 'online';
      target.dispatchEvent(new Event(type));
    },
  };
}

const clock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('connection store (fake time)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('says Offline by itself when the start window passes with no server snapshot', () => {
    const browser = fakeBrowser(true);
    const store = createConnectionStore(clock, browser as never);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getStatus()));
    store.dispatch({ type: 'listener-opened', id: 'a' });
    vi.advanceTimersByTime(CONNECTION_WINDOW_MS - 1);
    expect(store.getStatus()).toBe('unknown');
    vi.advanceTimersByTime(1);
    expect(store.getStatus()).toBe('offline');
    store.dispatch({ type: 'snapshot', id: 'a', fromCache: false });
    expect(seen).toEqual(['offline', 'online']);
    store.dispose();
  });

  it('follows browser events and notifies only on changes', () => {
    const browser = fakeBrowser(true);
    const store = createConnectionStore(clock, browser as never);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'listener-opened', id: 'a' });
    store.dispatch({ type: 'snapshot', id: 'a', fromCache: false });
    store.dispatch({ type: 'snapshot', id: 'a', fromCache: false });
    expect(listener).toHaveBeenCalledTimes(1);
    browser.fire('offline');
    expect(store.getStatus()).toBe('offline');
    browser.fire('online');
    expect(store.getStatus()).toBe('online');
    expect(listener).toHaveBeenCalledTimes(3);
    store.dispose();
    browser.fire('offline');
    expect(store.getStatus()).toBe('online');
  });

  it('starts offline when the browser is offline', () => {
    const store = createConnectionStore(clock, fakeBrowser(false) as never);
    expect(store.getStatus()).toBe('offline');
    store.dispose();
  });
});

describe('trackWrite (fake time)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('says waiting by itself when a write gets no answer for the window, and Live once it settles', async () => {
    const store = createConnectionStore(clock, fakeBrowser(true) as never);
    store.dispatch({ type: 'listener-opened', id: 'a' });
    store.dispatch({ type: 'snapshot', id: 'a', fromCache: false });
    let answer = () => {};
    const write = trackWrite(
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
      store,
    );
    vi.advanceTimersByTime(CONNECTION_WINDOW_MS - 1);
    expect(store.getStatus()).toBe('online');
    vi.advanceTimersByTime(1);
    expect(store.getStatus()).toBe('waiting');
    answer();
    await write;
    expect(store.getStatus()).toBe('online');
    store.dispose();
  });

  it('counts a rejected write as answered and hands the rejection on', async () => {
    const store = createConnectionStore(clock, fakeBrowser(true) as never);
    store.dispatch({ type: 'listener-opened', id: 'a' });
    store.dispatch({ type: 'snapshot', id: 'a', fromCache: false });
    const refused = trackWrite(Promise.reject(new Error('permission-denied')), store);
    await expect(refused).rejects.toThrow('permission-denied');
    vi.advanceTimersByTime(CONNECTION_WINDOW_MS * 2);
    expect(store.getStatus()).toBe('online');
    store.dispose();
  });
});
