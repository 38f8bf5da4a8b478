import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, HTMLInputTypeAttribute, ReactNode, Ref } from 'react';
import { useId } from 'react';

export type TextInputProps = {
  label: string;
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'url' | 'numeric' | 'tel' | 'search';
  placeholder?: string;
  autoFocus?: boolean;
  required?: boolean;
  /** A text area that starts this many rows high and grows with its text. */
  minRows?: number;
  readOnly?: boolean;
  /** The field's error message; shown instead of the hint and marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Screen readers hear the message line when it changes (e.g. an image that did not load). */
  announceMessage?: boolean;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
};

/**
 * Every form's text field: an outlined input with a visible label and a message line (the
 * error, else the hint). Spread `useFormFields`' `field(name)` into it for the value, the
 * change handler, the message and the ref. Built from MUI's parts rather than `TextField`,
 * whose `select` support drags menus and popovers into every form chunk.
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  autoFocus,
  required,
  minRows,
  readOnly,
  error,
  hint,
  announceMessage,
  maxLength,
  inputRef,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const message = error ?? hint;
  const hasMessage = message !== undefined && message !== null && message !== '';
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        autoComplete={autoComplete}
        placeholder={placeholder}
        autoFocus={autoFocus}
        readOnly={readOnly}
        multiline={minRows !== undefined}
        minRows={minRows}
        inputRef={inputRef}
        inputProps={{ inputMode, maxLength, 'aria-invalid': Boolean(error) }}
        aria-describedby={hasMessage ? helperId : undefined}
      />
      {hasMessage ? (
        <FormHelperText id={helperId} aria-live={announceMessage ? 'polite' : undefined}>
          {message}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
