import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FollowButton } from '../../../components/audience/follow-button';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/session';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { userProfileRef } from '../../../lib/firebase/profiles';
import { userShowcasesQuery } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useDocSnapshot, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { formatDate } from '../../../lib/showcases/format';
import { safeHttpUrl, sameShowcase } from '@showcase/schema';
import {
  NOT_AVAILABLE_OFFLINE,
  NotAvailableOffline,
  PageState,
} from '../../../components/showcases/page-states';
import { profileView } from '../../../lib/showcases/snapshot-views';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';

const PROFILE_SHOWCASES_LIMIT = 60;

/** `/u/:uid`: a member's public profile (`users/{uid}`) and their published showcases. */
export function UserPage() {
  const { uid = '' } = useParams();
  const viewer = useViewer();
  const [attempt, setAttempt] = useState(0);
  const offline = useConnectionStatus() === 'offline';
  const profile = useDocSnapshot(userProfileRef, [uid], { attempt });
  const showcases = useQuerySnapshot(userShowcasesQuery, [uid, PROFILE_SHOWCASES_LIMIT], {
    attempt,
    reuse: sameShowcase,
  });
  const retry = () => setAttempt((value) => value + 1);

  const view = profileView(profile, showcases, offline);
  const items = showcases.data ?? [];
  const name = profile.data?.displayName || items[0]?.ownerName || '';
  useDocumentTitle(
    {
      error: 'Profile could not be loaded',
      loading: null,
      'not-found': 'No one here',
      'offline-missing': NOT_AVAILABLE_OFFLINE,
      ready: name || 'A member',
    }[view.kind],
  );

  if (view.kind === 'error') return <DataErrorAlert error={view.error} onRetry={retry} />;
  if (view.kind === 'loading') return <UserPageSkeleton />;
  if (view.kind === 'offline-missing') return <NotAvailableOffline what="profile" />;
  if (view.kind === 'not-found') {
    return (
      <PageState
        headingLevel="h1"
        title="No one here"
        icon={<PersonOffOutlined />}
        link={{ to: paths.home, label: 'Back to the gallery' }}
      >
        This member has no public profile and no published showcases.
      </PageState>
    );
  }

  const photo = safeHttpUrl(profile.data?.photoURL ?? null);
  const isOwn = viewer !== null && !viewer.isAnonymous && viewer.uid === uid;
  const bio = profile.data?.bio ?? '';
  const links = profile.data?.links ?? [];
  const shownCount =
    items.length >= PROFILE_SHOWCASES_LIMIT ? `${PROFILE_SHOWCASES_LIMIT}+` : `${items.length}`;
  return (
    <Stack sx={{ gap: 4 }}>
      <Stack sx={{ gap: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { sm: 'center' } }}
        >
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
            <Avatar
              src={photo ?? undefined}
              alt=""
              sx={{ width: 72, height: 72, fontSize: '2rem' }}
              slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
            >
              {Array.from(name)[0]?.toUpperCase() ?? '?'}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
                {name || 'A member'}
              </Typography>
              {profile.data?.createdAt ? (
                <Typography color="text.secondary">
                  Member since {formatDate(profile.data.createdAt)}
                </Typography>
              ) : null}
            </Box>
          </Stack>
          <Box sx={{ flexShrink: 0 }}>
            {isOwn ? (
              <Button
                variant="outlined"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={paths.me}
              >
                Edit profile
              </Button>
            ) : (
              <FollowButton makerUid={uid} />
            )}
          </Box>
        </Stack>
        <ProfileCounts
          showcases={shownCount}
          followers={profile.data?.followerCount ?? 0}
          following={profile.data?.followingCount ?? 0}
        />
        {bio ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '65ch' }}>
            {bio}
          </Typography>
        ) : null}
        {links.length > 0 ? (
          <Stack component="ul" aria-label="Links" sx={{ m: 0, p: 0, listStyle: 'none', gap: 0.5 }}>
            {links.map((link) => (
              <li key={link}>
                <Link
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {link}
                </Link>
              </li>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <Stack sx={{ gap: 2 }}>
        <Typography component="h2" variant="h5">
          Published showcases
        </Typography>
        {items.length === 0 && isOwn ? (
          <PageState
            title="Nothing published yet"
            icon={<CollectionsOutlined />}
            action={
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                component={RouterLink}
                to={paths.newShowcase}
              >
                New showcase
              </Button>
            }
          >
            What you publish appears here, on the page others see when they follow you.
          </PageState>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">Nothing published yet.</Typography>
        ) : (
          <ShowcaseGrid
            showcases={items}
            label={`Showcases by ${name || 'this member'}`}
            headingLevel="h3"
            likeable
          />
        )}
      </Stack>
    </Stack>
  );
}

/** Showcases, followers, following: a description list, so each number has its label. */
function ProfileCounts(counts: { showcases: string; followers: number; following: number }) {
  const entries: [string, string][] = [
    [counts.showcases === '1' ? 'showcase' : 'showcases', counts.showcases],
    [counts.followers === 1 ? 'follower' : 'followers', counts.followers.toLocaleString()],
    ['following', counts.following.toLocaleString()],
  ];
  return (
    <Stack
      component="dl"
      aria-label="Counts"
      direction="row"
      sx={{ m: 0, gap: 3, flexWrap: 'wrap' }}
    >
      {entries.map(([label, value]) => (
        <Stack key={label} direction="row-reverse" sx={{ gap: 0.75, alignItems: 'baseline' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={`count-${label}`}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The profile's shape while it loads: avatar, name and a row of card skeletons. */
function UserPageSkeleton() {
  return (
    <Stack sx={{ gap: 4 }}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }} aria-hidden>
        <Skeleton variant="circular" width={72} height={72} />
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4">
            <Skeleton width="40%" />
          </Typography>
          <Typography>
            <Skeleton width="25%" />
          </Typography>
        </Box>
      </Stack>
      <ShowcaseGridSkeleton label="Loading profile" count={4} />
    </Stack>
  );
}
