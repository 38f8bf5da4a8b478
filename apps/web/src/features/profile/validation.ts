import type { FieldErrors } from '../../utils/validation';
import { collectErrors, validateDisplayName, validateHttpUrl } from '../../utils/validation';

export type ProfileValues = { displayName: string; photoURL: string };

export function validateProfile(values: ProfileValues): FieldErrors<keyof ProfileValues> {
  return collectErrors({
    displayName: validateDisplayName(values.displayName),
    photoURL: validateHttpUrl(values.photoURL, { required: false }),
  });
}

/** What to send: trimmed values, and `null` to remove the photo. */
export function toProfileChanges(values: ProfileValues): {
  displayName: string;
  photoURL: string | null;
} {
  const photoURL = values.photoURL.trim();
  return { displayName: values.displayName.trim(), photoURL: photoURL === '' ? null : photoURL };
}
