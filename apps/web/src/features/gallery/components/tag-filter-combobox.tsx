import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Showcase } from '@showcase/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { showcasesQuery } from '../../../lib/firebase/showcases';
import { countPublishedWithTag } from '../../../lib/firebase/tag-counts';
import { useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import type { TagCount } from '../tag-suggestions';
import { countTags, matchTags } from '../tag-suggestions';
import type { TagFilterFieldProps } from './tag-filter-field';
import { TagFilterField, tagFilterSx } from './tag-filter-field';

/** How many of the newest showcases sample the tags in use while the gallery is filtered. */
const SAMPLE_SIZE = 48;

const suggestionCount = (count: number) => `${count} ${count === 1 ? 'showcase' : 'showcases'}`;

/** Suggestions get their exact count this many at a time (the ones a person can see). */
const COUNTED_MAX = 12;

/**
 * The exact number of published showcases with each of `tags`, as the server counts them: the
 * suggestions come from the showcases loaded (a page, or a sample), which may hold only some of
 * a tag's showcases, so their own count would promise fewer than the filter then shows. A count
 * that is not known (yet, or offline) is not shown at all.
 */
function useExactTagCounts(tags: readonly string[]): ReadonlyMap<string, number> {
  const db = useFirestore();
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const asked = useRef(new Set<string>());
  const key = tags.join(' ');
  useEffect(() => {
    for (const tag of key === '' ? [] : key.split(' ')) {
      if (asked.current.has(tag)) continue;
      asked.current.add(tag);
      countPublishedWithTag(db, tag).then(
        (count) => setCounts((current) => new Map(current).set(tag, count)),
        () => asked.current.delete(tag), // Offline: asked again when shown again.
      );
    }
  }, [db, key]);
  return counts;
}

/** Where the plain field was when this one replaced it, so the person typing goes on there. */
export type FieldHandoff = {
  selectionStart: number | null;
  selectionEnd: number | null;
  /** Typed into the plain field: the suggestions open as typing them would have. */
  typed: boolean;
};

export type TagFilterComboboxProps = Pick<TagFilterFieldProps, 'id' | 'error' | 'helper'> & {
  tag: string | null;
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion chosen, or the typed text committed with Enter. */
  onChoose: (choice: { tag: string } | { typed: string }) => void;
  onClear: () => void;
  showcases: readonly Showcase[];
  handoff: FieldHandoff | null;
};

/**
 * The tag filter with its suggestions (MUI Autocomplete), loaded when someone turns to the field.
 * Suggestions are the tags in use, most used first: from the gallery's loaded showcases, or,
 * while the gallery is filtered, from a sample of the newest ones listened to once it opens.
 */
export function TagFilterCombobox({
  id,
  error,
  helper,
  tag,
  text,
  onTextChange,
  onChoose,
  onClear,
  showcases,
  handoff,
}: TagFilterComboboxProps) {
  const [open, setOpen] = useState(handoff?.typed ?? false);
  const [wanted, setWanted] = useState(open);
  const sample = useQuerySnapshot(
    showcasesQuery,
    wanted && tag !== null ? [{ sort: 'newest', tag: null, limit: SAMPLE_SIZE }] : null,
  );
  const sampled = sample.data;
  const suggestions = useMemo(() => countTags(showcases, sampled ?? []), [showcases, sampled]);
  const shownTags = useMemo(
    () =>
      open
        ? matchTags(suggestions, text)
            .slice(0, COUNTED_MAX)
            .map((suggestion) => suggestion.tag)
        : [],
    [open, suggestions, text],
  );
  const exactCounts = useExactTagCounts(shownTags);

  // Mounted in place of the focused plain field: focus and caret move here.
  const handedOff = useRef(handoff);
  useEffect(() => {
    const from = handedOff.current;
    const input = document.getElementById(id);
    if (!from || !(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(from.selectionStart, from.selectionEnd);
  }, [id]);

  return (
    <Autocomplete<TagCount, false, true, true>
      id={id}
      freeSolo
      disableClearable
      size="small"
      options={suggestions}
      value={tag ?? ''}
      inputValue={text}
      open={open}
      onOpen={() => {
        setOpen(true);
        setWanted(true);
      }}
      onClose={() => setOpen(false)}
      onInputChange={(_event, value, reason) => {
        // A chosen suggestion resets the text through `value`; only typing changes it here.
        if (reason === 'input') onTextChange(value);
      }}
      onChange={(_event, value, reason) => {
        if (reason === 'selectOption' && typeof value !== 'string') onChoose({ tag: value.tag });
        else if (reason === 'createOption' && typeof value === 'string') onChoose({ typed: value });
      }}
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
          {exactCounts.has(option.tag) ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {suggestionCount(exactCounts.get(option.tag)!)}
            </Typography>
          ) : null}
        </Box>
      )}
      sx={tagFilterSx}
      renderInput={(params) => (
        <TagFilterField
          id={params.id}
          text={text}
          error={error}
          helper={helper}
          onClear={onClear}
          rootProps={params.InputProps}
          inputProps={params.inputProps}
          labelProps={params.InputLabelProps}
        />
      )}
    />
  );
}
