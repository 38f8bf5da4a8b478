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
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { FollowButton } from '../../../components/audience/follow-button';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/session';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { userProfileRef } from '../../../lib/firebase/profiles';
import { userShowcasesQuery } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useDocSnapshot, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { safeHttpUrl, sameShowcase } from '@showcase/schema';
import {
  NOT_AVAILABLE_OFFLINE,
  NotAvailableOffline,
  PageState,
} from '../../../components/showcases/page-states';
import { profileView } from '../../../lib/showcases/snapshot-views';
import type { UserProfile } from '../../../lib/showcases/profile';
import {
  PROFILE_SHOWCASES_LIMIT,
  memberSince,
  nameInitial,
  profileCountEntries,
  profileGridLabel,
  profileHeading,
  profileName,
  profileShowcaseCount,
} from '../../../lib/showcases/profile';
import type { Showcase } from '@showcase/schema';
import { paintedProfile } from '../../../lib/first-paint-hand-over';
import { useRevealApp } from '../../../hooks/use-reveal-app';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';
import { ShowcaseGridSkeleton } from '../../../components/showcases/showcase-grid-skeleton';

/** `/u/:uid`: a member's public profile (`users/{uid}`) and their published showcases. */
export function UserPage() {
  const { uid = '' } = useParams();
  const location = useLocation();
  const viewer = useViewer();
  const [attempt, setAttempt] = useState(0);
  const offline = useConnectionStatus() === 'offline';
  // What the first paint drew here: shown until the listeners answer.
  const [painted] = useState(() => paintedProfile(location.pathname + location.search));
  const profile = useDocSnapshot(userProfileRef, [uid], {
    attempt,
    initial: painted?.profile.uid === uid ? { data: painted.profile } : null,
  });
  const showcases = useQuerySnapshot(userShowcasesQuery, [uid, PROFILE_SHOWCASES_LIMIT], {
    attempt,
    reuse: sameShowcase,
    initial: painted?.profile.uid === uid ? { data: [...painted.showcases] } : null,
  });
  const retry = () => setAttempt((value) => value + 1);

  const view = profileView(profile, showcases, offline);
  // The profile, or why not: either takes over from the first paint.
  useRevealApp(view.kind !== 'loading');
  const items = showcases.data ?? [];
  const name = profileName(profile.data ?? null, items);
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
  return (
    <UserProfileView
      uid={uid}
      profile={profile.data ?? null}
      showcases={items}
      // The first paint's count (of up to the limit) while its first cards stand in for the list.
      showcaseCount={
        showcases.stale && painted !== null
          ? painted.showcaseCount
          : profileShowcaseCount(items.length)
      }
      isOwn={viewer !== null && !viewer.isAnonymous && viewer.uid === uid}
    />
  );
}

export type UserProfileViewProps = {
  uid: string;
  profile: UserProfile | null;
  showcases: readonly Showcase[];
  /** The showcase count as shown ("60+" past the page's limit). */
  showcaseCount: string;
  /** The viewer's own profile (a member's): Edit profile instead of Follow. */
  isOwn: boolean;
};

/**
 * The profile's header, counts, bio and links, and its published showcases: the app's and the
 * first paint's templates' (rendered at build time).
 */
export function UserProfileView({
  uid,
  profile,
  showcases: items,
  showcaseCount,
  isOwn,
}: UserProfileViewProps) {
  const name = profileName(profile, items);
  const photo = safeHttpUrl(profile?.photoURL ?? null);
  const bio = profile?.bio ?? '';
  const links = profile?.links ?? [];
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
              {nameInitial(name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
                {profileHeading(name)}
              </Typography>
              {profile?.createdAt ? (
                <Typography color="text.secondary">{memberSince(profile.createdAt)}</Typography>
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
          showcases={showcaseCount}
          followers={profile?.followerCount ?? 0}
          following={profile?.followingCount ?? 0}
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
          <ProfileShowcases showcases={items} name={name} />
        )}
      </Stack>
    </Stack>
  );
}

/**
 * A profile's grid: its cards titled under the page's headings. The first paint's templates take
 * the card below the first row from it too (`leadsPage` false: its image loads near the viewport).
 */
export function ProfileShowcases({
  showcases,
  name,
  leadsPage = true,
}: {
  showcases: readonly Showcase[];
  name: string;
  leadsPage?: boolean;
}) {
  return (
    <ShowcaseGrid
      showcases={showcases}
      label={profileGridLabel(name)}
      headingLevel="h3"
      likeable
      leadsPage={leadsPage}
    />
  );
}

/** Showcases, followers, following: a description list, so each number has its label. */
function ProfileCounts(counts: { showcases: string; followers: number; following: number }) {
  const entries = profileCountEntries(counts);
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
