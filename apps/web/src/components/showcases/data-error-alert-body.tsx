import Button from '@mui/material/Button';
import { useState } from 'react';
import { ErrorAlert } from '../feedback/error-alert';
import { describeError } from '../../lib/errors';
import { sessionActions } from '../../lib/session';

export type DataErrorAlertProps = {
  /** A Firestore error (anything with a `code`). */
  error: unknown;
  onRetry?: () => void;
};

/**
 * A failed read, explained with the designed message and its recovery. `unauthenticated`
 * (the session is gone) offers to sign in again: signing out sends the user through sign-in
 * and back to this screen.
 */
export function DataErrorAlertBody({ error, onRetry }: DataErrorAlertProps) {
  const described = describeError(error);
  const [leaving, setLeaving] = useState(false);
  const action =
    described.recovery === 'sign-in' ? (
      <Button
        variant="outlined"
        color="error"
        size="small"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void sessionActions()
            .signOutUser()
            .finally(() => setLeaving(false));
        }}
      >
        Sign in again
      </Button>
    ) : undefined;
  return <ErrorAlert error={described} onRetry={onRetry} action={action} />;
}
