import { memo } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sameShowcase } from '@showcase/schema';
import type { Showcase } from '@showcase/schema';
import { Link as RouterLink } from 'react-router';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { hrefs } from '../../../config/paths';
import { userShowcasesQuery } from '../../../lib/firebase/showcases';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { displayOwner } from '../../../lib/showcases/format';

/** Cards shown under a showcase: a wide screen's row. */
export const MORE_BY_CARDS = 4;

/**
 * The maker's other published showcases, live, after the page's own content; nothing while they
 * load, fail or when there are none (the page is complete without them). Their cards show the
 * like count without Like: the page has one Like, this showcase's, and no listener per card.
 */
export const MoreBy = memo(function MoreBy({
  ownerUid,
  ownerName,
  showcaseId,
}: {
  ownerUid: string;
  ownerName: string;
  showcaseId: string;
}) {
  // One more than shown: this showcase is among them when published.
  const result = useQuerySnapshot(userShowcasesQuery, [ownerUid, MORE_BY_CARDS + 1], {
    reuse: sameShowcase,
  });
  const others = (result.data ?? [])
    .filter((showcase) => showcase.id !== showcaseId)
    .slice(0, MORE_BY_CARDS);
  if (others.length === 0) return null;
  return <MoreByCards ownerUid={ownerUid} ownerName={ownerName} others={others} />;
});

type MoreByCardsProps = { ownerUid: string; ownerName: string; others: Showcase[] };

/**
 * The same cards (kept by `reuse`) render nothing new: a like of the page's own showcase changes
 * the query's answer, which includes it, but not the cards shown here.
 */
function sameCards(before: MoreByCardsProps, after: MoreByCardsProps): boolean {
  return (
    before.ownerUid === after.ownerUid &&
    before.ownerName === after.ownerName &&
    before.others.length === after.others.length &&
    before.others.every((showcase, i) => showcase === after.others[i])
  );
}

const MoreByCards = memo(function MoreByCards({ ownerUid, ownerName, others }: MoreByCardsProps) {
  const maker = displayOwner(ownerName);
  return (
    <Stack component="section" aria-labelledby="more-by-heading" sx={{ gap: 2, pt: 2 }}>
      <Stack
        direction="row"
        sx={{ gap: 2, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id="more-by-heading" component="h2" variant="h5">
          More by {maker}
        </Typography>
        <Link component={RouterLink} to={hrefs.userProfile(ownerUid)}>
          See all by {maker}
        </Link>
      </Stack>
      <ShowcaseGrid
        showcases={others}
        label={`More by ${maker}`}
        headingLevel="h3"
        leadsPage={false}
      />
    </Stack>
  );
}, sameCards);
