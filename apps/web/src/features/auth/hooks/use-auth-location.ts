import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import type { AuthLocationState } from '../../../utils/return-to';
import { readAuthState } from '../../../utils/return-to';

/**
 * The sign-in screens pass `{ from }` along (`forward`) so the user lands where they were going;
 * `returnTo` is that path, which the Google redirect flow stores across the page change.
 */
export function useAuthLocation(): {
  email: string | undefined;
  returnTo: string;
  forward: AuthLocationState;
} {
  const location = useLocation();
  const { from, email } = readAuthState(location.state);
  return { email, returnTo: from ?? paths.home, forward: from ? { from } : {} };
}
