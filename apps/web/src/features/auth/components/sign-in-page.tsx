import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { useAuthLocation } from '../hooks/use-auth-location';
import { SignInForm } from './sign-in-form';
import { ContinueAsGuest } from './welcome-actions';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/session';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const { forward } = useAuthLocation();
  const sessionEnded = session.status === 'signed-out' && session.signOutReason === 'session-ended';
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back to Showcase."
      footer={
        <Typography variant="body2" color="text.secondary">
          New to Showcase?{' '}
          <Link component={RouterLink} to={paths.signUp} state={forward}>
            Create account
          </Link>
        </Typography>
      }
    >
      <SignInForm sessionEnded={sessionEnded} />
      <Stack sx={{ gap: 1, mt: 3, alignItems: 'stretch' }}>
        <Typography variant="body2" color="text.secondary">
          Just looking? Guests can also save showcases to a private list, and keep it when they
          create an account.
        </Typography>
        <ContinueAsGuest variant="outlined" />
      </Stack>
    </AuthLayout>
  );
}
