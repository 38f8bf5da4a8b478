import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type Answer = 'proceed' | 'cancel';

/** Asked before a sign-out that would delete writes the server has not confirmed. */
export function PendingWritesDialog({ onAnswer }: { onAnswer: (answer: Answer) => void }) {
  return (
    <Dialog
      open
      onClose={() => onAnswer('cancel')}
      aria-labelledby="pending-writes-title"
      aria-describedby="pending-writes-text"
    >
      <DialogTitle id="pending-writes-title">Sign out and lose unsent changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id="pending-writes-text">
          Some of your changes are saved only on this device: the server has not confirmed them yet,
          usually because you are offline. Signing out deletes them from this device.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer('cancel')} autoFocus>
          Stay signed in
        </Button>
        <Button color="error" onClick={() => onAnswer('proceed')}>
          Sign out anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
