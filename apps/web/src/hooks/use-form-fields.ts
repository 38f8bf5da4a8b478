import { useState } from 'react';
import type { useRequest } from './use-request';

type Request = Pick<ReturnType<typeof useRequest>, 'error' | 'clearError'>;

/**
 * The typed values of a form and their messages: client validation first, then a server error
 * that names one of the fields (e.g. `invalid-email` on **Email**). Typing in a field clears
 * both for that field and never touches what was typed elsewhere.
 */
export function useFormFields<Values extends Record<string, string>>(
  initial: Values,
  request: Request,
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const serverFieldError = request.error?.field;

  const errorFor = (field: Field) =>
    fieldErrors[field] ?? (serverFieldError === field ? request.error?.message : undefined);
  const formError = request.error && !request.error.field ? request.error : null;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    if (serverFieldError === field) request.clearError();
  };

  return { values, setFieldErrors, errorFor, formError, change };
}
