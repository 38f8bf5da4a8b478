import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { hrefs, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { sameShowcase } from '@showcase/schema';
import type { Showcase } from '@showcase/schema';
import { myShowcasesQuery } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { waitingImageCounts } from '../../../lib/images/device-store';
import { useCurrentUser } from '../../../lib/session';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import { likesLabel } from '../../../lib/showcases/format';
import { PageState } from '../../../components/showcases/page-states';
import { PendingChip } from '../../../components/showcases/pending-chip';
import { RelativeTime } from '../../../components/showcases/relative-time';

/**
 * `/me/showcases`: the signed-in member's own showcases, drafts and published, newest change
 * first, each marked while the server has not confirmed its latest change. Guests cannot
 * publish, so they are shown the way to an account instead.
 */
export function MyShowcasesPage() {
  useDocumentTitle('My showcases');
  const user = useCurrentUser();
  return (
    <Stack sx={{ gap: 3, maxWidth: 880, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          My showcases
        </Typography>
        {user.isAnonymous ? null : (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            component={RouterLink}
            to={paths.newShowcase}
          >
            New showcase
          </Button>
        )}
      </Stack>
      {user.isAnonymous ? (
        <PageState
          title="Create an account to publish"
          icon={<LockOutlined />}
          link={{ to: paths.signUp, label: 'Create account', state: { from: paths.myShowcases } }}
        >
          Guests can browse showcases but cannot publish. Create a free account to share what you
          made: you keep this session, and your showcases will be listed here.
        </PageState>
      ) : (
        <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
          <Suspense fallback={<Progress />}>
            <MyShowcaseList uid={user.uid} />
          </Suspense>
        </Paper>
      )}
    </Stack>
  );
}

const waitingLabel = (count: number) =>
  count === 1 ? '1 image waiting to upload' : `${count} images waiting to upload`;

/** Images picked for the member's showcases that wait on this device (read once per visit). */
function useWaitingImages(uid: string): ReadonlyMap<string, number> {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    let current = true;
    void waitingImageCounts<{ phase?: string }>(uid, (image) => image.phase !== 'done')
      .then((found) => current && setCounts(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [uid]);
  return counts;
}

function Progress() {
  return (
    <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} aria-label="Loading your showcases" />
    </Box>
  );
}

function MyShowcaseList({ uid }: { uid: string }) {
  const waitingImages = useWaitingImages(uid);
  const [attempt, setAttempt] = useState(0);
  const offline = useConnectionStatus() === 'offline';
  const snapshot = useQuerySnapshot(myShowcasesQuery, [uid], { attempt, reuse: sameShowcase });

  if (snapshot.status === 'error' && !snapshot.data) {
    return (
      <DataErrorAlert error={snapshot.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  const items = snapshot.data ?? [];
  if (snapshot.status === 'loading' || (items.length === 0 && snapshot.fromCache && !offline))
    return <Progress />;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {offline
          ? "You're offline and this device has none of your showcases saved. They will be listed when you're back online."
          : 'Nothing yet. Your drafts and published showcases will be listed here.'}
      </Typography>
    );
  }
  return (
    <>
      {offline ? (
        // The list comes from this device's cache, which holds only what was loaded here.
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1.5, pb: 0.5 }}>
          You&apos;re offline: this list shows what this device has saved, so showcases you
          haven&apos;t opened here may be missing.
        </Typography>
      ) : null}
      <MyShowcaseItems items={items} waitingImages={waitingImages} />
    </>
  );
}

function MyShowcaseItems({
  items,
  waitingImages,
}: {
  items: Showcase[];
  waitingImages: ReadonlyMap<string, number>;
}) {
  return (
    <List disablePadding aria-label="My showcases">
      {items.map((showcase, index) => (
        <ListItem
          key={showcase.id}
          divider={index < items.length - 1}
          disableGutters
          secondaryAction={
            <IconButton
              edge="end"
              component={RouterLink}
              to={hrefs.editShowcase(showcase.id)}
              aria-label={`Edit ${showcase.title || 'Untitled'}`}
            >
              <EditOutlined />
            </IconButton>
          }
          sx={{ pr: 6 }}
        >
          <ListItemText
            primary={
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Link
                  component={RouterLink}
                  to={hrefs.showcase(showcase.id)}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {showcase.title || 'Untitled'}
                </Link>
                <Chip
                  size="small"
                  label={showcase.status === 'draft' ? 'Draft' : 'Published'}
                  color={showcase.status === 'draft' ? 'default' : 'success'}
                  variant="outlined"
                />
                {showcase.pending ? <PendingChip /> : null}
                {waitingImages.get(showcase.id) ? (
                  <PendingChip label={waitingLabel(waitingImages.get(showcase.id)!)} />
                ) : null}
              </Stack>
            }
            secondary={
              <>
                {showcase.updatedAt ? (
                  <>
                    Updated <RelativeTime date={showcase.updatedAt} />
                  </>
                ) : null}
                {showcase.updatedAt && showcase.status === 'published' ? ' · ' : null}
                {showcase.status === 'published' ? likesLabel(showcase.likeCount) : null}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
