import { useCallback, useRef, useState } from 'react';
import type { DescribedError } from '../lib/errors';
import { describeError, isCancellation } from '../lib/errors';

export type RequestState = {
  pending: boolean;
  /** The designed error of the last attempt, or `null`. Cancellations never set it. */
  error: DescribedError | null;
  /** The raw error, for recoveries that need it (e.g. a pending Google credential). */
  cause: unknown;
};

const idle: RequestState = { pending: false, error: null, cause: null };

/**
 * One user request at a time: `run` ignores a second submit while the first is pending, keeps
 * the request so `retry` repeats it with the same input, and turns failures into designed errors.
 */
export function useRequest() {
  const [state, setState] = useState<RequestState>(idle);
  const inFlight = useRef(false);
  const lastRequest = useRef<(() => Promise<unknown>) | null>(null);

  const run = useCallback(async (request: () => Promise<unknown>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    lastRequest.current = request;
    setState({ pending: true, error: null, cause: null });
    try {
      await request();
      setState(idle);
      return true;
    } catch (error) {
      setState(
        isCancellation(error)
          ? idle
          : { pending: false, error: describeError(error), cause: error },
      );
      return false;
    } finally {
      inFlight.current = false;
    }
  }, []);

  const retry = useCallback(async (): Promise<boolean> => {
    const request = lastRequest.current;
    return request ? run(request) : false;
  }, [run]);

  const clearError = useCallback(
    () => setState((current) => ({ ...current, error: null, cause: null })),
    [],
  );

  return { ...state, run, retry, clearError };
}
