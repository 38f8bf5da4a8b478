import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useNotify } from '../../../components/feedback/notifier';
import { useRequest } from '../../../hooks/use-request';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';
import { hasErrors } from '../../../utils/validation';
import type { ProfileValues } from '../validation';
import { toProfileChanges, validateProfile } from '../validation';
import { TextInput } from '../../../components/form/text-input';

/** Edits the display name and photo URL of the signed-in member. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const notify = useNotify();
  const [values, setValues] = useState<ProfileValues>({
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const request = useRequest();
  const refs = {
    displayName: useRef<HTMLInputElement>(null),
    photoURL: useRef<HTMLInputElement>(null),
  };
  const unchanged =
    values.displayName.trim() === (user.displayName ?? '') &&
    values.photoURL.trim() === (user.photoURL ?? '');

  const change = (field: keyof ProfileValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateProfile(values);
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      refs[errors.displayName ? 'displayName' : 'photoURL'].current?.focus();
      return;
    }
    const changes = toProfileChanges(values);
    void request.run(async () => {
      await sessionActions().updateUserProfile(changes);
      notify({ severity: 'success', message: 'Profile saved.' });
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <TextInput
        label="Display name"
        name="displayName"
        autoComplete="nickname"
        inputRef={refs.displayName}
        value={values.displayName}
        onChange={change('displayName')}
        error={fieldErrors.displayName}
      />
      <TextInput
        label="Photo URL"
        name="photoURL"
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://…"
        inputRef={refs.photoURL}
        value={values.photoURL}
        onChange={change('photoURL')}
        error={fieldErrors.photoURL}
        hint="An https:// link to an image. Leave empty for none."
      />
      {request.error ? (
        <ErrorAlert
          error={request.error}
          onRetry={() => void request.retry()}
          retrying={request.pending}
        />
      ) : null}
      <Button
        type="submit"
        variant="contained"
        loading={request.pending}
        disabled={unchanged && !request.pending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save profile
      </Button>
    </Stack>
  );
}
