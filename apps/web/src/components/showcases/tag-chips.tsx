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
  oneLine = false,
}: {
  tags: readonly string[];
  max?: number;
  tabbable?: boolean;
  /** Never wrap: long tags shrink with an ellipsis (cards keep one line for tags). */
  oneLine?: boolean;
}) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Tags"
      sx={{
        flexWrap: oneLine ? 'nowrap' : 'wrap',
        gap: 0.75,
        p: 0,
        m: 0,
        listStyle: 'none',
        minWidth: 0,
        ...(oneLine ? { '& > li': { minWidth: 0, display: 'flex' } } : {}),
      }}
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
            {...(oneLine ? { sx: { maxWidth: '100%' } } : {})}
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
