import Box from '@mui/material/Box';
import type { Showcase } from '@showcase/schema';
import { useMemo } from 'react';
import { LIKES_PER_QUERY } from '../../../lib/firebase/likes';
import { useViewer } from '../../../lib/session';
import { useLikesAmong } from '../hooks/use-like';
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
  /** Offer Like on the cards (members like, visitors and guests are asked to sign up or in). */
  likeable?: boolean;
}) {
  const viewer = useViewer();
  // Only a member has likes to look up; a visitor's or guest's cards open no listener at all.
  const member = likeable && viewer !== null && !viewer.isAnonymous ? viewer.uid : null;
  const runs = useMemo(() => {
    const result: (readonly Showcase[])[] = [];
    for (let start = 0; start < showcases.length; start += LIKES_PER_QUERY) {
      result.push(showcases.slice(start, start + LIKES_PER_QUERY));
    }
    return result;
  }, [showcases]);
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {runs.map((run, index) => (
        <CardRun
          // By position: a run listens again only when the showcases in it change.
          key={index}
          showcases={run}
          first={index * LIKES_PER_QUERY}
          headingLevel={headingLevel}
          likeable={likeable}
          member={member}
        />
      ))}
    </Box>
  );
}

/**
 * Up to `LIKES_PER_QUERY` cards sharing one query for the member's likes of them, instead of
 * one listener per card.
 */
function CardRun({
  showcases,
  first,
  headingLevel,
  likeable,
  member,
}: {
  showcases: readonly Showcase[];
  first: number;
  headingLevel: 'h2' | 'h3';
  likeable: boolean;
  member: string | null;
}) {
  const ids = useMemo(
    () =>
      likeable && member !== null
        ? showcases
            .filter((s) => s.status === 'published' && s.ownerUid !== member)
            .map((s) => s.id)
        : [],
    [showcases, likeable, member],
  );
  const likeOf = useLikesAmong(ids, member);
  return showcases.map((showcase, index) => (
    <Box component="li" key={showcase.id} sx={{ minWidth: 0 }}>
      <ShowcaseCard
        showcase={showcase}
        headingLevel={headingLevel}
        priority={first + index < FIRST_ROW}
        like={likeable ? likeOf(showcase.id) : undefined}
      />
    </Box>
  ));
}
