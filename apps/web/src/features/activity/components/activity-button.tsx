import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Activity } from '@showcase/schema';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { paths } from '../../../config/paths';
import { UNREAD_ACTIVITY_MAX, unreadActivityQuery } from '../../../lib/firebase/activity';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';

const known = (item: Activity | null): item is Activity => item !== null;

/**
 * **Activity** in the app bar, with the unread count live. Its name stays "Activity" whatever
 * the count (a name that changes every time someone likes a showcase is hard to find again); the
 * count is its description.
 */
export function ActivityButton({ uid }: { uid: string }) {
  const unread = useQuerySnapshot(unreadActivityQuery, [uid]);
  const count = (unread.data ?? []).filter(known).length;
  const countId = useId();
  const shown = count >= UNREAD_ACTIVITY_MAX ? `${UNREAD_ACTIVITY_MAX - 1}+` : String(count);
  const description = count === 0 ? 'Nothing new' : `${shown} unread`;
  return (
    <>
      <DeferredTooltip title={count === 0 ? 'Activity' : `Activity: ${description}`}>
        <IconButton
          component={RouterLink}
          to={paths.activity}
          aria-label="Activity"
          aria-describedby={countId}
          color="inherit"
        >
          {/* Inside the button, so the app bar's slot holds one 40 px box, as its placeholder
              did; not part of the name (aria-label), only its description. */}
          <Box id={countId} component="span" sx={visuallyHidden}>
            {description}
          </Box>
          <Badge
            badgeContent={count === 0 ? null : shown}
            color="error"
            data-testid="activity-badge"
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </DeferredTooltip>
    </>
  );
}

// In px: MUI reads a bare 1 as 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
