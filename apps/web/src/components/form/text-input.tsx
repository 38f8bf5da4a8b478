import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, HTMLInputTypeAttribute, Ref } from 'react';
import { useId } from 'react';

type TextInputProps = {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'url' | 'numeric' | 'tel' | 'search';
  placeholder?: string;
  autoFocus?: boolean;
  /** The field's error message; shown instead of the hint and marks the input invalid. */
  error?: string | undefined;
  hint?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field with a visible label and a message line. Built from MUI's parts
 * rather than `TextField`, whose `select` support drags menus and popovers into every form chunk.
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  autoFocus,
  error,
  hint,
  maxLength,
  inputRef,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const message = error ?? hint;
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        placeholder={placeholder}
        autoFocus={autoFocus}
        inputRef={inputRef}
        inputProps={{ inputMode, maxLength, 'aria-invalid': Boolean(error) }}
        aria-describedby={message ? helperId : undefined}
      />
      {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
    </FormControl>
  );
}
