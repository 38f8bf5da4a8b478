import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { useSignOut } from '../../../hooks/use-sign-out';
import { AboutForm } from './about-form';
import { DeleteAccount } from './delete-account';
import { EmailVerification } from './email-verification';
import { ProfileForm } from './profile-form';
import { ProfilePhoto } from './profile-photo';
import { UserRecordList } from './user-record-list';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../../lib/session';

function Section({
  title,
  children,
  id,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  id: string;
  /** The danger zone: set apart by a red outline. */
  danger?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, ...(danger ? { borderColor: 'error.main' } : {}) }}
    >
      <Typography
        id={id}
        component="h2"
        variant="h6"
        sx={{ mb: 2, ...(danger ? { color: 'error.main' } : {}) }}
      >
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * `/me`: the profile first (who you are, and editing your name and photo), then the account's
 * details (every field of the user record) with Sign out, and last, apart, the danger zone.
 */
export function MePage() {
  useDocumentTitle('Your profile');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { signOut, pending: signingOut } = useSignOut();
  const name = user.isAnonymous ? 'Guest' : user.displayName?.trim() || user.email || 'Member';

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto' }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
      >
        <UserAvatar user={user} size={64} />
        <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
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
        {user.isAnonymous ? null : (
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.myShowcases}
            startIcon={<CollectionsOutlined />}
          >
            My showcases
          </Button>
        )}
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
      ) : (
        <Section title="Edit profile" id="edit-profile">
          <Stack spacing={3}>
            <ProfilePhoto user={user} />
            {/* A new photo starts the form afresh: its Photo URL field shows the new address. */}
            <ProfileForm key={`${user.uid}:${user.photoURL ?? ''}`} user={user} />
            <Suspense fallback={null}>
              <AboutForm uid={user.uid} />
            </Suspense>
          </Stack>
        </Section>
      )}

      {user.email && !user.emailVerified ? (
        <Section title="Email verification" id="email-verification">
          <EmailVerification user={user} />
        </Section>
      ) : null}

      <Section title="Account details" id="account-details">
        <UserRecordList user={user} />
        <Box sx={{ mt: 3 }}>
          <Button variant="outlined" loading={signingOut} onClick={() => void signOut()}>
            Sign out
          </Button>
        </Box>
      </Section>

      {user.isAnonymous ? null : (
        <Section title="Danger zone" id="danger-zone" danger>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              Deleting your account removes your sign-in for good. It cannot be undone.
            </Typography>
            <DeleteAccount user={user} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
