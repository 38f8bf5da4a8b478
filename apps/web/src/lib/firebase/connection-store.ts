import type { ConnectionEvent, ConnectionState, ConnectionStatus } from './connection-machine';
import { connectionInit, connectionNextDeadline, connectionReduce } from './connection-machine';
import { firstPaintShown } from '../first-paint-hand-over';

type Clock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ConnectionStore = {
  getStatus(): ConnectionStatus;
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  dispatch(event: DistributiveOmit<ConnectionEvent, 'at'>): void;
  dispose(): void;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Runs the connection machine: stamps events with the clock, re-evaluates at the machine's next
 * deadline, follows the browser's online/offline events when a window is given.
 */
export function createConnectionStore(
  clock: Clock,
  browser?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    navigator: { onLine: boolean };
  },
): ConnectionStore {
  let state = connectionInit(clock.now(), browser ? browser.navigator.onLine : true);
  let timer: unknown = null;
  const subscribers = new Set<() => void>();

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const deadline = connectionNextDeadline(state);
    if (deadline !== null) {
      timer = clock.setTimeout(
        () => {
          timer = null;
          apply({ type: 'tick' });
        },
        Math.max(0, deadline - clock.now()),
      );
    }
  }

  function apply(event: DistributiveOmit<ConnectionEvent, 'at'>) {
    const before = state.status;
    state = connectionReduce(state, { ...event, at: clock.now() } as ConnectionEvent);
    schedule();
    if (state.status !== before) for (const subscriber of subscribers) subscriber();
  }

  const onOnline = () => apply({ type: 'browser', online: true });
  const onOffline = () => apply({ type: 'browser', online: false });
  browser?.addEventListener('online', onOnline);
  browser?.addEventListener('offline', onOffline);
  schedule();

  return {
    getStatus: () => state.status,
    getState: () => state,
    subscribe(listener) {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },
    dispatch: apply,
    dispose() {
      if (timer !== null) clock.clearTimeout(timer);
      browser?.removeEventListener('online', onOnline);
      browser?.removeEventListener('offline', onOffline);
      subscribers.clear();
    },
  };
}

let appStore: ConnectionStore | null = null;
let writeSequence = 0;

/**
 * Reports a write to the app-wide store until the server answers it (either way), so a server
 * that never answers stops the indicator from claiming Live. Returns the same promise.
 */
export function trackWrite<T>(
  write: Promise<T>,
  store: ConnectionStore = connectionStore(),
): Promise<T> {
  const id = `write-${++writeSequence}`;
  store.dispatch({ type: 'write-started', id });
  const settle = () => store.dispatch({ type: 'write-settled', id });
  write.then(settle, settle);
  return write;
}

/**
 * The app-wide store, fed by every snapshot listener of the data layer. Under a first paint it
 * starts from that paint's read, which the server answered (the first screen shows it until its
 * listeners answer): Live, as the first paint's app bar says, and Offline if the listeners then
 * get no answer within the window.
 */
export function connectionStore(): ConnectionStore {
  if (appStore === null) {
    appStore = createConnectionStore(
      {
        now: () => Date.now(),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      typeof window === 'undefined' ? undefined : window,
    );
    if (typeof document !== 'undefined' && firstPaintShown()) {
      appStore.dispatch({ type: 'server-read' });
    }
  }
  return appStore;
}
