import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      title="Delete this showcase?"
      text={`“${title || 'Untitled'}” will be gone for everyone. This cannot be undone.`}
      confirmLabel="Delete"
      color="error"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
