import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../lib/firebase/connection-machine';
import { whileLive } from './while-live';

/** A connection whose status the test sets; subscribers hear changes only, like the store. */
function fakeConnection(initial: ConnectionStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    getStatus: () => status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: ConnectionStatus) {
      if (next === status) return;
      status = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

/** Work the test settles by hand, recording whether it was started and what it saw. */
function pendingWork<T>() {
  const work = {
    started: false,
    abandoned: (): boolean => false,
    resolve: (_value: T) => {},
    reject: (_error: unknown) => {},
    run: (abandoned: () => boolean) => {
      work.started = true;
      work.abandoned = abandoned;
      return new Promise<T>((resolve, reject) => {
        work.resolve = resolve;
        work.reject = reject;
      });
    },
  };
  return work;
}

const unavailable = Object.assign(new Error('Could not reach the backend'), {
  code: 'unavailable',
});

describe('whileLive', () => {
  it('gives the work its result while the connection stays Live', async () => {
    const connection = fakeConnection('online');
    const work = pendingWork<string>();
    const outcome = whileLive(work.run, connection);
    work.resolve('written');
    await expect(outcome).resolves.toEqual({ kind: 'done', value: 'written' });
    expect(work.abandoned()).toBe(false);
    expect(connection.listeners.size).toBe(0);
  });

  it.each<ConnectionStatus>(['offline', 'waiting', 'unknown'])(
    'does not start the work when the status is %s',
    async (status) => {
      const work = pendingWork<string>();
      await expect(whileLive(work.run, fakeConnection(status))).resolves.toEqual({
        kind: 'dropped',
      });
      expect(work.started).toBe(false);
    },
  );

  it.each<ConnectionStatus>(['offline', 'waiting'])(
    'drops the work when the status turns %s before it settles, and ignores its late result',
    async (status) => {
      const connection = fakeConnection('online');
      const work = pendingWork<string>();
      const outcome = whileLive(work.run, connection);
      connection.set(status);
      await expect(outcome).resolves.toEqual({ kind: 'dropped' });
      expect(work.abandoned()).toBe(true);
      expect(connection.listeners.size).toBe(0);
      work.reject(new Error('late failure'));
      work.resolve('late result');
    },
  );

  it('drops the work when it fails because the server cannot be reached', async () => {
    const connection = fakeConnection('online');
    const work = pendingWork<string>();
    const outcome = whileLive(work.run, connection);
    work.reject(unavailable);
    await expect(outcome).resolves.toEqual({ kind: 'dropped' });
    expect(work.abandoned()).toBe(true);
    expect(connection.listeners.size).toBe(0);
  });

  it('passes on any other failure', async () => {
    const connection = fakeConnection('online');
    const work = pendingWork<string>();
    const outcome = whileLive(work.run, connection);
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    work.reject(denied);
    await expect(outcome).rejects.toBe(denied);
    expect(work.abandoned()).toBe(false);
    expect(connection.listeners.size).toBe(0);
  });
});
