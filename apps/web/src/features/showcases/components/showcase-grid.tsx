import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import { showcaseGridLayout } from './grid-layout';
import { ShowcaseCard } from './showcase-card';

/** Cards whose images load eagerly: the first row on a wide screen. */
const FIRST_ROW = 4;

/** A responsive grid of cards: one column at 360 px, up to four on wide screens. */
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
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        ...showcaseGridLayout,
      }}
    >
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
