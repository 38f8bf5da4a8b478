import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import type { DescribedError } from '../../lib/errors';
import { describeError } from '../../lib/errors';

type ErrorAlertProps = {
  error: DescribedError;
  /** Repeats the failed request with the same input (shown for `retry`). */
  onRetry?: () => void;
  retrying?: boolean;
  /** Screen-specific action, e.g. "Sign in instead" for `sign-in-instead`. */
  action?: ReactNode;
  /** Hide the reset link on the reset screen itself. */
  offerReset?: boolean;
  /** Carried to the reset screen so the user does not type it again. */
  email?: string;
};

/** A form-level error: the designed message plus the affordance its recovery calls for. */
export function ErrorAlert({
  error,
  onRetry,
  retrying,
  action,
  offerReset = true,
  email,
}: ErrorAlertProps) {
  let recoveryAction: ReactNode = action;
  if (recoveryAction === undefined) {
    if (error.recovery === 'retry' && onRetry) {
      recoveryAction = (
        <Button variant="outlined" color="error" size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      );
    } else if (error.recovery === 'reset-password' && offerReset) {
      recoveryAction = (
        <Button
          variant="outlined"
          color="error"
          size="small"
          component={RouterLink}
          to={paths.resetPassword}
          state={email ? { email } : undefined}
        >
          Reset password
        </Button>
      );
    } else if (error.recovery === 'reload') {
      recoveryAction = (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => window.location.reload()}
        >
          Reload
        </Button>
      );
    }
  }
  // The action sits under the message, so both stay readable on a 360 px screen.
  return (
    <Alert severity="error">
      {error.message}
      {recoveryAction ? <Box sx={{ mt: 1.25 }}>{recoveryAction}</Box> : null}
    </Alert>
  );
}

/** `ErrorAlert` for a raw failure, described here (see `DeferredErrorAlert`). */
export function ErrorAlertFor({
  cause,
  ...props
}: Omit<ErrorAlertProps, 'error'> & { cause: unknown }) {
  return <ErrorAlert error={describeError(cause)} {...props} />;
}

/**
 * The failure of a form's last request (`useRequest`), if any, with **Retry** repeating it: how
 * every form that sends one request says what went wrong.
 */
export function RequestErrorAlert({
  request,
}: {
  request: { error: DescribedError | null; pending: boolean; retry: () => Promise<unknown> };
}) {
  if (request.error === null) return null;
  return (
    <ErrorAlert
      error={request.error}
      onRetry={() => void request.retry()}
      retrying={request.pending}
    />
  );
}
