import { describe, expect, it } from 'vitest';
import type { ConnectionEvent, ConnectionState } from './connection-machine';
import {
  CONNECTION_WINDOW_MS,
  connectionInit,
  connectionNextDeadline,
  connectionReduce,
} from './connection-machine';

type TimedEvent = DistributiveOmit<ConnectionEvent, 'at'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Replays events at given times; returns the state after each step. */
function run(start: ConnectionState, steps: Array<[number, TimedEvent]>): ConnectionState[] {
  const states: ConnectionState[] = [];
  let state = start;
  for (const [at, event] of steps) {
    state = connectionReduce(state, { ...event, at } as ConnectionEvent);
    states.push(state);
  }
  return states;
}

const statuses = (states: ConnectionState[]) => states.map((state) => state.status);

describe('connection machine', () => {
  it('starts unknown when the browser is online and offline when it is not', () => {
    expect(connectionInit(0, true).status).toBe('unknown');
    expect(connectionInit(0, false).status).toBe('offline');
  });

  it('stays unknown through cache snapshots until the first server snapshot', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [5, { type: 'snapshot', id: 'a', fromCache: true }],
      [9_000, { type: 'tick' }],
      [9_500, { type: 'snapshot', id: 'a', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'unknown', 'unknown', 'online']);
  });

  it('turns offline when snapshots stay from cache past the window', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [10, { type: 'snapshot', id: 'a', fromCache: true }],
      [CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [CONNECTION_WINDOW_MS, { type: 'tick' }],
      [CONNECTION_WINDOW_MS + 2_000, { type: 'snapshot', id: 'a', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'unknown', 'unknown', 'offline', 'online']);
  });

  it('turns offline after the window even with no listener at all', () => {
    const states = run(connectionInit(1_000, true), [
      [1_000 + CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [1_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'offline']);
  });

  it('follows the browser online and offline events at once', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [100, { type: 'snapshot', id: 'a', fromCache: false }],
      [20_000, { type: 'browser', online: false }],
      [21_000, { type: 'browser', online: true }],
    ]);
    // Back online with the last snapshot still from the server: live again.
    expect(statuses(states)).toEqual(['unknown', 'online', 'offline', 'online']);
  });

  it('goes offline when a synced listener falls back to the cache, and back when the server returns', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [100, { type: 'snapshot', id: 'a', fromCache: false }],
      [30_000, { type: 'snapshot', id: 'a', fromCache: true }],
      [45_000, { type: 'snapshot', id: 'a', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'online', 'offline', 'online']);
  });

  it('does not flicker when a new listener opens from cache while live', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'gallery' }],
      [100, { type: 'snapshot', id: 'gallery', fromCache: false }],
      [5_000, { type: 'listener-closed', id: 'gallery' }],
      [5_000, { type: 'listener-opened', id: 'detail' }],
      [5_001, { type: 'snapshot', id: 'detail', fromCache: true }],
      [5_050, { type: 'snapshot', id: 'detail', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'online', 'online', 'online', 'online', 'online']);
  });

  it('turns offline when a new listener waits past the window while previously live', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [100, { type: 'snapshot', id: 'a', fromCache: false }],
      [1_000, { type: 'listener-closed', id: 'a' }],
      [1_000, { type: 'listener-opened', id: 'b' }],
      [1_000 + CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [1_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual([
      'unknown',
      'online',
      'online',
      'online',
      'online',
      'offline',
    ]);
  });

  it('turns offline after an unavailable error until the next server snapshot', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [100, { type: 'snapshot', id: 'a', fromCache: false }],
      [200, { type: 'error', code: 'permission-denied' }],
      [300, { type: 'error', code: 'unavailable' }],
      [400, { type: 'snapshot', id: 'a', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'online', 'online', 'offline', 'online']);
  });

  it("counts a server's verdict on a listener (a denied read) as an answer", () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'draft' }],
      [80, { type: 'error', code: 'permission-denied' }],
      [80, { type: 'listener-closed', id: 'draft' }],
      [CONNECTION_WINDOW_MS + 1, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'online', 'online', 'online']);
  });

  it("counts the first paint's read as an answer until the listeners have had their window", () => {
    const answering = run(connectionInit(0, true), [
      [0, { type: 'server-read' }],
      [50, { type: 'listener-opened', id: 'gallery' }],
      [900, { type: 'snapshot', id: 'gallery', fromCache: false }],
    ]);
    expect(statuses(answering)).toEqual(['online', 'online', 'online']);
    const silent = run(connectionInit(0, true), [
      [0, { type: 'server-read' }],
      [50, { type: 'listener-opened', id: 'gallery' }],
      [50 + CONNECTION_WINDOW_MS, { type: 'tick' }],
    ]);
    expect(statuses(silent)).toEqual(['online', 'online', 'offline']);
  });

  it('does not count errors the SDK makes up on its own as an answer', () => {
    const states = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [80, { type: 'error', code: 'cancelled' }],
      [80, { type: 'listener-closed', id: 'a' }],
      [CONNECTION_WINDOW_MS + 1, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual(['unknown', 'unknown', 'unknown', 'offline']);
  });

  it('never lets time run backwards', () => {
    const [, late] = run(connectionInit(0, true), [
      [20_000, { type: 'tick' }],
      [5, { type: 'tick' }],
    ]);
    expect(late?.now).toBe(20_000);
  });

  describe('next deadline', () => {
    it('is the end of the start window while nothing came from the server', () => {
      expect(connectionNextDeadline(connectionInit(500, true))).toBe(500 + CONNECTION_WINDOW_MS);
    });

    it('is the end of the oldest waiting listener window once live', () => {
      const [, , , state] = run(connectionInit(0, true), [
        [0, { type: 'listener-opened', id: 'a' }],
        [100, { type: 'snapshot', id: 'a', fromCache: false }],
        [2_000, { type: 'listener-opened', id: 'b' }],
        [3_000, { type: 'listener-opened', id: 'c' }],
      ]);
      expect(connectionNextDeadline(state!)).toBe(2_000 + CONNECTION_WINDOW_MS);
    });

    it('is null when offline or when nothing is waiting', () => {
      expect(connectionNextDeadline(connectionInit(0, false))).toBeNull();
      const [, live] = run(connectionInit(0, true), [
        [0, { type: 'listener-opened', id: 'a' }],
        [100, { type: 'snapshot', id: 'a', fromCache: false }],
      ]);
      expect(connectionNextDeadline(live!)).toBeNull();
    });
  });
});

