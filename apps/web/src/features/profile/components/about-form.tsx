import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent } from 'react';
import { BIO_MAX, LINKS_MAX, validateProfileEdit } from '@showcase/schema';
import { useNotify } from '../../../components/feedback/notifier';
import { RequestErrorAlert } from '../../../components/feedback/error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useRequest } from '../../../hooks/use-request';
import { updateProfileDetails, userProfileRef } from '../../../lib/firebase/profiles';
import { useDocSnapshot, useFirestore } from '../../../lib/firebase/use-snapshot';

type AboutValues = { bio: string; links: string };

/**
 * **Bio** and **Links** of the member's public profile (`users/{uid}`), shown on `/u/:uid`. The
 * form opens once the profile is known (the signed-in shell creates it on first sign-in).
 */
export function AboutForm({ uid }: { uid: string }) {
  const profile = useDocSnapshot(userProfileRef, [uid]);
  if (profile.status !== 'success' || profile.data === null) return null;
  const { bio, links } = profile.data;
  // Saved values start the form afresh (another tab's edit, or this one's confirmed).
  return (
    <AboutFields
      key={`${bio}\n${links.join('\n')}`}
      uid={uid}
      initial={{ bio, links: links.join('\n') }}
    />
  );
}

function AboutFields({ uid, initial }: { uid: string; initial: AboutValues }) {
  const db = useFirestore();
  const notify = useNotify();
  const { values, setFieldErrors, field } = useFormFields<AboutValues>(initial);
  const request = useRequest();
  const unchanged = values.bio === initial.bio && values.links === initial.links;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProfileEdit({ bio: values.bio, links: values.links.split('\n') });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    void request.run(async () => {
      await updateProfileDetails(db, uid, checked.value);
      notify({ severity: 'success', message: 'Bio and links saved.' });
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="About you">
      <TextInput
        {...field('bio')}
        label="Bio"
        minRows={3}
        hint={`A few words about you and what you make, up to ${BIO_MAX} characters.`}
      />
      <TextInput
        {...field('links')}
        label="Links"
        minRows={2}
        inputMode="url"
        placeholder="https://…"
        hint={`Up to ${LINKS_MAX} web addresses, one per line: your site, portfolio or shop.`}
      />
      <RequestErrorAlert request={request} />
      <Button
        type="submit"
        variant="contained"
        loading={request.pending}
        disabled={unchanged && !request.pending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save bio and links
      </Button>
    </Stack>
  );
}
