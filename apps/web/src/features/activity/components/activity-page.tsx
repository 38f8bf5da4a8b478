import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Activity, ActivityType } from '@showcase/schema';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { PageState } from '../../../components/showcases/page-states';
import { RelativeTime } from '../../../components/showcases/relative-time';
import { hrefs, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { activityQuery, markActivityRead } from '../../../lib/firebase/activity';
import { useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import type { ActivityGroup } from '../activity-groups';
import { activitySentence, groupActivity } from '../activity-groups';

/** Items read per step; older ones come with **Show older activity**. */
const ACTIVITY_PAGE = 50;

const ICONS: Record<ActivityType, typeof FavoriteBorder> = {
  like: FavoriteBorder,
  comment: ChatBubbleOutline,
  follow: PersonAddOutlined,
};

/**
 * `/activity`: likes, comments and new followers on the member's work, newest first, grouped
 * ("Maya and 3 others liked Lamp"), live. What the screen shows is marked read; it stays
 * highlighted as new until the reader leaves.
 */
export function ActivityPage() {
  useDocumentTitle('Activity');
  const user = useCurrentUser();
  return (
    <Stack sx={{ gap: 3, maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        Activity
      </Typography>
      {user.isAnonymous ? (
        <PageState
          title="Create an account to hear back"
          icon={<LockOutlined />}
          link={{ to: paths.signUp, label: 'Create account', state: { from: paths.activity } }}
        >
          Members hear here when people like or comment on their showcases or follow them. You keep
          this guest session when you create an account.
        </PageState>
      ) : (
        <Suspense fallback={<Progress />}>
          <ActivityList uid={user.uid} />
        </Suspense>
      )}
    </Stack>
  );
}

const known = (item: Activity | null): item is Activity => item !== null;

function ActivityList({ uid }: { uid: string }) {
  const db = useFirestore();
  const [max, setMax] = useState(ACTIVITY_PAGE);
  const [attempt, setAttempt] = useState(0);
  const result = useQuerySnapshot(activityQuery, [uid, max], { family: uid, attempt });
  const items = useMemo(() => (result.data ?? []).filter(known), [result.data]);
  // What was unread when it was first shown here: still "New" after it is marked read.
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const unread = items.filter((item) => !item.read && !newIds.has(item.id));
    if (unread.length === 0) return;
    setNewIds((previous) => new Set([...previous, ...unread.map((item) => item.id)]));
    // Shown, so read. A failure leaves them unread for the next visit: nothing else is lost.
    markActivityRead(db, uid, unread).catch(() => undefined);
  }, [items, newIds, db, uid]);

  const groups = useMemo(() => groupActivity(items, newIds), [items, newIds]);

  if (result.status === 'error' && result.data === undefined) {
    return <DataErrorAlert error={result.error} onRetry={() => setAttempt((value) => value + 1)} />;
  }
  if (result.status === 'loading') return <Progress />;
  if (groups.length === 0) {
    return (
      <PageState title="No activity yet" icon={<NotificationsNoneOutlined />}>
        When people like or comment on your showcases, or follow you, you will see it here.
      </PageState>
    );
  }
  return (
    <Stack sx={{ gap: 2 }}>
      <Paper variant="outlined">
        <List aria-label="Activity" disablePadding>
          {groups.map((group) => (
            <ActivityRow key={group.key} group={group} />
          ))}
        </List>
      </Paper>
      {(result.data?.length ?? 0) >= max ? (
        <Box>
          <Button onClick={() => setMax((value) => value + ACTIVITY_PAGE)} disabled={result.stale}>
            Show older activity
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function ActivityRow({ group }: { group: ActivityGroup }) {
  const Icon = ICONS[group.type];
  const sentence = activitySentence(group);
  const to =
    group.type === 'follow'
      ? group.actors.length === 1 && group.actors[0] !== undefined
        ? hrefs.userProfile(group.actors[0].uid)
        : null
      : group.showcaseId !== null
        ? hrefs.showcase(group.showcaseId)
        : null;
  const content = (
    <>
      <ListItemIcon>
        <Icon color={group.unread ? 'primary' : 'inherit'} />
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box component="span" sx={{ fontWeight: group.unread ? 700 : 400 }}>
              {sentence}
            </Box>
            {group.unread ? <Chip size="small" color="primary" label="New" /> : null}
          </Stack>
        }
        secondary={group.latest ? <RelativeTime date={group.latest} /> : null}
        sx={{ overflowWrap: 'anywhere' }}
      />
    </>
  );
  return (
    <ListItem disablePadding divider data-activity-group={group.key}>
      {to === null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, width: '100%' }}>
          {content}
        </Box>
      ) : (
        <ListItemButton component={RouterLink} to={to}>
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}

function Progress() {
  return (
    <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} aria-label="Loading activity" />
    </Box>
  );
}
