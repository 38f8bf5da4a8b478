import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchEntryState, searchNavigation, shownSearchText } from './search-target';

/** How long typing pauses before the results follow: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;

/**
 * The app bar's **Search**, on every screen: typing shows the gallery's results for the text
 * (`/?q=`) once typing pauses, Enter at once, Escape or the clear button empties it. The field
 * follows the URL (Back, Forward, a shared link), except while it is ahead of it (typing).
 */
export function SearchField({ galleryHref }: { galleryHref: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const urlText = shownSearchText(location, galleryHref);
  const [text, setText] = useState(urlText);
  // Typed and not yet shown: the pause timer runs only then, never for text that came from a URL.
  const [typed, setTyped] = useState(false);
  const [followed, setFollowed] = useState(urlText);
  // The search this field asked for and the URL has not shown yet: when it arrives, the field
  // (which may be a few keystrokes further by then) keeps its text.
  const [requested, setRequested] = useState<string | null>(null);
  if (followed !== urlText) {
    setFollowed(urlText);
    if (urlText === requested) {
      setRequested(null);
    } else {
      setText(urlText);
      setTyped(false);
    }
  }

  const show = (value: string) => {
    setTyped(false);
    const target = searchNavigation(value, location, galleryHref);
    if (!target) return;
    setRequested(value.trim());
    void navigate(target.to, { replace: target.replace, state: searchEntryState });
  };
  const showAfterPause = useEffectEvent(show);
  useEffect(() => {
    if (!typed) return undefined;
    const timer = setTimeout(() => showAfterPause(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, typed]);

  const clear = () => {
    setText('');
    show('');
  };

  // `/` anywhere but in a field focuses Search, as on most sites with one.
  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        show(text);
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        width: '100%',
        height: 40,
        pl: 1.5,
        pr: 0.5,
        gap: 1,
        borderRadius: 5,
        bgcolor: 'action.hover',
        border: '1px solid',
        borderColor: 'divider',
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      <SearchOutlined aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
      <InputBase
        inputRef={input}
        type="search"
        value={text}
        placeholder="Search showcases"
        onChange={(event) => {
          setText(event.target.value);
          setTyped(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            clear();
          }
        }}
        inputProps={{ 'aria-label': 'Search', maxLength: 100, enterKeyHint: 'search' }}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          height: '100%',
          typography: 'body1',
          '& input::placeholder': { color: 'text.secondary', opacity: 1 },
          // The clear button below replaces the browser's own, which not every browser draws.
          '& input::-webkit-search-cancel-button': { appearance: 'none' },
        }}
      />
      {text ? (
        <IconButton
          size="small"
          aria-label="Clear search text"
          onClick={() => {
            clear();
            input.current?.focus();
          }}
        >
          <CloseOutlined fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}

/** Where `/` is text being typed, not a shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
        target.type,
      ))
  );
}
