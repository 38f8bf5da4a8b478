import type { FieldErrors } from '../../utils/validation';
import {
  collectErrors,
  validateCurrentPassword,
  validateDisplayName,
  validateEmail,
  validateNewPassword,
} from '../../utils/validation';

export type SignInValues = { email: string; password: string };
export type SignUpValues = { displayName: string; email: string; password: string };
export type ResetValues = { email: string };

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  return collectErrors({
    email: validateEmail(values.email),
    password: validateCurrentPassword(values.password),
  });
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return collectErrors({
    displayName: validateDisplayName(values.displayName),
    email: validateEmail(values.email),
    password: validateNewPassword(values.password),
  });
}

export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  return collectErrors({ email: validateEmail(values.email) });
}
