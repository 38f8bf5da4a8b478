import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useNotify } from '../../../components/feedback/notifier';
import { useRequest } from '../../../hooks/use-request';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';
import { reauthenticationMethod } from '../../../lib/session/session-user';
import { ReauthDialog } from './reauth-dialog';

/**
 * **Delete account** with a confirmation. When the sign-in is too old the server answers
 * `requires-recent-login`: the user confirms their identity and the deletion runs again.
 */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const notify = useNotify();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reauthOpen, setReauthOpen] = useState(false);
  const request = useRequest();
  const method = reauthenticationMethod(user);

  const remove = () =>
    void request.run(async () => {
      try {
        await sessionActions().deleteAccount();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/requires-recent-login' && method) {
          setConfirmOpen(false);
          setReauthOpen(true);
          return;
        }
        throw error;
      }
      notify({ severity: 'success', message: 'Your account was deleted.' });
    });

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setConfirmOpen(true)}>
        Delete account
      </Button>
      <Dialog
        open={confirmOpen}
        onClose={request.pending ? undefined : () => setConfirmOpen(false)}
        aria-labelledby="delete-account-title"
      >
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              This permanently deletes your sign-in for {user.email ?? 'this account'} and signs you
              out. It cannot be undone.
            </DialogContentText>
            {/* Said plainly until deleting an account also deletes what it made (see README). */}
            <DialogContentText>
              Your showcases, their images, your public profile and the likes you gave stay. To
              remove a showcase and its images, delete it from its page first.
            </DialogContentText>
            {request.error ? (
              <ErrorAlert error={request.error} onRetry={remove} retrying={request.pending} />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmOpen(false)} disabled={request.pending}>
            Cancel
          </Button>
          <Button variant="contained" color="error" loading={request.pending} onClick={remove}>
            Delete account
          </Button>
        </DialogActions>
      </Dialog>
      {method ? (
        <ReauthDialog
          open={reauthOpen}
          method={method}
          purpose="delete your account"
          onClose={() => setReauthOpen(false)}
          onConfirmed={() => {
            setReauthOpen(false);
            setConfirmOpen(true);
            remove();
          }}
        />
      ) : null}
    </>
  );
}
