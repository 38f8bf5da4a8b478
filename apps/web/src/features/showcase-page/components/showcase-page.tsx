import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifier';
import { useRevealApp } from '../../../hooks/use-reveal-app';
import { hrefs } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { describeError } from '../../../lib/errors';
import type { Showcase } from '@showcase/schema';
import { deleteShowcase } from '../../../lib/firebase/showcase-deletion';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { firestoreForAction } from '../../../lib/firebase/use-snapshot';
import { useViewer } from '../../../lib/session';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';
import {
  displayOwner,
  displayTitle,
  likesLabel,
  showsUpdated,
} from '../../../lib/showcases/format';
import { useGalleryHref } from '../../../lib/showcases/gallery-link';
import { useShowcase } from '../../../hooks/use-showcase';
import { showcaseView } from '../../../lib/showcases/snapshot-views';
import { safeHttpUrl, sameShowcase, showcaseTarget } from '@showcase/schema';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { LikeButton } from '../../../components/showcases/like-button';
import { FollowButton } from '../../../components/audience/follow-button';
import { SaveButton } from '../../../components/showcases/save-button';
import {
  NOT_AVAILABLE_OFFLINE,
  NotAvailableOffline,
  ShowcaseNotFound,
} from '../../../components/showcases/page-states';
import { PendingChip } from '../../../components/showcases/pending-chip';
import { RelativeTime } from '../../../components/showcases/relative-time';
import { ReportButton } from './report-button';
import { ShareActions } from './share-actions';
import { ShowcaseDescription } from './showcase-description';
import { TagChips } from '../../../components/showcases/tag-chips';
import { UserAvatar } from '../../../components/user-avatar';
import { ShowcaseMedia } from './showcase-media';

// Below the page's own content and on its own listener: its cards' code (grid, card, Like) need
// not arrive before the showcase paints.
const MoreBy = lazy(() => import('./more-by').then((module) => ({ default: module.MoreBy })));
// The same for comments: their list, field and writes are not part of the page's first script.
const CommentsSection = lazy(() =>
  import('../comments/comments-section').then((module) => ({ default: module.CommentsSection })),
);

/** `/s/:id`: one showcase, live. */
export function ShowcasePage() {
  const { id } = useParams();
  const [attempt, setAttempt] = useState(0);
  const offline = useConnectionStatus() === 'offline';
  const view = showcaseView(useShowcase(id, attempt), offline);
  // The showcase, or why not: either takes over from the first paint.
  useRevealApp(view.kind !== 'loading');
  useDocumentTitle(
    view.kind === 'ready'
      ? view.showcase.title || 'Untitled'
      : view.kind === 'not-found'
        ? 'Showcase not found'
        : view.kind === 'offline-missing'
          ? NOT_AVAILABLE_OFFLINE
          : view.kind === 'error'
            ? 'Showcase could not be loaded'
            : null,
  );

  switch (view.kind) {
    case 'loading':
      return (
        <Box sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading showcase" />
        </Box>
      );
    case 'not-found':
      return <ShowcaseNotFound />;
    case 'offline-missing':
      return <NotAvailableOffline what="showcase" />;
    case 'error':
      return <DataErrorAlert error={view.error} onRetry={() => setAttempt((value) => value + 1)} />;
    case 'ready':
      return <ShowcaseDetail showcase={view.showcase} />;
  }
}

/**
 * Everything but the like and comment counts and the pending marks, which a like or a comment
 * is all that changes.
 */
function sameApartFromLikes(a: Showcase, b: Showcase): boolean {
  return sameShowcase(
    { ...a, likeCount: 0, commentCount: 0, pending: false },
    { ...b, likeCount: 0, commentCount: 0, pending: false },
  );
}

/**
 * A like re-renders only the like row and the pending chip: on the page of whoever likes, that
 * render runs while the SDK is still sending the write, and on every other open page it stands
 * between the server's push and the new count on screen.
 */
