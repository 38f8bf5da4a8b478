import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import type { DescribedError } from '../../lib/errors';

type ErrorAlertProps = {
  error: DescribedError;
  /** Repeats the failed request with the same input (shown for `retry`). */
  onRetry?: () => void;
  retrying?: boolean;
  /** Screen-specific action, e.g. "Sign in instead" for `sign-in-instead`. */
  action?: ReactNode;
  /** Hide the reset link on the reset screen itself. */
  offerReset?: boolean;
};

/** A form-level error: the designed message plus the affordance its recovery calls for. */
export function ErrorAlert({
  error,
  onRetry,
  retrying,
  action,
  offerReset = true,
}: ErrorAlertProps) {
  let recoveryAction: ReactNode = action;
  if (recoveryAction === undefined) {
    if (error.recovery === 'retry' && onRetry) {
      recoveryAction = (
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      );
    } else if (error.recovery === 'reset-password' && offerReset) {
      recoveryAction = (
        <Button color="inherit" size="small" component={RouterLink} to={paths.resetPassword}>
          Reset password
        </Button>
      );
    } else if (error.recovery === 'reload') {
      recoveryAction = (
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      );
    }
  }
  return (
    <Alert
      severity="error"
      action={recoveryAction}
      sx={{ '& .MuiAlert-action': { alignSelf: 'center', mr: 0 } }}
    >
      {error.message}
    </Alert>
  );
}
