import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useRequest } from '../../../hooks/use-request';
import { sessionActions } from '../../../lib/session';
import { hasErrors } from '../../../utils/validation';
import { useAuthLocation } from '../hooks/use-auth-location';
import { validateReset } from '../validation';
import { TextInput } from '../../../components/form/text-input';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function ResetForm() {
  const { email: suggestedEmail } = useAuthLocation();
  const [email, setEmail] = useState(suggestedEmail ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const request = useRequest();
  const emailRef = useRef<HTMLInputElement>(null);

  const serverFieldError = request.error?.field === 'email' ? request.error.message : undefined;
  const formError = request.error && !request.error.field ? request.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateReset({ email });
    setFieldError(errors.email);
    if (hasErrors(errors)) {
      emailRef.current?.focus();
      return;
    }
    const address = email.trim();
    setSent(false);
    void request.run(async () => {
      await sessionActions().sendPasswordReset(address);
      setSent(true);
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <TextInput
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputRef={emailRef}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
          if (serverFieldError) request.clearError();
        }}
        error={fieldError ?? serverFieldError}
      />
      {sent ? (
        <Alert severity="success" role="status">
          If an account exists for that email, we sent a link to reset the password. Check your
          inbox (and spam folder).
        </Alert>
      ) : null}
      {formError ? (
        <ErrorAlert
          error={formError}
          onRetry={() => void request.retry()}
          retrying={request.pending}
          offerReset={false}
        />
      ) : null}
      <Button type="submit" variant="contained" size="large" loading={request.pending}>
        Send reset link
      </Button>
    </Stack>
  );
}
