/**
 * The database connection state (shown as Live / Offline / Connecting…) as a pure reducer over
 * observed facts: browser online/offline events and the `fromCache` flag of each live snapshot
 * listener.
 * No timers and no SDK here; the runner feeds it events and `tick`s at `connectionNextDeadline`.
 *
 * - unknown from start until the first snapshot from the server or until the window passes;
 * - online while snapshots come from the server;
 * - offline when the browser is offline, when snapshots stay from cache past the window,
 *   or after an `unavailable` error.
 */
export type ConnectionStatus = 'unknown' | 'online' | 'offline';

/** The SDK's own online-state time-out; we wait no longer than it does. */
export const CONNECTION_WINDOW_MS = 10_000;

type ListenerFacts = {
  /** The latest snapshot of this listener came from the cache. */
  fromCache: boolean;
  /** When the listener entered its current from-cache stretch (or opened). */
  since: number;
  /** The listener has had at least one snapshot from the server. */
  synced: boolean;
};

export type ConnectionState = {
  readonly status: ConnectionStatus;
  readonly startedAt: number;
  readonly browserOnline: boolean;
  readonly listeners: ReadonlyMap<string, ListenerFacts>;
  /** Time of an `unavailable` error not yet followed by a server snapshot. */
  readonly unavailableAt: number | null;
  readonly everOnline: boolean;
  readonly now: number;
};

export type ConnectionEvent =
  | { type: 'browser'; online: boolean; at: number }
  | { type: 'listener-opened'; id: string; at: number }
  | { type: 'snapshot'; id: string; fromCache: boolean; at: number }
  | { type: 'listener-closed'; id: string; at: number }
  | { type: 'error'; code: string; at: number }
  | { type: 'tick'; at: number };

export function connectionInit(now: number, browserOnline: boolean): ConnectionState {
  return {
    status: browserOnline ? 'unknown' : 'offline',
    startedAt: now,
    browserOnline,
    listeners: new Map(),
    unavailableAt: null,
    everOnline: false,
    now,
  };
}

export function connectionReduce(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  const now = Math.max(state.now, event.at);
  let { browserOnline, unavailableAt, everOnline } = state;
  let listeners = state.listeners;

  switch (event.type) {
    case 'browser':
      browserOnline = event.online;
      break;
    case 'listener-opened': {
      const next = new Map(listeners);
      next.set(event.id, { fromCache: true, since: now, synced: false });
      listeners = next;
      break;
    }
    case 'snapshot': {
      const previous = listeners.get(event.id) ?? { fromCache: true, since: now, synced: false };
      const next = new Map(listeners);
      next.set(event.id, {
        fromCache: event.fromCache,
        // A stretch of cache-only snapshots starts when the listener leaves the server.
        since: event.fromCache && !previous.fromCache ? now : previous.since,
        synced: previous.synced || !event.fromCache,
      });
      listeners = next;
      if (!event.fromCache) {
        unavailableAt = null;
        everOnline = true;
      }
      break;
    }
    case 'listener-closed': {
      if (!listeners.has(event.id)) break;
      const next = new Map(listeners);
      next.delete(event.id);
      listeners = next;
      break;
    }
    case 'error':
      if (event.code === 'unavailable') unavailableAt = now;
      break;
    case 'tick':
      break;
  }

  const draft = { ...state, browserOnline, listeners, unavailableAt, everOnline, now };
  return { ...draft, status: deriveStatus(draft) };
}

function deriveStatus(state: ConnectionState): ConnectionStatus {
  if (!state.browserOnline) return 'offline';
  // `unavailable` outranks older server snapshots; the next server snapshot clears it.
  if (state.unavailableAt !== null) return 'offline';
  const facts = [...state.listeners.values()];
  if (facts.some((listener) => !listener.fromCache)) return 'online';
  // A listener that was in sync and fell back to the cache: the SDK itself decided it is offline.
  if (facts.some((listener) => listener.synced)) return 'offline';
  // Listeners still waiting for their first server snapshot.
  if (facts.some((listener) => state.now - listener.since >= CONNECTION_WINDOW_MS))
    return 'offline';
  if (state.now - state.startedAt >= CONNECTION_WINDOW_MS && !state.everOnline) return 'offline';
  // Inside the window (or between listeners): keep what we last knew rather than flicker.
  return state.status;
}

/** The next time at which the status could change with no new event, or null if none. */
export function connectionNextDeadline(state: ConnectionState): number | null {
  if (state.status === 'offline') return null;
  const deadlines: number[] = [];
  if (!state.everOnline) deadlines.push(state.startedAt + CONNECTION_WINDOW_MS);
  for (const listener of state.listeners.values()) {
    if (listener.fromCache && !listener.synced)
      deadlines.push(listener.since + CONNECTION_WINDOW_MS);
  }
  const future = deadlines.filter((deadline) => deadline > state.now);
  return future.length > 0 ? Math.min(...future) : null;
}
