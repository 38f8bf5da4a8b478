/**
 * Field rules shared by forms. Each returns a message for the field, or `null` when valid.
 * Pure functions: the forms call them before any request, the tests call them directly.
 */

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

// Deliberately loose (the server is the judge); it catches typos such as a missing "@" or domain.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const DISPLAY_NAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const URL_MAX = 2048;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Enter your email address.';
  if (email.length > 254 || !emailPattern.test(email)) {
    return 'Enter a valid email address, like name@example.com.';
  }
  return null;
}

/** For signing in: any non-empty password (rules for new passwords do not apply to old ones). */
export function validateCurrentPassword(value: string): string | null {
  return value === '' ? 'Enter your password.' : null;
}

export function validateNewPassword(value: string): string | null {
  if (value === '') return 'Choose a password.';
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (value.length > 4096) return 'Use at most 4096 characters.';
  if (value.trim() === '') return 'A password cannot be only spaces.';
  return null;
}

export function validateDisplayName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'Enter a display name.';
  if ([...name].length > DISPLAY_NAME_MAX) return `Use at most ${DISPLAY_NAME_MAX} characters.`;
  // Control characters would render as nothing (or break layouts) wherever the name is shown.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Use letters, numbers and punctuation only.';
  return null;
}

/** An http(s) URL, as images and links must be (never `javascript:` or `data:`). */
export function validateHttpUrl(value: string, { required }: { required: boolean }): string | null {
  const text = value.trim();
  if (text === '') return required ? 'Enter a web address.' : null;
  if (text.length > URL_MAX) return `Use at most ${URL_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full web address starting with https:// or http://.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'Only web addresses starting with https:// or http:// are allowed.';
  }
  if (url.hostname === '') return 'Enter a full web address starting with https:// or http://.';
  return null;
}

/** Collects the messages of a form; an empty object means the form is valid. */
export function collectErrors<TField extends string>(
  checks: Record<TField, string | null>,
): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const field of Object.keys(checks) as TField[]) {
    const message = checks[field];
    if (message !== null) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
