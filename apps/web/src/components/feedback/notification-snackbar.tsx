import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useRef, useState } from 'react';
import { isConfirmation } from './confirmation';
import type { QueuedNotification } from './notifier';

type NotificationSnackbarProps = {
  notification: QueuedNotification;
  /** Called once the snackbar has finished closing; the next one then shows. */
  onDismissed: (id: number) => void;
  /** Changes the waiting notices (this one is the first). */
  updateQueue: Dispatch<SetStateAction<QueuedNotification[]>>;
};

/**
 * Whether an event starts the user's next action: a click or tap (not a touch that scrolls), a
 * key that activates or types (not one that only moves the focus, and not a shortcut or a held
 * key repeating), or Back/Forward.
 */
function startsNextAction(event: Event): boolean {
  if (!(event instanceof KeyboardEvent)) return true;
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === 'Enter' || event.key.length === 1;
}

export function NotificationSnackbar({
  notification,
  onDismissed,
  updateQueue,
}: NotificationSnackbarProps) {
  const [open, setOpen] = useState(true);
  const root = useRef<HTMLDivElement>(null);
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  // A confirmation reports an action that is over: once the user starts the next one (anywhere
  // but on the snackbar itself), it would only be stale, so it goes at once. Errors, warnings
  // and notices with an action stay for their time: they still ask for something.
  const confirmation = isConfirmation(notification);
  useEffect(() => {
    if (!confirmation) return undefined;
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      if (!startsNextAction(event)) return;
      setOpen(false);
      // Confirmations still waiting to show are stale too.
      updateQueue((queue) => queue.filter((item, index) => index === 0 || !isConfirmation(item)));
    };
    document.addEventListener('click', onEvent, true);
    document.addEventListener('keydown', onEvent, true);
    window.addEventListener('popstate', onEvent);
    return () => {
      document.removeEventListener('click', onEvent, true);
      document.removeEventListener('keydown', onEvent, true);
      window.removeEventListener('popstate', onEvent);
    };
  }, [confirmation, updateQueue]);

  const { action } = notification;
  return (
    <Snackbar
      ref={root}
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
