import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

type UpdateSnackbarProps = {
  /** Lets the new version take over; the page reloads once it has. */
  onReload: () => void;
  /** Later: the running version stays until the next reload or the next new version. */
  onDismiss: () => void;
};

/**
 * "A new version of Showcase is ready" with **Reload**. It stays until answered (no time-out)
 * and sits at the other corner from the notices, so neither hides the other.
 */
export function UpdateSnackbar({ onReload, onDismiss }: UpdateSnackbarProps) {
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        onClose={reloading ? undefined : onDismiss}
        sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
        action={
          <Button
            color="inherit"
            size="small"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              onReload();
            }}
          >
            Reload
          </Button>
        }
      >
        A new version of Showcase is ready
      </Alert>
    </Snackbar>
  );
}