describe('connection machine: a server that stops answering', () => {
  const live = (at = 100): ConnectionState => {
    const [, state] = run(connectionInit(0, true), [
      [0, { type: 'listener-opened', id: 'a' }],
      [at, { type: 'snapshot', id: 'a', fromCache: false }],
    ]);
    return state!;
  };

  it('stops claiming Live when a write has had no answer for the window, and returns on the answer', () => {
    const states = run(live(), [
      [1_000, { type: 'write-started', id: 'w' }],
      [1_000 + CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [1_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
      [20_000, { type: 'write-settled', id: 'w' }],
    ]);
    expect(statuses(states)).toEqual(['online', 'online', 'waiting', 'online']);
  });

  it('a write answered inside the window never shows waiting', () => {
    const states = run(live(), [
      [1_000, { type: 'write-started', id: 'w' }],
      [1_050, { type: 'write-settled', id: 'w' }],
      [60_000, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual(['online', 'online', 'online']);
  });

  it('stops claiming Live when a new listener has had no answer for the window while another is live', () => {
    const states = run(live(), [
      [1_000, { type: 'listener-opened', id: 'b' }],
      [1_001, { type: 'snapshot', id: 'b', fromCache: true }],
      [1_000 + CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [1_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
      [12_000, { type: 'snapshot', id: 'b', fromCache: false }],
    ]);
    expect(statuses(states)).toEqual(['online', 'online', 'online', 'waiting', 'online']);
  });

  it('does not count time spent offline: queued writes start waiting when the connection returns', () => {
    const states = run(live(), [
      [1_000, { type: 'browser', online: false }],
      [2_000, { type: 'write-started', id: 'w' }],
      [60_000, { type: 'browser', online: true }],
      [60_000 + CONNECTION_WINDOW_MS - 1, { type: 'tick' }],
      [60_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
    ]);
    expect(statuses(states)).toEqual(['offline', 'offline', 'online', 'online', 'waiting']);
  });

  it('offline outranks waiting', () => {
    const states = run(live(), [
      [1_000, { type: 'write-started', id: 'w' }],
      [1_000 + CONNECTION_WINDOW_MS, { type: 'tick' }],
      [1_000 + CONNECTION_WINDOW_MS + 1, { type: 'error', code: 'unavailable' }],
    ]);
    expect(statuses(states)).toEqual(['online', 'waiting', 'offline']);
  });

  it('has the end of the oldest unanswered write as its next deadline', () => {
    const [, state] = run(live(), [
      [1_000, { type: 'write-started', id: 'w1' }],
      [3_000, { type: 'write-started', id: 'w2' }],
    ]);
    expect(connectionNextDeadline(state!)).toBe(1_000 + CONNECTION_WINDOW_MS);
  });
});
