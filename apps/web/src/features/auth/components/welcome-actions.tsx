import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  DeferredErrorAlert,
  preloadErrorAlert,
} from '../../../components/feedback/deferred-error-alert';
import { paths } from '../../../config/paths';
import { usePlainRequest } from '../../../hooks/use-plain-request';
import { whenSessionStarted } from '../../../lib/session';
import { useAuthLocation } from '../hooks/use-auth-location';
import { whenIdle } from '../../../utils/when-idle';

/** The welcome screen's three ways in. */
export function WelcomeActions() {
  const navigate = useNavigate();
  const { forward } = useAuthLocation();

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 360 }}>
      <Button
        variant="contained"
        size="large"
        onClick={() => void navigate(paths.signIn, { state: forward })}
      >
        Sign in
      </Button>
      <Button
        variant="outlined"
        size="large"
        onClick={() => void navigate(paths.signUp, { state: forward })}
      >
        Create account
      </Button>
      <ContinueAsGuest />
    </Stack>
  );
}

/**
 * **Continue as guest**: an anonymous session, on the welcome and sign-in screens. The visitor
 * guard then sends the guest on to where they were going (a Save pressed as a visitor comes
 * back to its showcase).
 */
export function ContinueAsGuest({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  // A guest sign-in cannot be cancelled: any failure is worth explaining.
  const guest = usePlainRequest();
  // Not before the screen has painted: the alert is needed only after a press fails.
  useEffect(() => whenIdle(preloadErrorAlert), []);
  return (
    <>
      <Button
        size="large"
        variant={variant}
        loading={guest.pending}
        // /welcome may show before Auth has answered (the root layout): the press waits for it.
        onClick={() => void guest.run(async () => (await whenSessionStarted()).signInAsGuest())}
      >
        Continue as guest
      </Button>
      {guest.failure ? (
        <DeferredErrorAlert
          cause={guest.failure}
          onRetry={() => void guest.retry()}
          retrying={guest.pending}
        />
      ) : null}
    </>
  );
}
