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
 * Deletes what the account owns while its sign-in still lets the rules allow it; run again on
 * a retry or after re-authentication, it finds what is left (or nothing).
 */
async function deleteOwnData(user: SessionUser): Promise<void> {
  const [{ getDb }, { deleteAccountData }, { publicNameOf }] = await Promise.all([
    import('../../../lib/firebase/firestore'),
    import('../../../lib/firebase/account-cleanup'),
    import('../../../lib/firebase/profiles'),
  ]);
  const { db } = await getDb();
  await deleteAccountData(db, {
    uid: user.uid,
    name: publicNameOf(user),
    photoURL: user.photoURL,
    isAnonymous: user.isAnonymous,
  });
}

/**
 * **Delete account** with a confirmation: first what the account owns (`deleteOwnData`), then
 * the sign-in. When the sign-in is too old the server answers `requires-recent-login`: the user
 * confirms their identity and the deletion runs again.
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
        await deleteOwnData(user);
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
            {user.isAnonymous ? (
              <DialogContentText>
                This permanently deletes this guest account and its saved showcases, and signs you
                out. It cannot be undone.
              </DialogContentText>
            ) : (
              <>
                <DialogContentText>
                  This permanently deletes your sign-in for {user.email ?? 'this account'}, your
                  showcases with their images, likes and comments, your comments on other showcases,
                  your profile and photo, whom you follow, your saved showcases and your activity,
                  and signs you out. It cannot be undone.
                </DialogContentText>
                <DialogContentText>
                  What stays: the likes you gave other members&rsquo; showcases, and other
                  members&rsquo; follows of you until they unfollow.
                </DialogContentText>
              </>
            )}
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
