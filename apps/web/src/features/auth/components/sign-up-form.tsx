import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useNotify } from '../../../components/feedback/notifier';
import { paths } from '../../../config/paths';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useRequest } from '../../../hooks/use-request';
import { describeError } from '../../../lib/errors';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';
import { DISPLAY_NAME_MAX } from '../../../utils/validation';
import { useAuthLocation } from '../hooks/use-auth-location';
import type { SignUpValues } from '../validation';
import { validateSignUp } from '../validation';
import { GoogleButton } from './google-button';
import { OrDivider } from './or-divider';
import { SwitchAccountDialog } from './switch-account-dialog';
import { TextInput } from '../../../components/form/text-input';

/**
 * Creates an account. For a guest the same form upgrades the guest in place (same uid), by email
 * and password or by linking Google.
 */
export function SignUpForm({ guest }: { guest: SessionUser | null }) {
  const { returnTo, forward } = useAuthLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [action, setAction] = useState<'email' | 'google'>('email');
  const [switchOpen, setSwitchOpen] = useState(false);
  const request = useRequest();
  const { values, setFieldErrors, formError, field } = useFormFields<SignUpValues>(
    { displayName: '', email: '', password: '' },
    { request },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setFieldErrors(validateSignUp(values))) return;
    const input = {
      displayName: values.displayName.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    setAction('email');
    void request.run(async () => {
      const result = await sessionActions().signUpWithEmail(input);
      if (result.profileError) {
        notify({
          severity: 'warning',
          message: `Your account was created, but your display name was not saved: ${describeError(result.profileError).message} You can set it on your profile.`,
        });
      } else {
        notify({
          severity: 'success',
          message: result.upgraded
            ? 'Your guest session is now a member account.'
            : 'Welcome to Showcase!',
        });
      }
    });
  };

  const googleSignUp = () => {
    setAction('google');
    void request.run(async () => {
      if ((await sessionActions().continueWithGoogle(returnTo)) === 'signed-in' && guest) {
        notify({ severity: 'success', message: 'Your guest session is now a member account.' });
      }
    });
  };

  // The email or Google account already has an account: guests may switch to it (their uid is
  // left behind); visitors are sent to sign in with the email they typed.
  const signInInstead = () => {
    if (guest) {
      setSwitchOpen(true);
      return;
    }
    void navigate(paths.signIn, { state: { ...forward, email: values.email.trim() } });
  };
  // The failed request was the last one started: Google linking or the email form.
  const googleConflict = action === 'google';
  const switchToExisting = async () => {
    if (googleConflict) {
      await sessionActions().signInToExistingGoogleAccount(request.cause);
    } else {
      await sessionActions().signInWithEmail(values.email.trim(), values.password);
    }
    setSwitchOpen(false);
  };

  return (
    <Stack spacing={2.5}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextInput
          {...field('displayName')}
          label="Display name"
          autoComplete="nickname"
          hint="Shown on your showcases."
          maxLength={DISPLAY_NAME_MAX * 2}
        />
        <TextInput {...field('email')} label="Email" type="email" autoComplete="email" />
        <TextInput
          {...field('password')}
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        {formError ? (
          <ErrorAlert
            error={formError}
            onRetry={() => void request.retry()}
            retrying={request.pending}
            action={
              formError.recovery === 'sign-in-instead' ? (
                <Button variant="outlined" color="error" size="small" onClick={signInInstead}>
                  Sign in instead
                </Button>
              ) : undefined
            }
          />
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={request.pending && action === 'email'}
          disabled={request.pending}
        >
          Create account
        </Button>
      </Stack>
      <div>
        <OrDivider />
        <GoogleButton
          pending={request.pending && action === 'google'}
          disabled={request.pending}
          onClick={googleSignUp}
        />
      </div>
      {guest ? (
        <SwitchAccountDialog
          open={switchOpen}
          existing={googleConflict ? 'This Google account' : values.email.trim()}
          guestUid={guest.uid}
          onClose={() => setSwitchOpen(false)}
          onConfirm={switchToExisting}
        />
      ) : null}
    </Stack>
  );
}
