import CloseOutlined from '@mui/icons-material/CloseOutlined';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { InputLabelProps } from '@mui/material/InputLabel';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Ref } from 'react';

const TAG_FILTER_LABEL = 'Filter by tag';

/**
 * The spacing MUI's Autocomplete gives a small outlined field. The plain field shown before the
 * suggestions' code has loaded has it too, so nothing moves when one replaces the other.
 */
export const tagFilterSx = {
  width: { xs: '100%', sm: 280 },
  '& .MuiOutlinedInput-root.MuiInputBase-sizeSmall': { p: '6px 9px 6px 6px' },
  '& .MuiOutlinedInput-root.MuiInputBase-sizeSmall .MuiInputBase-input': {
    p: '2.5px 4px 2.5px 8px',
    flexGrow: 1,
    width: 0,
    minWidth: 30,
    textOverflow: 'ellipsis',
  },
} as const;

export type TagFilterFieldProps = {
  id: string;
  text: string;
  error: boolean;
  helper: string | undefined;
  onClear: () => void;
  /** What Autocomplete's `renderInput` hands the input's root (its anchor ref, class, mouse-down). */
  rootProps?: Partial<OutlinedInputProps> & { ref?: Ref<unknown> };
  /** The `<input>`'s own props: Autocomplete's, or the plain field's. */
  inputProps: InputBaseComponentProps;
  labelProps?: Partial<InputLabelProps>;
};

/**
 * The tag filter's field, what TextField would render minus the Select it drags in: a label,
 * the `#` prefix, a clear button while there is text, and the explanation under it.
 */
export function TagFilterField({
  id,
  text,
  error,
  helper,
  onClear,
  rootProps,
  inputProps,
  labelProps,
}: TagFilterFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth size="small" error={error}>
      <InputLabel {...labelProps} htmlFor={id} id={`${id}-label`}>
        {TAG_FILTER_LABEL}
      </InputLabel>
      <OutlinedInput
        {...rootProps}
        id={id}
        label={TAG_FILTER_LABEL}
        aria-describedby={helper ? helperId : undefined}
        inputProps={inputProps}
        startAdornment={<InputAdornment position="start">#</InputAdornment>}
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label="Clear tag filter" edge="end" onClick={onClear}>
                <CloseOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
