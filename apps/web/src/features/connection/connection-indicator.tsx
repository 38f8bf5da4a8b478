import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactElement } from 'react';
import { lazy, Suspense } from 'react';
import type { ConnectionStatus } from '../../lib/firebase/connection-machine';
import { useConnectionStatus } from '../../lib/firebase/use-connection-status';
import { useSession } from '../../lib/session';
import { DeferredTooltip } from '../../components/deferred-tooltip';

// The signed-in user's Firestore side (SDK, public profile) loads in its own chunk; this
// indicator itself stays tiny, and for a visitor it only reports the screen's own listeners.
const FirestoreSession = lazy(() =>
  import('./firestore-session').then((module) => ({ default: module.FirestoreSession })),
);

const labels: Record<ConnectionStatus, string> = {
  online: 'Live',
  waiting: 'Waiting for server…',
  offline: 'Offline',
  unknown: 'Connecting…',
};

const hints: Record<ConnectionStatus, string> = {
  online: 'Changes from everyone appear as they happen.',
  waiting:
    'The server has not answered for 10 seconds. Your changes are kept on this device and sent when it answers.',
  offline:
    "You're offline. You see what is saved on this device; your changes are sent when you're back.",
  unknown: 'Connecting to the server…',
};

const colors = {
  online: 'success',
  waiting: 'warning',
  offline: 'warning',
  unknown: 'default',
} as const satisfies Record<ConnectionStatus, string>;

const icons: Record<ConnectionStatus, ReactElement> = {
  online: <FiberManualRecord sx={{ fontSize: 12 }} />,
  waiting: <HourglassEmptyOutlined sx={{ fontSize: 16 }} />,
  offline: <CloudOffOutlined sx={{ fontSize: 16 }} />,
  unknown: <CircularProgress size={12} color="inherit" aria-hidden />,
};

/**
 * **Live** / **Waiting for server…** / **Offline** / **Connecting…** in the app bar (the states:
 * connection-machine.ts). For a signed-in user it also mounts the user's Firestore session; a
 * visitor has none.
 */
export function ConnectionIndicator() {
  const status = useConnectionStatus();
  const signedIn = useSession().status === 'signed-in';
  return (
    <>
      <ConnectionChip status={status} />
      {signedIn ? (
        <Suspense fallback={null}>
          <FirestoreSession />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The chip alone, for a status: the indicator's, and the first paint's templates' (which show
 * it live: the first paint is up only once the server has answered).
 */
export function ConnectionChip({ status }: { status: ConnectionStatus }) {
  const label = labels[status];
  return (
    <DeferredTooltip title={hints[status]}>
      <Chip
        role="status"
        aria-label={`Connection: ${label}`}
        aria-live="polite"
        data-connection={status}
        size="small"
        variant="outlined"
        color={colors[status]}
        icon={icons[status]}
        // Phones show the icon alone (the name and the tooltip keep the words), so the app bar
        // fits 360 px beside the user menu or a visitor's Sign in.
        label={
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {label}
          </Box>
        }
        tabIndex={0}
        sx={{
          fontWeight: 600,
          '& .MuiChip-icon': { ml: '6px', mr: { xs: '-6px', sm: '-4px' } },
          '& .MuiChip-label': { pl: { xs: 0, sm: 1 }, pr: { xs: '6px', sm: 1 } },
        }}
      />
    </DeferredTooltip>
  );
}
