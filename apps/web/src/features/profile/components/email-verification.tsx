import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useRequest } from '../../../hooks/use-request';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';

/** For an unverified email: send the verification link, then re-read the record once opened. */
export function EmailVerification({ user }: { user: SessionUser }) {
  const [sent, setSent] = useState(false);
  const send = useRequest();
  const refresh = useRequest();
  if (!user.email || user.emailVerified) return null;

  return (
    <Stack spacing={1.5}>
      <Alert severity={sent ? 'success' : 'info'} role="status">
        {sent
          ? `We sent a verification link to ${user.email}. After opening it, refresh this page's details.`
          : `Your email address ${user.email} is not verified yet.`}
      </Alert>
      {send.error ? (
        <ErrorAlert error={send.error} onRetry={() => void send.retry()} retrying={send.pending} />
      ) : null}
      {refresh.error ? (
        <ErrorAlert
          error={refresh.error}
          onRetry={() => void refresh.retry()}
          retrying={refresh.pending}
        />
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          loading={send.pending}
          onClick={() =>
            void send.run(async () => {
              await sessionActions().sendVerificationEmail();
              setSent(true);
            })
          }
        >
          Send verification email
        </Button>
        {sent ? (
          <Button
            loading={refresh.pending}
            onClick={() => void refresh.run(() => sessionActions().refreshUser())}
          >
            Refresh details
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
