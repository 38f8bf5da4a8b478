import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';
import type { ConnectionStatus } from '../../lib/firebase/connection-machine';
import { useConnectionStatus } from '../../lib/firebase/use-connection-status';
import { SignOutGuard } from './sign-out-guard';

// The Firestore side (SDK, sign-out guard, public profile) loads in its own chunk, only for
// signed-in users; this indicator itself stays tiny.
const FirestoreSession = lazy(() =>
  import('./firestore-session').then((module) => ({ default: module.FirestoreSession })),
);

const labels: Record<ConnectionStatus, string> = {
  online: 'Live',
  offline: 'Offline',
  unknown: 'Connecting…',
};

const hints: Record<ConnectionStatus, string> = {
  online: 'Changes from everyone appear as they happen.',
  offline:
    "You're offline. You see what is saved on this device; your changes are sent when you're back.",
  unknown: 'Connecting to the server…',
};

/** **Live** / **Offline** / **Connecting…** in the app bar (the states: connection-machine.ts). */
export function ConnectionIndicator() {
  const status = useConnectionStatus();
  const label = labels[status];
  return (
    <>
      <Tooltip title={hints[status]}>
        <Chip
          role="status"
          aria-label={`Connection: ${label}`}
          aria-live="polite"
          data-connection={status}
          size="small"
          variant="outlined"
          color={status === 'online' ? 'success' : status === 'offline' ? 'warning' : 'default'}
          icon={
            status === 'online' ? (
              <FiberManualRecord sx={{ fontSize: 12 }} />
            ) : status === 'offline' ? (
              <CloudOffOutlined sx={{ fontSize: 16 }} />
            ) : (
              <CircularProgress size={12} color="inherit" aria-hidden />
            )
          }
          label={label}
          tabIndex={0}
          sx={{ fontWeight: 600, '& .MuiChip-icon': { ml: '6px' } }}
        />
      </Tooltip>
      <SignOutGuard />
      <Suspense fallback={null}>
        <FirestoreSession />
      </Suspense>
    </>
  );
}
