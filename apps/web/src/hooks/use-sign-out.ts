import { useCallback, useState } from 'react';
import { useNotify } from '../components/feedback/notifier';
import { describeError } from '../lib/errors';
import { sessionActions } from '../lib/session';

/**
 * Signs out through `signOutUser()` (which runs the registered before-sign-out steps). The
 * signed-in guard then sends the user to /welcome.
 */
export function useSignOut() {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      if ((await sessionActions().signOutUser()) === 'signed-out') {
        notify({ severity: 'success', message: 'You are signed out.' });
      }
    } catch (error) {
      notify({ severity: 'error', message: describeError(error).message });
    } finally {
      setPending(false);
    }
  }, [notify]);
  return { signOut, pending };
}
