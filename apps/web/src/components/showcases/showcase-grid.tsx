import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import type { ReactNode } from 'react';
import { startTransition, useEffect, useState } from 'react';
import { cardImagePlacement, cardsToRender } from '../../lib/showcases/grid-steps';
import { showcaseGridLayout } from './grid-layout';
import { ShowcaseCard } from './showcase-card';

/** One column at 360 px, up to four on wide screens. */
const gridSx = { listStyle: 'none', p: 0, m: 0, ...showcaseGridLayout } as const;

/** A responsive grid of cards. */
export function ShowcaseGrid({
  showcases,
  label,
  headingLevel = 'h2',
  likeable = false,
  leadsPage = true,
  inSteps = false,
  footer = null,
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
  /** The grid starts on the first screen; false below other content (its images load lazily). */
  leadsPage?: boolean;
  /**
   * Commit the first cards at once and the rest right after, in a transition (see
   * grid-steps.ts). Not when returning to a scroll position, which needs every card in place.
   */
  inSteps?: boolean;
  /**
   * Shown under the grid (Load more) once every card is in place: shown during the first step,
   * it would be pushed down when the rest of the cards arrive (a layout shift).
   */
  footer?: ReactNode;
}) {
  const [firstStepDone, setFirstStepDone] = useState(!inSteps);
  useEffect(() => {
    if (!firstStepDone) startTransition(() => setFirstStepDone(true));
  }, [firstStepDone]);
  const rendered = showcases.slice(0, cardsToRender(showcases.length, inSteps, firstStepDone));
  const complete = rendered.length === showcases.length;
  return (
    <>
      <Box component="ul" aria-label={label} sx={gridSx}>
        {rendered.map((showcase, index) => (
          <Box component="li" key={showcase.id} sx={{ minWidth: 0 }}>
            <ShowcaseCard
              showcase={showcase}
              headingLevel={headingLevel}
              imagePlacement={cardImagePlacement(index, leadsPage)}
              likeable={likeable}
            />
          </Box>
        ))}
      </Box>
      {complete ? footer : null}
    </>
  );
}
