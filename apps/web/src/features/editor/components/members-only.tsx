import LockOutlined from '@mui/icons-material/LockOutlined';
import { paths } from '../../../config/paths';
import { PageState } from '../../../components/showcases/page-states';

/** What a guest sees on the publishing screens: the way to become a member, keeping their uid. */
export function MembersOnly() {
  return (
    <PageState
      headingLevel="h1"
      title="Create an account to publish"
      icon={<LockOutlined />}
      link={{ to: paths.signUp, label: 'Create account' }}
    >
      Guests can browse and follow showcases live. To publish your own, create a free account: you
      keep this session.
    </PageState>
  );
}
