import { useMemo } from 'react';
import type { DescribedError } from '../lib/errors';
import { describeError, isCancellation } from '../lib/errors';
import { usePlainRequest } from './use-plain-request';

export type RequestState = {
  pending: boolean;
  /** The designed error of the last attempt, or `null`. Cancellations never set it. */
  error: DescribedError | null;
  /** The raw error, for recoveries that need it (e.g. a pending Google credential). */
  cause: unknown;
};

/**
 * One user request at a time (`usePlainRequest`), with failures turned into designed errors:
 * `run` ignores a second submit while the first is pending, `retry` repeats the last request
 * with the same input, and a cancellation leaves no error behind.
 */
export function useRequest() {
  const { pending, failure, run, retry, clearFailure } = usePlainRequest();
  const cause = failure === null || isCancellation(failure) ? null : failure;
  const error = useMemo(() => (cause === null ? null : describeError(cause)), [cause]);
  return { pending, error, cause, run, retry, clearError: clearFailure };
}
