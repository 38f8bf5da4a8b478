import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { paths } from '../../config/paths';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useAuthLocation } from '../../features/auth/hooks/use-auth-location';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../lib/session';

export function SignInRoute() {
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
    </AuthLayout>
  );
}
