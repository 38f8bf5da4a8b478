import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import type { QueuedNotification } from './notifier';

type NotificationSnackbarProps = {
  notification: QueuedNotification;
  /** Called once the snackbar has finished closing; the next one then shows. */
  onDismissed: (id: number) => void;
};

export function NotificationSnackbar({ notification, onDismissed }: NotificationSnackbarProps) {
  const [open, setOpen] = useState(true);
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  const { action } = notification;
  return (
    <Snackbar
      open={open}
      autoHideDuration={notification.severity === 'error' ? 8000 : 5000}
      onClose={close}
      slotProps={{ transition: { onExited: () => onDismissed(notification.id) } }}
    >
      <Alert
        severity={notification.severity ?? 'info'}
        variant="filled"
        onClose={action ? undefined : close}
        sx={{ width: '100%', maxWidth: 560 }}
        action={
          action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                action.onClick();
                close();
              }}
            >
              {action.label}
            </Button>
          ) : undefined
        }
      >
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