function ShowcaseDetail({ showcase }: { showcase: Showcase }) {
  const user = useViewer();
  const navigate = useNavigate();
  const notify = useNotify();
  const galleryHref = useGalleryHref();
  const [confirming, setConfirming] = useState(false);
  const isOwner = user !== null && showcase.ownerUid === user.uid && !user.isAnonymous;
  const requestDelete = useCallback(() => setConfirming(true), []);
  // One object while these stay the same: a like then leaves the comments (memo) alone.
  const { id, ownerUid, title, commentCount } = showcase;
  const commentsShowcase = useMemo(
    () => ({ id, ownerUid, title, commentCount }),
    [id, ownerUid, title, commentCount],
  );

  const remove = () => {
    setConfirming(false);
    // The local cache drops it once its likes are listed (from the cache when offline), the
    // gallery with it; the server confirms later, and then its images leave Storage.
    firestoreForAction()
      .then((db) => deleteShowcase(db, showcase))
      .then(
        ({ imagesWaiting, leftoversWaiting }) =>
          notify({
            severity: 'success',
            message:
              imagesWaiting === 0 && !leftoversWaiting
                ? 'Showcase deleted.'
                : imagesWaiting === 0
                  ? `Showcase deleted. The last of its likes and comments go once you're back online.`
                  : `Showcase deleted. Its images are removed from storage once you're back online.`,
          }),
        (error: unknown) =>
          notify({
            severity: 'error',
            message: `The showcase was not deleted. ${describeError(error).message}`,
          }),
      );
    navigate(galleryHref, { replace: true });
  };

  return (
    <ShowcaseArticle showcase={showcase} onDelete={requestDelete}>
      {isOwner ? (
        <ConfirmDeleteDialog
          open={confirming}
          title={showcase.title}
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        />
      ) : null}
      {showcase.status === 'published' ? (
        // Comments exist only on published showcases (the rules refuse them on drafts).
        <Suspense fallback={null}>
          <CommentsSection showcase={commentsShowcase} />
        </Suspense>
      ) : null}
      {showcase.status === 'published' ? (
        <Suspense fallback={null}>
          <MoreBy
            ownerUid={showcase.ownerUid}
            ownerName={showcase.ownerName}
            showcaseId={showcase.id}
          />
        </Suspense>
      ) : null}
    </ShowcaseArticle>
  );
}

/**
 * The showcase as its viewer sees it, from the data alone: the page's content, and the first
 * paint's template of it (rendered at build time under a `FixedViewer`).
 */
