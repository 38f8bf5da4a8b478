import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';

import { RequestErrorAlert } from '../../../components/feedback/error-alert';
import { useNotify } from '../../../components/feedback/notifier';
import { useRequest } from '../../../hooks/use-request';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';
import type { ProfileValues } from '../validation';
import { toProfileChanges, validateProfile } from '../validation';
import { TextInput } from '../../../components/form/text-input';
import { useFormFields } from '../../../hooks/use-form-fields';

/** Edits the display name and photo URL of the signed-in member. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const notify = useNotify();
  const { values, setFieldErrors, field } = useFormFields<ProfileValues>({
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
  });
  const request = useRequest();
  const unchanged =
    values.displayName.trim() === (user.displayName ?? '') &&
    values.photoURL.trim() === (user.photoURL ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setFieldErrors(validateProfile(values))) return;
    const changes = toProfileChanges(values);
    void request.run(async () => {
      await sessionActions().updateUserProfile(changes);
      notify({ severity: 'success', message: 'Profile saved.' });
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <TextInput {...field('displayName')} label="Display name" autoComplete="nickname" />
      <TextInput
        {...field('photoURL')}
        label="Photo URL"
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://…"
        hint="An https:// link to an image. Leave empty for none."
      />
      <RequestErrorAlert request={request} />
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
