import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { SectionProgress } from '../../components/feedback/full-page-progress';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../config/paths';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { DeleteAccount } from '../../features/profile/components/delete-account';
import { EmailVerification } from '../../features/profile/components/email-verification';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { UserRecordList } from '../../features/profile/components/user-record-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCurrentUser } from '../../lib/session';

// The showcases feature (and with it Firestore) loads only when this section renders.
const MyShowcases = lazy(() =>
  import('../../features/showcases/components/my-showcases').then((module) => ({
    default: module.MyShowcases,
  })),
);

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function MeRoute() {
  useDocumentTitle('Your profile');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { signOut, pending: signingOut } = useSignOut();
  const name = user.isAnonymous ? 'Guest' : user.displayName?.trim() || user.email || 'Member';

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <UserAvatar user={user} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Chip
              size="small"
              label={user.isAnonymous ? 'Guest' : 'Member'}
              color={user.isAnonymous ? 'default' : 'primary'}
              variant="outlined"
            />
          </Stack>
          {user.email ? (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          ) : null}
        </Box>
      </Stack>

      {user.isAnonymous ? (
        <Alert severity="info">
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <span>
              You are browsing as a guest. Create an account to publish and like showcases — you
              keep this session and its user ID. Signing out ends a guest session for good.
            </span>
            <Button
              variant="outlined"
              color="info"
              size="small"
              onClick={() => void navigate(paths.signUp, { state: { from: paths.me } })}
            >
              Create account
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Section title="Account details" id="account-details">
          <UserRecordList user={user} />
        </Section>
        <Stack spacing={3}>
          {user.isAnonymous ? null : (
            <Section title="Edit profile" id="edit-profile">
              <ProfileForm key={user.uid} user={user} />
            </Section>
          )}
          {user.email && !user.emailVerified ? (
            <Section title="Email verification" id="email-verification">
              <EmailVerification user={user} />
            </Section>
          ) : null}
          <Section title="Account" id="account-actions">
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" loading={signingOut} onClick={() => void signOut()}>
                Sign out
              </Button>
              {user.isAnonymous ? null : <DeleteAccount user={user} />}
            </Stack>
          </Section>
        </Stack>
      </Box>

      <Suspense fallback={<SectionProgress label="Loading your showcases" />}>
        <MyShowcases />
      </Suspense>
    </Stack>
  );
}
