import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

/**
 * Tags as links to the gallery filtered by that tag. Text only, never markup. `tabbable={false}`
 * (cards) keeps them out of the Tab order: a grid is one stop per card, and the showcase page
 * has the same links in reach of the keyboard.
 */
export function TagChips({
  tags,
  max,
  tabbable = true,
}: {
  tags: readonly string[];
  max?: number;
  tabbable?: boolean;
}) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Tags"
      sx={{ flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}
    >
      {shown.map((tag) => (
        <li key={tag}>
          <Chip
            size="small"
            label={`#${tag}`}
            component={RouterLink}
            to={`/?tag=${encodeURIComponent(tag)}`}
            clickable
            variant="outlined"
            {...(tabbable ? {} : { tabIndex: -1 })}
          />
        </li>
      ))}
      {shown.length < tags.length ? (
        <li>
          <Chip size="small" label={`+${tags.length - shown.length}`} variant="outlined" />
        </li>
      ) : null}
    </Stack>
  );
}
