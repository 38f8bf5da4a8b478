import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckingWindow } from './update-checks';
import { checkForUpdates, UPDATE_CHECK_INTERVAL_MS } from './update-checks';

function fakeWindow() {
  const target = new EventTarget();
  const state = { visible: true, online: true };
  const page: CheckingWindow & {
    state: typeof state;
    fire(type: 'focus' | 'visibilitychange'): void;
  } = {
    state,
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    setInterval: (handler, ms) => setInterval(handler, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    isVisible: () => state.visible,
    isOnline: () => state.online,
    fire: (type) => target.dispatchEvent(new Event(type)),
  };
  return page;
}

/** A registration whose update() stays pending until the test settles it. */
function fakeRegistration() {
  const settle: Array<(ok: boolean) => void> = [];
  const registration = {
    installing: null as unknown,
    update: vi.fn(
      () =>
        new Promise<void>((resolve, reject) =>
          settle.push((ok) => (ok ? resolve() : reject(new TypeError('Failed to fetch')))),
        ),
    ),
    /** Ends the oldest pending check. */
    async answer(ok = true) {
      settle.shift()?.(ok);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
  return registration;
}

describe('checkForUpdates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks when the tab regains focus or becomes visible, not when it is hidden', async () => {
    const page = fakeWindow();
    const registration = fakeRegistration();
    checkForUpdates(registration, page);
    expect(registration.update).not.toHaveBeenCalled();

    page.fire('focus');
    expect(registration.update).toHaveBeenCalledTimes(1);
    await registration.answer();

    page.state.visible = false;
    page.fire('visibilitychange');
    expect(registration.update).toHaveBeenCalledTimes(1);
    page.state.visible = true;
    page.fire('visibilitychange');
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('checks every few minutes while the tab stays open', async () => {
    const registration = fakeRegistration();
    checkForUpdates(registration, fakeWindow());
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await registration.answer();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('runs one check at a time when focus and visibility arrive together', async () => {
    const page = fakeWindow();
    const registration = fakeRegistration();
    checkForUpdates(registration, page);
    page.fire('visibilitychange');
    page.fire('focus');
    expect(registration.update).toHaveBeenCalledTimes(1);
    await registration.answer();
    page.fire('focus');
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('skips the check offline or while a new worker is installing, and survives a failed one', async () => {
    const page = fakeWindow();
    const registration = fakeRegistration();
    checkForUpdates(registration, page);
    page.state.online = false;
    page.fire('focus');
    expect(registration.update).not.toHaveBeenCalled();

    page.state.online = true;
    registration.installing = {};
    page.fire('focus');
    expect(registration.update).not.toHaveBeenCalled();

    registration.installing = null;
    page.fire('focus');
    await registration.answer(false);
    page.fire('focus');
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('stops listening and ticking once stopped', () => {
    const page = fakeWindow();
    const registration = fakeRegistration();
    const stop = checkForUpdates(registration, page);
    stop();
    page.fire('focus');
    page.fire('visibilitychange');
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(registration.update).not.toHaveBeenCalled();
  });
});
