import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { useAuthLocation } from '../hooks/use-auth-location';
import { ResetForm } from './reset-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { forward } = useAuthLocation();
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to={paths.signIn} state={forward}>
          Back to sign in
        </Link>
      }
    >
      <ResetForm />
    </AuthLayout>
  );
}
