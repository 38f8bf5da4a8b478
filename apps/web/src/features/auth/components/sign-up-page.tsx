import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { useAuthLocation } from '../hooks/use-auth-location';
import { SignUpForm } from './sign-up-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/session';

export function SignUpPage() {
  useDocumentTitle('Create account');
  const session = useSession();
  const { forward } = useAuthLocation();
  const guest = session.status === 'signed-in' && session.user.isAnonymous ? session.user : null;
  return (
    <AuthLayout
      title={guest ? 'Keep your guest session' : 'Create your account'}
      subtitle={
        guest
          ? 'Create an account to publish and like showcases. You keep this session: same user ID, nothing lost.'
          : 'Publish what you made and like the work of others.'
      }
      footer={
        guest ? undefined : (
          <Typography variant="body2" color="text.secondary">
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.signIn} state={forward}>
              Sign in
            </Link>
          </Typography>
        )
      }
    >
      <SignUpForm guest={guest} />
    </AuthLayout>
  );
}
