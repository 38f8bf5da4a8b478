import Box from '@mui/material/Box';
import { CARD_MEDIA_RATIO, showcaseGridLayout } from './grid-layout';

// Plain boxes rather than MUI's Skeleton: this renders on the welcome screen, whose first
// download has a size budget.
const block = { bgcolor: 'action.hover', borderRadius: 1 } as const;

/** Cards to fill a first screen when the number to come is unknown. */
export const SKELETON_CARDS = 8;

/**
 * Placeholder cards in the grid's own layout while its first result loads, so the page keeps
 * its shape instead of showing a lone spinner. The boxes are hidden from assistive technology;
 * the progress indicator's name says what is loading.
 */
export function ShowcaseGridSkeleton({
  label,
  count = SKELETON_CARDS,
}: {
  label: string;
  count?: number;
}) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy
      data-testid="grid-skeleton"
      sx={showcaseGridLayout}
    >
      {Array.from({ length: Math.max(1, count) }, (_, index) => (
        <Box key={index} aria-hidden sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Box sx={{ ...block, aspectRatio: CARD_MEDIA_RATIO }} />
          <Box sx={{ ...block, height: 22, width: '80%' }} />
          <Box sx={{ ...block, height: 16, width: '50%' }} />
        </Box>
      ))}
    </Box>
  );
}
