/**
 * The database connection state (shown as Live / Offline / Connecting… / Waiting for server…)
 * as a pure reducer over observed facts: browser online/offline events, the `fromCache` flag of
 * each live snapshot listener, and the writes still waiting for the server's answer.
 * No timers and no SDK here; the runner feeds it events and `tick`s at `connectionNextDeadline`.
 *
 * - unknown from start until the first snapshot from the server or until the window passes;
 * - online while snapshots come from the server, or when the server's last word was a verdict on
 *   a listener (a denied read: a visitor opening a draft's link) and nothing says otherwise;
 * - waiting when it would be online, but a write or a new listener has had no answer for the
 *   window: a server that holds connections open without answering (frozen, overloaded) never
 *   makes the SDK report an error, so silence is the only sign;
 * - offline when the browser is offline, when snapshots stay from cache past the window,
 *   or after an `unavailable` error.
 */
export type ConnectionStatus = 'unknown' | 'online' | 'waiting' | 'offline';

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
  /**
   * Writes sent and not yet answered, with the time their wait started: when they were made,
   * or when the connection last came back, whichever is later (queued offline is not waiting).
   */
  readonly writes: ReadonlyMap<string, number>;
  /** Time of an `unavailable` error not yet followed by a server snapshot. */
  readonly unavailableAt: number | null;
  readonly everOnline: boolean;
  readonly now: number;
};

/**
 * Error codes only the server gives: a listener that fails with one has reached it. (The SDK
 * makes up `unavailable`, `cancelled`, `deadline-exceeded` and the like on its own.)
 */
const SERVER_VERDICTS: ReadonlySet<string> = new Set([
  'permission-denied',
  'unauthenticated',
  'not-found',
  'invalid-argument',
  'failed-precondition',
]);

export type ConnectionEvent =
  | { type: 'browser'; online: boolean; at: number }
  | { type: 'listener-opened'; id: string; at: number }
  | { type: 'snapshot'; id: string; fromCache: boolean; at: number }
  | { type: 'listener-closed'; id: string; at: number }
  | { type: 'error'; code: string; at: number }
  | { type: 'write-started'; id: string; at: number }
  | { type: 'write-settled'; id: string; at: number }
  /**
   * The server answered a read made outside the listeners: the first paint's REST read, which
   * the app's first screen shows until its listeners answer.
   */
  | { type: 'server-read'; at: number }
  | { type: 'tick'; at: number };

export function connectionInit(now: number, browserOnline: boolean): ConnectionState {
  return {
    status: browserOnline ? 'unknown' : 'offline',
    startedAt: now,
    browserOnline,
    listeners: new Map(),
    writes: new Map(),
    unavailableAt: null,
    everOnline: false,
    now,
  };
}

export function connectionReduce(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  const now = Math.max(state.now, event.at);
  let { browserOnline, unavailableAt, everOnline } = state;
  let listeners = state.listeners;
  // While offline, queued writes are not waiting for an answer; their clock starts on return.
  let writes =
    state.status === 'offline' && state.writes.size > 0
      ? new Map([...state.writes.keys()].map((id) => [id, now]))
      : state.writes;

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
      else if (SERVER_VERDICTS.has(event.code)) {
        unavailableAt = null;
        everOnline = true;
      }
      break;
    case 'write-started': {
      const next = new Map(writes);
      next.set(event.id, now);
      writes = next;
      break;
    }
    case 'write-settled': {
      if (!writes.has(event.id)) break;
      const next = new Map(writes);
      next.delete(event.id);
      writes = next;
      break;
    }
    case 'server-read':
      unavailableAt = null;
      everOnline = true;
      break;
    case 'tick':
      break;
  }

  const draft = { ...state, browserOnline, listeners, writes, unavailableAt, everOnline, now };
  return { ...draft, status: deriveStatus(draft) };
}

function deriveStatus(state: ConnectionState): ConnectionStatus {
  if (!state.browserOnline) return 'offline';
  // `unavailable` outranks older server snapshots; the next server snapshot clears it.
  if (state.unavailableAt !== null) return 'offline';
  const facts = [...state.listeners.values()];
  if (facts.some((listener) => !listener.fromCache))
    return unanswered(state) ? 'waiting' : 'online';
  // A listener that was in sync and fell back to the cache: the SDK itself decided it is offline.
  if (facts.some((listener) => listener.synced)) return 'offline';
  // Listeners still waiting for their first server snapshot.
  if (facts.some((listener) => state.now - listener.since >= CONNECTION_WINDOW_MS))
    return 'offline';
  if (state.now - state.startedAt >= CONNECTION_WINDOW_MS && !state.everOnline) return 'offline';
  // The server's only answer so far was a verdict on a listener, or a read of its own: it is there.
  if (state.status === 'unknown' && state.everOnline)
    return unanswered(state) ? 'waiting' : 'online';
  // Inside the window (or between listeners): keep what we last knew rather than flicker.
  if (state.status === 'unknown' || state.status === 'offline') return state.status;
  return unanswered(state) ? 'waiting' : 'online';
}

/** A write or a listener still without any server answer, waiting for the whole window. */
function unanswered(state: ConnectionState): boolean {
  const waitedTooLong = (since: number) => state.now - since >= CONNECTION_WINDOW_MS;
  for (const since of state.writes.values()) if (waitedTooLong(since)) return true;
  for (const listener of state.listeners.values())
    if (listener.fromCache && !listener.synced && waitedTooLong(listener.since)) return true;
  return false;
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
  for (const since of state.writes.values()) deadlines.push(since + CONNECTION_WINDOW_MS);
  const future = deadlines.filter((deadline) => deadline > state.now);
  return future.length > 0 ? Math.min(...future) : null;
}
