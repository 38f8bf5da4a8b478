import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Showcase } from '@showcase/schema';
import { useMemo, useState } from 'react';
import { showcasesQuery } from '../../../lib/firebase/showcases';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { readTagInput } from '../tag-input';
import type { TagCount } from '../tag-suggestions';
import { countTags, matchTags } from '../tag-suggestions';

/** How many of the newest showcases sample the tags in use while the gallery is filtered. */
const SAMPLE_SIZE = 48;

const suggestionCount = (count: number) => `${count} ${count === 1 ? 'showcase' : 'showcases'}`;

/**
 * Filter by one tag, with suggestions of the tags in use (most used first) and what a tag may
 * contain explained next to the field. Choosing a suggestion or pressing Enter on a valid tag
 * applies it; the URL (`tag`) stays the one source of truth, so this field follows it.
 */
export function TagFilter({
  tag,
  onChange,
  showcases,
}: {
  /** The tag in the URL. */
  tag: string | null;
  onChange: (tag: string | null) => void;
  /** The gallery's loaded showcases: while unfiltered, a sample of the tags in use. */
  showcases: readonly Showcase[];
}) {
  const [text, setText] = useState(tag ?? '');
  const [appliedTag, setAppliedTag] = useState(tag);
  const [wanted, setWanted] = useState(false);
  // The URL changed from elsewhere (a tag chip, Back): follow it.
  if (appliedTag !== tag) {
    setAppliedTag(tag);
    setText(tag ?? '');
  }
  // A filtered gallery shows only showcases with that tag; then the newest ones sample the
  // tags in use instead, listened to only once someone turns to this field.
  const sample = useQuerySnapshot(
    showcasesQuery,
    wanted && tag !== null ? [{ sort: 'newest', tag: null, limit: SAMPLE_SIZE }] : null,
  );
  const sampled = sample.data;
  const suggestions = useMemo(() => countTags(showcases, sampled ?? []), [showcases, sampled]);
  const input = readTagInput(text);
  const pendingTag = input.kind === 'tag' && input.tag !== tag ? input.tag : null;
  const helper =
    input.kind === 'invalid'
      ? input.problem
      : input.kind === 'tag' && input.note
        ? input.note
        : pendingTag !== null
          ? `Press Enter to show showcases tagged #${pendingTag}.`
          : undefined;

  const apply = (value: string | null) => {
    setText(value ?? '');
    onChange(value);
  };

  return (
    <Autocomplete<TagCount, false, true, true>
      freeSolo
      disableClearable
      size="small"
      options={suggestions}
      value={tag ?? ''}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        // A chosen suggestion resets the text through `value`; only typing changes it here.
        if (reason === 'input') setText(value);
      }}
      onChange={(_event, value, reason) => {
        if (reason === 'selectOption' && typeof value !== 'string') apply(value.tag);
        else if (reason === 'createOption' && typeof value === 'string') {
          const read = readTagInput(value);
          if (read.kind === 'tag') apply(read.tag);
          else if (read.kind === 'empty') apply(null);
          // An invalid tag stays in the field with its explanation; the URL keeps its tag.
        }
      }}
      onOpen={() => setWanted(true)}
      filterOptions={(options, state) => matchTags(options, state.inputValue)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.tag)}
      isOptionEqualToValue={(option, value) =>
        option.tag === (typeof value === 'string' ? value : value.tag)
      }
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 2 }}>
          <Box component="span" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            #{option.tag}
          </Box>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {suggestionCount(option.count)}
          </Typography>
        </Box>
      )}
      sx={{ width: { xs: '100%', sm: 280 } }}
      renderInput={(params) => (
        <TextField
          id={params.id}
          disabled={params.disabled}
          fullWidth={params.fullWidth}
          size={params.size}
          label="Filter by tag"
          error={input.kind === 'invalid'}
          helperText={helper}
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: <InputAdornment position="start">#</InputAdornment>,
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label="Clear tag filter"
                    edge="end"
                    onClick={() => apply(null)}
                  >
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
            htmlInput: params.inputProps,
            inputLabel: params.InputLabelProps,
          }}
        />
      )}
    />
  );
}
