import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

type ConfirmDialogProps = {
  open: boolean;
  /** The question, e.g. "Delete this showcase?": also the dialog's accessible name. */
  title: string;
  /** What happens, in a sentence or two. */
  text: string;
  /** The confirming button's label, e.g. "Delete". */
  confirmLabel: string;
  /** `error` for what cannot be undone. */
  color?: 'primary' | 'error';
  onCancel(): void;
  onConfirm(): void;
};

/** Asks before an action the user may not mean; Cancel has the focus, so Enter changes nothing. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  color = 'primary',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button color={color} variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
