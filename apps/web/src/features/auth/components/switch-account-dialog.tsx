import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { RequestErrorAlert } from '../../../components/feedback/error-alert';
import { useRequest } from '../../../hooks/use-request';

type SwitchAccountDialogProps = {
  open: boolean;
  /** What already has an account: an email address or "This Google account". */
  existing: string;
  guestUid: string;
  onClose: () => void;
  /** Signs in to the existing account. */
  onConfirm: () => Promise<void>;
};

/**
 * A guest tried to upgrade with credentials that already belong to an account. Signing in to
 * that account is possible, but the guest's uid (and anything tied to it) stays behind: say so.
 */
export function SwitchAccountDialog({
  open,
  existing,
  guestUid,
  onClose,
  onConfirm,
}: SwitchAccountDialogProps) {
  const request = useRequest();
  return (
    <Dialog
      open={open}
      onClose={request.pending ? undefined : onClose}
      aria-labelledby="switch-account-title"
    >
      <DialogTitle id="switch-account-title">Sign in to the existing account?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {existing} already has a Showcase account, so this guest session cannot be upgraded with
            it.
          </DialogContentText>
          <DialogContentText>
            You can sign in to that account instead. This guest session (user ID{' '}
            <code style={{ overflowWrap: 'anywhere' }}>{guestUid}</code>) will be left behind and
            you will not be able to return to it.
          </DialogContentText>
          <RequestErrorAlert request={request} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={request.pending}>
          Stay a guest
        </Button>
        <Button
          variant="contained"
          loading={request.pending}
          onClick={() => void request.run(onConfirm)}
        >
          Sign in to that account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
