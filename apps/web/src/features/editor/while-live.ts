import { errorCode } from '../../lib/errors/error-code';
import type { ConnectionStatus } from '../../lib/firebase/connection-machine';

/** The part of the connection store this needs (connection-store.ts). */
export type ConnectionSource = {
  getStatus(): ConnectionStatus;
  subscribe(listener: () => void): () => void;
};

export type LiveOutcome<T> = { kind: 'done'; value: T } | { kind: 'dropped' };

/**
 * Runs work that needs the server (a transaction) for as long as the indicator says Live.
 * Resolves `dropped` when the indicator leaves Live before the work settles (offline, or
 * waiting: a frozen server never fails the request) or when the work fails with `unavailable`;
 * any other failure is thrown. After a drop `abandoned()` is true, so work that runs again
 * (the SDK retries a transaction) can stop before it writes, and its late failure is ignored.
 * Not Live at the start: dropped at once, without running the work.
 */
export function whileLive<T>(
  work: (abandoned: () => boolean) => Promise<T>,
  connection: ConnectionSource,
): Promise<LiveOutcome<T>> {
  if (connection.getStatus() !== 'online') return Promise.resolve({ kind: 'dropped' });
  let dropped = false;
  return new Promise<LiveOutcome<T>>((resolve, reject) => {
    const drop = () => {
      if (dropped) return;
      dropped = true;
      unsubscribe();
      resolve({ kind: 'dropped' });
    };
    const unsubscribe = connection.subscribe(() => {
      if (connection.getStatus() !== 'online') drop();
    });
    work(() => dropped).then(
      (value) => {
        if (dropped) return;
        unsubscribe();
        resolve({ kind: 'done', value });
      },
      (error: unknown) => {
        if (dropped) return;
        if (errorCode(error) === 'unavailable') drop();
        else {
          unsubscribe();
          reject(error);
        }
      },
    );
  });
}
