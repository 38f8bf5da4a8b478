import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useRequest } from '../../../hooks/use-request';
import { sessionActions } from '../../../lib/session';
import { useAuthLocation } from '../hooks/use-auth-location';
import type { SignInValues } from '../validation';
import { validateSignIn } from '../validation';
import { GoogleButton } from './google-button';
import { OrDivider } from './or-divider';
import { TextInput } from '../../../components/form/text-input';

export function SignInForm({ sessionEnded }: { sessionEnded: boolean }) {
  const { email: suggestedEmail, returnTo, forward } = useAuthLocation();
  const request = useRequest();
  const { values, setFieldErrors, formError, field } = useFormFields<SignInValues>(
    { email: suggestedEmail ?? '', password: '' },
    { request },
  );
  const [action, setAction] = useState<'email' | 'google'>('email');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setFieldErrors(validateSignIn(values))) return;
    const email = values.email.trim();
    const { password } = values;
    // The guard moves a signed-in user on to `returnTo`; nothing to do here on success.
    setAction('email');
    void request.run(() => sessionActions().signInWithEmail(email, password));
  };

  return (
    <Stack spacing={2.5}>
      {sessionEnded ? (
        <Alert severity="info">Your session ended, please sign in again.</Alert>
      ) : null}
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextInput {...field('email')} label="Email" type="email" autoComplete="email" />
        <TextInput
          {...field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        {formError ? (
          <ErrorAlert
            error={formError}
            email={values.email.trim()}
            onRetry={() => void request.retry()}
            retrying={request.pending}
          />
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={request.pending && action === 'email'}
          disabled={request.pending}
        >
          Sign in
        </Button>
        <Link
          component={RouterLink}
          to={paths.resetPassword}
          state={values.email.trim() ? { ...forward, email: values.email.trim() } : forward}
          sx={{ alignSelf: 'flex-start' }}
        >
          Forgot password?
        </Link>
      </Stack>
      <div>
        <OrDivider />
        <GoogleButton
          pending={request.pending && action === 'google'}
          disabled={request.pending}
          onClick={() => {
            setAction('google');
            void request.run(() => sessionActions().continueWithGoogle(returnTo));
          }}
        />
      </div>
    </Stack>
  );
}
