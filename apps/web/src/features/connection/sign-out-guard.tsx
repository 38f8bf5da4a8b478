import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { connectionStore } from '../../lib/firebase/connection-store';
import { sessionActions } from '../../lib/session';

type Answer = 'proceed' | 'cancel';

/**
 * Before every sign-out: if writes are still waiting for the server, ask first (signing out
 * deletes them); then clear the Firestore cache so the next person on this browser sees nothing.
 * Mounted with the app bar, so it guards a sign-out even before any screen has started
 * Firestore (e.g. right after a reload while offline, with writes queued on disk).
 */
export function SignOutGuard() {
  const [ask, setAsk] = useState<((answer: Answer) => void) | null>(null);

  useEffect(
    () =>
      sessionActions().registerBeforeSignOut(async () => {
        const firestore = await import('../../lib/firebase/firestore');
        // Offline nothing will land: ask at once. Online, give in-flight writes time to land.
        const patience = connectionStore().getStatus() === 'offline' ? 500 : 8_000;
        if (await firestore.hasUnconfirmedWrites(patience)) {
          const answer = await new Promise<Answer>((resolve) => setAsk(() => resolve));
          setAsk(null);
          if (answer === 'cancel') return 'cancel';
        }
        await firestore.clearLocalCache();
        return 'proceed';
      }),
    [],
  );

  return (
    <Dialog
      open={ask !== null}
      onClose={() => ask?.('cancel')}
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
        <Button onClick={() => ask?.('cancel')} autoFocus>
          Stay signed in
        </Button>
        <Button color="error" onClick={() => ask?.('proceed')}>
          Sign out anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
