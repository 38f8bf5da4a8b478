import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SearchPlan } from '@showcase/schema';
import { matchesSearch, nameTermsFor, safeHttpUrl } from '@showcase/schema';
import { hrefs } from '../../../config/paths';
import { makersSearchQuery } from '../../../lib/firebase/profiles';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { nameInitial } from '../../../lib/showcases/profile';

/** Makers shown above the showcases a search finds: a few, the rest is a more precise search. */
const MAKERS_MAX = 6;

/**
 * The makers a search finds by any word of their name (`nameTerms array-contains` the longest
 * typed word; the other words are checked here against the name shown), apart from the
 * showcases, live. Nothing is drawn while none match, so a search for a title stays as it was.
 */
export function MakerResults({ plan }: { plan: SearchPlan }) {
  // Read a few more than shown: the other words are checked here and may leave some out.
  const makers = useQuerySnapshot(makersSearchQuery, [plan.term, MAKERS_MAX * 2]);
  const found = useMemo(
    () =>
      (makers.data ?? [])
        .filter((maker) => matchesSearch(nameTermsFor(maker.displayName), plan))
        .slice(0, MAKERS_MAX),
    [makers.data, plan],
  );
  if (found.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="maker-results" sx={{ gap: 1.5 }}>
      <Typography id="maker-results" component="h2" variant="h6">
        Makers
      </Typography>
      <Stack
        component="ul"
        direction="row"
        sx={{ m: 0, p: 0, listStyle: 'none', gap: 1.5, flexWrap: 'wrap' }}
      >
        {found.map((maker) => (
          <Box
            component="li"
            key={maker.uid}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 1.5,
              py: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              minWidth: 0,
              maxWidth: '100%',
            }}
          >
            <Avatar
              src={safeHttpUrl(maker.photoURL) ?? undefined}
              alt=""
              slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
            >
              {nameInitial(maker.displayName)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={hrefs.userProfile(maker.uid)}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {maker.displayName || 'A member'}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {maker.followerCount === 1
                  ? '1 follower'
                  : `${maker.followerCount.toLocaleString()} followers`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
