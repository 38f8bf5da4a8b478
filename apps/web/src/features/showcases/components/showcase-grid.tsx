import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import { ShowcaseCard, ShowcaseCardSkeleton } from './showcase-card';

/** Cards whose images load eagerly: the first row on a wide screen. */
const FIRST_ROW = 4;

/** One column at 360 px, up to four on wide screens. */
const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
} as const;

/** A responsive grid of cards. */
export function ShowcaseGrid({
  showcases,
  label,
  headingLevel = 'h2',
}: {
  showcases: readonly Showcase[];
  label: string;
  /** The level of each card's title under the page's headings. */
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {showcases.map((showcase, index) => (
        <Box component="li" key={showcase.id} sx={{ minWidth: 0 }}>
          <ShowcaseCard
            showcase={showcase}
            headingLevel={headingLevel}
            priority={index < FIRST_ROW}
          />
        </Box>
      ))}
    </Box>
  );
}

/** Cards to fill a first screen when the number to come is unknown. */
export const SKELETON_CARDS = 8;

/**
 * The grid's shape while it loads: `count` card skeletons in the same columns, announced as one
 * progress indicator named `label`.
 */
export function ShowcaseGridSkeleton({
  label,
  count = SKELETON_CARDS,
}: {
  label: string;
  count?: number;
}) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy sx={gridSx} data-testid="grid-skeleton">
      {Array.from({ length: Math.max(1, count) }, (_, index) => (
        <Box key={index} sx={{ minWidth: 0 }}>
          <ShowcaseCardSkeleton />
        </Box>
      ))}
    </Box>
  );
}
