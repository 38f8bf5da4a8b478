import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import { showcaseGridLayout } from './grid-layout';
import { ShowcaseCard } from './showcase-card';

/** Cards whose images load eagerly: the first row on a wide screen. */
const FIRST_ROW = 4;

/** One column at 360 px, up to four on wide screens. */
const gridSx = { listStyle: 'none', p: 0, m: 0, ...showcaseGridLayout } as const;

/** A responsive grid of cards. */
export function ShowcaseGrid({
  showcases,
  label,
  headingLevel = 'h2',
  likeable = false,
}: {
  showcases: readonly Showcase[];
  label: string;
  /** The level of each card's title under the page's headings. */
  headingLevel?: 'h2' | 'h3';
  /**
   * Offer Like on the cards: a member's card listens to its own like document; visitors and
   * guests are asked to sign in or up and listen to nothing.
   */
  likeable?: boolean;
}) {
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {showcases.map((showcase, index) => (
        <Box component="li" key={showcase.id} sx={{ minWidth: 0 }}>
          <ShowcaseCard
            showcase={showcase}
            headingLevel={headingLevel}
            priority={index < FIRST_ROW}
            likeable={likeable}
          />
        </Box>
      ))}
    </Box>
  );
}