export function ShowcaseArticle({
  showcase,
  onDelete,
  children,
}: {
  showcase: Showcase;
  onDelete: () => void;
  /** What only the live page has (the delete dialog, More by). */
  children?: ReactNode;
}) {
  const user = useViewer();
  const isOwner = user !== null && showcase.ownerUid === user.uid && !user.isAnonymous;
  return (
    <Stack
      component="article"
      sx={{ gap: 3, maxWidth: 880, mx: 'auto' }}
      aria-labelledby="showcase-title"
    >
      <BackToGallery />
      {/* Cover first: the work leads, its title and maker follow. */}
      <ShowcaseMedia showcase={showcase} />
      <Stack sx={{ gap: 1 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {showcase.status === 'draft' ? (
            <Chip size="small" label="Draft: only you can see it" />
          ) : null}
          {showcase.pending ? <PendingChip /> : null}
        </Stack>
        <ShowcaseHeading showcase={showcase} isOwner={isOwner} onDelete={onDelete} />
      </Stack>

      {isOwner ? (
        // Owners cannot like their own work (the rules keep likeCount fixed on their updates):
        // they see how it is received instead of a button they may not press.
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', color: 'text.secondary' }}>
          <FavoriteBorder aria-hidden />
          <Typography
            component="span"
            aria-live="polite"
            data-testid="like-count"
            sx={{ fontWeight: 600 }}
          >
            {likesLabel(showcase.likeCount)}
          </Typography>
        </Stack>
      ) : (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <LikeButton
            showcaseId={showcase.id}
            showcase={{ ownerUid: showcase.ownerUid, title: showcase.title }}
            likeCount={showcase.likeCount}
            uid={user?.uid ?? null}
            isGuest={user?.isAnonymous ?? false}
          />
          {showcase.status === 'published' ? (
            <SaveButton showcaseId={showcase.id} uid={user?.uid ?? null} />
          ) : null}
        </Stack>
      )}

      <ShowcaseContent showcase={showcase} />
      {children}
    </Stack>
  );
}

const BackToGallery = memo(function BackToGallery() {
  const galleryHref = useGalleryHref();
  return (
    <Box>
      <Button
        component={RouterLink}
        to={galleryHref}
        startIcon={<ArrowBackOutlined />}
        size="small"
      >
        Gallery
      </Button>
    </Box>
  );
});

type HeadingProps = { showcase: Showcase; isOwner: boolean; onDelete: () => void };

/** Title, owner actions, author and dates. */
const ShowcaseHeading = memo(
  function ShowcaseHeading({ showcase, isOwner, onDelete }: HeadingProps) {
    return (
      <>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: { xs: 1.5, sm: 2 }, alignItems: { sm: 'flex-start' } }}
        >
          <Typography
            id="showcase-title"
            component="h1"
            variant="h3"
            sx={{ overflowWrap: 'anywhere', flexGrow: 1, minWidth: 0 }}
          >
            {displayTitle(showcase.title)}
          </Typography>
          <Stack
            direction="row"
            sx={{
              gap: 1,
              flexWrap: 'wrap',
              flexShrink: 0,
              justifyContent: { sm: 'flex-end' },
              maxWidth: { sm: '50%' },
              pt: { sm: 1 },
            }}
          >
            {isOwner ? (
              <>
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  component={RouterLink}
                  to={hrefs.editShowcase(showcase.id)}
                >
                  Edit
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={onDelete}
                >
                  Delete
                </Button>
              </>
            ) : null}
            <ShareActions id={showcase.id} title={showcase.title || 'Untitled'} />
            {!isOwner && showcase.status === 'published' ? (
              <ReportButton target={showcaseTarget(showcase.id)} what="showcase" />
            ) : null}
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserAvatar
            user={{
              displayName: displayOwner(showcase.ownerName),
              email: null,
              photoURL: null,
              isAnonymous: false,
            }}
          />
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            by{' '}
            <Link component={RouterLink} to={hrefs.userProfile(showcase.ownerUid)}>
              {displayOwner(showcase.ownerName)}
            </Link>
          </Typography>
          {showcase.status === 'published' ? (
            <FollowButton makerUid={showcase.ownerUid} size="small" />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {showcase.createdAt ? (
            <>
              {showcase.status === 'published' ? 'Published' : 'Created'}{' '}
              <RelativeTime date={showcase.createdAt} />
            </>
          ) : null}
          {showsUpdated(showcase) && showcase.updatedAt ? (
            <>
              {' · '}Updated <RelativeTime date={showcase.updatedAt} />
            </>
          ) : null}
        </Typography>
      </>
    );
  },
  (before, after) =>
    before.isOwner === after.isOwner &&
    before.onDelete === after.onDelete &&
    sameApartFromLikes(before.showcase, after.showcase),
);

/** Description, link and tags. */
const ShowcaseContent = memo(
  function ShowcaseContent({ showcase }: { showcase: Showcase }) {
    const link = safeHttpUrl(showcase.url);
    return (
      <>
        <ShowcaseDescription text={showcase.description} />

        {link ? (
          <Box>
            <Button
              variant="outlined"
              endIcon={<OpenInNewOutlined />}
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ maxWidth: '100%', justifyContent: 'flex-start' }}
            >
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                Visit {new URL(link).host}
              </Box>
            </Button>
          </Box>
        ) : showcase.url ? (
          <Alert severity="warning" variant="outlined">
            This showcase&apos;s link is not a web address, so it is not shown as a link:{' '}
            <Box component="span" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
              {showcase.url}
            </Box>
          </Alert>
        ) : null}

        <TagChips tags={showcase.tags} />
      </>
    );
  },
  (before, after) => sameApartFromLikes(before.showcase, after.showcase),
);
