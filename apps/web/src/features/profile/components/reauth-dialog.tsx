import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { RequestErrorAlert } from '../../../components/feedback/error-alert';
import { useRequest } from '../../../hooks/use-request';
import { sessionActions } from '../../../lib/session';
import type { ReauthenticationMethod } from '../../../lib/session';
import { validateCurrentPassword } from '../../../utils/validation';
import { TextInput } from '../../../components/form/text-input';

type ReauthDialogProps = {
  open: boolean;
  method: ReauthenticationMethod;
  /** What the confirmation is for, e.g. "delete your account". */
  purpose: string;
  onClose: () => void;
  /** Called once the user has proven it is them; the caller repeats its action. */
  onConfirmed: () => void;
};

/** Asks for the password again (or a Google pop-up) after `requires-recent-login`. */
export function ReauthDialog({ open, method, purpose, onClose, onConfirmed }: ReauthDialogProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequest();

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'password') {
      const error = validateCurrentPassword(password);
      setFieldError(error);
      if (error) return;
    }
    void request.run(async () => {
      if (method === 'password') await sessionActions().reauthenticateWithPassword(password);
      else await sessionActions().reauthenticateWithGoogle();
      setPassword('');
      onConfirmed();
    });
  };

  return (
    <Dialog
      open={open}
      onClose={request.pending ? undefined : onClose}
      aria-labelledby="reauth-title"
    >
      <form onSubmit={confirm} noValidate>
        <DialogTitle id="reauth-title">Confirm it’s you</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              You signed in a while ago. To {purpose}, confirm your identity
              {method === 'password' ? ' with your password.' : ' with Google.'}
            </DialogContentText>
            {method === 'password' ? (
              <TextInput
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setFieldError(null);
                }}
                error={fieldError ?? undefined}
              />
            ) : null}
            <RequestErrorAlert request={request} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={request.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={request.pending}>
            {method === 'password' ? 'Confirm' : 'Continue with Google'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
