import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useRequest } from '../../../hooks/use-request';
import { sessionActions } from '../../../lib/session';
import { hasErrors } from '../../../utils/validation';
import { useAuthLocation } from '../hooks/use-auth-location';
import type { SignInValues } from '../validation';
import { validateSignIn } from '../validation';
import { GoogleButton } from './google-button';
import { OrDivider } from './or-divider';
import { TextInput } from '../../../components/form/text-input';

export function SignInForm({ sessionEnded }: { sessionEnded: boolean }) {
  const { email: suggestedEmail, returnTo, forward } = useAuthLocation();
  const request = useRequest();
  const { values, setFieldErrors, errorFor, formError, change } = useFormFields<SignInValues>(
    { email: suggestedEmail ?? '', password: '' },
    { request },
  );
  const [action, setAction] = useState<'email' | 'google'>('email');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateSignIn(values);
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
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
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputRef={emailRef}
          value={values.email}
          onChange={change('email')}
          error={errorFor('email')}
        />
        <TextInput
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          inputRef={passwordRef}
          value={values.password}
          onChange={change('password')}
          error={errorFor('password')}
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
