import { useRef, useState } from 'react';
import type { useRequest } from './use-request';

type Request = Pick<ReturnType<typeof useRequest>, 'error' | 'clearError'>;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type FormFieldsOptions<Values> = {
  /** The form's request: a server error that names a field shows on that field. */
  request?: Request;
  /** The order in which a submit's first invalid field is focused; default: `initial`'s keys. */
  order?: readonly (keyof Values & string)[];
  /**
   * The whole form's client validation. Given, typing re-validates everything once errors have
   * been shown (the messages follow the typing); without it, typing clears that field's message.
   */
  validate?: (values: Values) => FieldErrors<keyof Values & string>;
  /**
   * Brings a submit's first invalid field to the user; default: `focus()`, which scrolls only
   * as far as the browser thinks it must.
   */
  reveal?: (element: FieldElement) => void;
};

export type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * The typed values of a form and their messages: client validation first, then a server error
 * that names one of the fields (e.g. `invalid-email` on **Email**). Typing in a field never
 * touches what was typed elsewhere, and clears a server error on that field. `field(name)` is
 * what `components/form/text-input.tsx` takes for it: name, value, change handler, message, ref.
 */
export function useFormFields<Values extends Record<string, string>>(
  initial: Values,
  { request, validate, order, reveal }: FormFieldsOptions<Values> = {},
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setErrors] = useState<FieldErrors<Field>>({});
  // Set by the first submit: from then on `validate` runs on every change.
  const [shown, setShown] = useState(false);
  const serverFieldError = request?.error?.field;

  const errorFor = (field: Field) =>
    fieldErrors[field] ?? (serverFieldError === field ? request?.error?.message : undefined);
  const formError = request?.error && !request.error.field ? request.error : null;

  const inputs = useRef<Partial<Record<Field, FieldElement | null>>>({});

  /**
   * Shows the messages of a submit attempt (empty when the form is valid) and moves focus to
   * the first field with one. Says whether there was any.
   */
  const setFieldErrors = (errors: FieldErrors<Field>): boolean => {
    setErrors(errors);
    setShown(true);
    const fields = order ?? (Object.keys(initial) as Field[]);
    const first = fields.find((field) => errors[field] !== undefined);
    const element = first === undefined ? undefined : inputs.current[first];
    if (element) {
      if (reveal) reveal(element);
      else element.focus();
    }
    return first !== undefined;
  };

  /** Sets a field's value for the user (e.g. a link completed with `https://`). */
  const setValue = (field: Field, value: string) => change(field)({ target: { value } });

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    if (validate && shown) setErrors(validate({ ...values, [field]: value }));
    else setErrors((current) => ({ ...current, [field]: undefined }));
    if (serverFieldError === field) request?.clearError();
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: errorFor(name),
    inputRef: (element: FieldElement | null) => {
      inputs.current[name] = element;
    },
  });

  return { values, setFieldErrors, errorFor, formError, change, setValue, field };
}
