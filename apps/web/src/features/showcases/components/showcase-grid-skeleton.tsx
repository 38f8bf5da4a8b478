import Box from '@mui/material/Box';
import { showcaseGridLayout } from './grid-layout';

// Plain boxes rather than MUI's Skeleton: this renders on the welcome screen, whose first
// download has a size budget.
const block = { bgcolor: 'action.hover', borderRadius: 1 } as const;

/**
 * Placeholder cards in the grid's own layout while its first result loads, so the page keeps
 * its shape instead of showing a lone spinner. The boxes are hidden from assistive technology;
 * the region says what is loading.
 */
export function ShowcaseGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <Box role="status" aria-label={label} sx={showcaseGridLayout}>
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} aria-hidden sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ ...block, aspectRatio: '16 / 10' }} />
          <Box sx={{ ...block, height: 22, width: '80%' }} />
          <Box sx={{ ...block, height: 16, width: '50%' }} />
        </Box>
      ))}
    </Box>
  );
}
