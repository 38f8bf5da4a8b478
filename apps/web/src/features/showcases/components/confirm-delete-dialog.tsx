import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type ConfirmDeleteDialogProps = {
  open: boolean;
  title: string;
  onCancel(): void;
  onConfirm(): void;
};

export function ConfirmDeleteDialog({
  open,
  title,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="delete-dialog-title"
      aria-describedby="delete-dialog-text"
    >
      <DialogTitle id="delete-dialog-title">Delete this showcase?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-dialog-text" sx={{ overflowWrap: 'anywhere' }}>
          {`“${title || 'Untitled'}” will be gone for everyone. This cannot be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
