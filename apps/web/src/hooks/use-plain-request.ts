import { useCallback, useRef, useState } from 'react';

export type PlainRequestState = {
  pending: boolean;
  /** What the last attempt failed with, as thrown (cancellations included), or `null`. */
  failure: unknown;
};

const idle: PlainRequestState = { pending: false, failure: null };

/**
 * One user request at a time: `run` ignores a second submit while the first is pending and keeps
 * the request so `retry` repeats it with the same input. Failures stay raw: this hook does not
 * load the error catalogue, so the welcome screen's first download stays small (`useRequest`
 * adds the designed messages on top).
 */
export function usePlainRequest() {
  const [state, setState] = useState<PlainRequestState>(idle);
  const inFlight = useRef(false);
  const lastRequest = useRef<(() => Promise<unknown>) | null>(null);

  const run = useCallback(async (request: () => Promise<unknown>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    lastRequest.current = request;
    setState({ pending: true, failure: null });
    try {
      await request();
      setState(idle);
      return true;
    } catch (error) {
      setState({ pending: false, failure: error });
      return false;
    } finally {
      inFlight.current = false;
    }
  }, []);

  const retry = useCallback(async (): Promise<boolean> => {
    const request = lastRequest.current;
    return request ? run(request) : false;
  }, [run]);

  const clearFailure = useCallback(
    () => setState((current) => ({ ...current, failure: null })),
    [],
  );

  return { ...state, run, retry, clearFailure };
}
