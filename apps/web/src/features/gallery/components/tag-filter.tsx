import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import type { ComponentType } from 'react';
import { useId, useRef, useState } from 'react';
import { useIdleLoaded } from '../../../hooks/use-idle-loaded';
import { loadOnce } from '../../../utils/load-once';
import { readTagInput } from '../tag-input';
import type { FieldHandoff, TagFilterComboboxProps } from './tag-filter-combobox';
import { TagFilterField, tagFilterSx } from './tag-filter-field';

type Combobox = ComponentType<TagFilterComboboxProps>;

// The suggestions (MUI Autocomplete, about 8 KB gzip) are not needed to paint the gallery: they
// load when someone turns to the field, or once the browser is idle (so they are there offline).
// Kept once loaded, so the gallery shows them at once next time; a failed load leaves the plain
// field working (Enter applies a tag) and the next focus retries.
const comboboxCode = loadOnce(() =>
  import('./tag-filter-combobox').then((module): Combobox => module.TagFilterCombobox),
);

/**
 * Filter by one tag, with suggestions of the tags in use (most used first) and what a tag may
 * contain explained next to the field. Choosing a suggestion or pressing Enter on a valid tag
 * applies it; the URL (`tag`) stays the one source of truth, so this field follows it.
 *
 * Until the suggestions' code is there (it starts loading when the pointer comes near or the
 * field takes focus) the same field works without them; the text typed meanwhile, the focus
 * and the caret carry over when the suggestions arrive.
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
  const id = useId();
  const [text, setText] = useState(tag ?? '');
  const [appliedTag, setAppliedTag] = useState(tag);
  const plainInput = useRef<HTMLInputElement>(null);
  const typedInPlain = useRef(false);
  const handoff = useRef<FieldHandoff | null>(null);
  // The URL changed from elsewhere (a tag chip, Back): follow it.
  if (appliedTag !== tag) {
    setAppliedTag(tag);
    setText(tag ?? '');
  }
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
  const commit = (typed: string) => {
    const read = readTagInput(typed);
    if (read.kind === 'tag') apply(read.tag);
    else if (read.kind === 'empty') apply(null);
    // An invalid tag stays in the field with its explanation; the URL keeps its tag.
  };
  const field = { id, error: input.kind === 'invalid', helper, onClear: () => apply(null) };

  const { loaded: Combobox, load } = useIdleLoaded(comboboxCode, () => {
    const plain = plainInput.current;
    handoff.current =
      plain !== null && document.activeElement === plain
        ? {
            selectionStart: plain.selectionStart,
            selectionEnd: plain.selectionEnd,
            typed: typedInPlain.current,
          }
        : null;
  });

  if (Combobox) {
    return (
      <Combobox
        {...field}
        tag={tag}
        text={text}
        onTextChange={setText}
        onChoose={(choice) => ('tag' in choice ? apply(choice.tag) : commit(choice.typed))}
        showcases={showcases}
        handoff={handoff.current}
      />
    );
  }

  return (
    <Box sx={tagFilterSx} onPointerEnter={load} onTouchStart={load}>
      <TagFilterField
        {...field}
        text={text}
        inputProps={{
          ref: plainInput,
          value: text,
          // What Autocomplete's input says of itself, so nothing changes when it takes over.
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': false,
          autoComplete: 'off',
          autoCapitalize: 'none',
          spellCheck: 'false',
          onFocus: load,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
            typedInPlain.current = true;
            setText(event.target.value);
          },
          onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
            // As Autocomplete's free text: Enter on something other than the applied tag.
            if (event.key === 'Enter' && text !== '' && text !== (tag ?? '')) commit(text);
          },
        }}
      />
    </Box>
  );
}
