import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useContext, useEffect, useId, useRef } from 'react';
import { useEventCallback } from '@mui/material/utils';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../feedback/notifier';
import { paths } from '../../config/paths';
import { useConnectionStatus } from '../../lib/firebase/use-connection-status';
import { locationPath, signInFirst } from '../../utils/return-to';
import { likesLabel } from '../../lib/showcases/format';
import { FixedViewer } from '../../lib/session';
import type { LikedShowcase } from '../../hooks/use-like';
import { useLike } from '../../hooks/use-like';
import { PendingChip } from './pending-chip';
import { DeferredTooltip } from '../deferred-tooltip';

type LikeButtonProps = {
  showcaseId: string;
  /** Its owner and title, for the activity a like writes for the owner. */
  showcase?: LikedShowcase;
  likeCount: number;
  /** The viewer's uid; null for a visitor (signed out). */
  uid: string | null;
  isGuest: boolean;
  /**
   * On a card: the showcase's title, so each of a grid's buttons has its own name ("Like
   * “Lamp”"), and a smaller layout without the hint line. Absent on the showcase's page.
   */
  cardTitle?: string;
};

/**
 * **Like** / **Unlike** for members, on a showcase's page and on its card. A visitor's Like
 * goes to sign in and a guest's to create an account (keeping the guest session); both come
 * back to where they pressed it. Owners see their like count instead, never this button.
 */
export function LikeButton({
  showcaseId,
  showcase,
  likeCount,
  uid,
  isGuest,
  cardTitle,
}: LikeButtonProps) {
  const rendersStatic = useContext(FixedViewer) !== undefined;
  if (uid === null || isGuest) {
    return <LikeInvitation likeCount={likeCount} isGuest={isGuest} cardTitle={cardTitle} />;
  }
  if (rendersStatic) {
    // No SDK to listen with: the like as the app's first render shows it, before its listener
    // has answered.
    return (
      <MemberLikeView
        likeCount={likeCount}
        cardTitle={cardTitle}
        liked={false}
        ready={false}
        pending={false}
        unsent={false}
      />
    );
  }
  return (
    <MemberLike
      showcaseId={showcaseId}
      showcase={showcase}
      likeCount={likeCount}
      uid={uid}
      cardTitle={cardTitle}
    />
  );
}

/** The count beside the button. A card's is not live-announced: a grid of 24 would talk over itself. */
const LikeCount = memo(function LikeCount({
  likeCount,
  onCard,
}: {
  likeCount: number;
  onCard: boolean;
}) {
  return (
    <Typography
      component="span"
      aria-live={onCard ? undefined : 'polite'}
      data-testid="like-count"
      variant={onCard ? 'body2' : undefined}
      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {likesLabel(likeCount)}
    </Typography>
  );
});

const likeName = (action: 'Like' | 'Unlike', cardTitle: string | undefined) =>
  cardTitle === undefined ? undefined : `${action} “${cardTitle || 'Untitled'}”`;

/** A visitor's or guest's Like: a way in, with why (the hint line on the page). */
export function LikeInvitation({
  likeCount,
  isGuest,
  cardTitle,
}: {
  likeCount: number;
  isGuest: boolean;
  cardTitle?: string | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  const onCard = cardTitle !== undefined;
  const here = locationPath(location);
  const wayIn = isGuest ? { to: paths.signUp, state: { from: here } } : signInFirst(here);
  const hint = isGuest
    ? 'Create an account to like showcases: you keep this guest session.'
    : 'Sign in to like showcases.';
  const button = (
    <Button
      variant="outlined"
      size={onCard ? 'small' : 'medium'}
      startIcon={<FavoriteBorder />}
      onClick={() => void navigate(wayIn.to, { state: wayIn.state })}
      aria-label={likeName('Like', cardTitle)}
      aria-describedby={onCard ? undefined : hintId}
    >
      Like
    </Button>
  );
  if (onCard) {
    // One hint line per card would repeat 24 times: it is the button's description instead.
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <DeferredTooltip title={hint} describeChild>
          {button}
        </DeferredTooltip>
        <LikeCount likeCount={likeCount} onCard />
      </Stack>
    );
  }
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
        {button}
        <LikeCount likeCount={likeCount} onCard={false} />
      </Stack>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Stack>
  );
}

function MemberLike({
  showcaseId,
  showcase,
  likeCount,
  uid,
  cardTitle,
}: {
  showcaseId: string;
  showcase?: LikedShowcase | undefined;
  likeCount: number;
  uid: string;
  cardTitle?: string | undefined;
}) {
  const notify = useNotify();
  const like = useLike(showcaseId, uid, showcase);
  const connection = useConnectionStatus();
  // The SDK keeps a like it cannot send queued (and shown); it never fails it for that. Say why
  // it is still pending once the connection says the server is silent or out of reach.
  const unsent = like.pending && (connection === 'waiting' || connection === 'offline');
  // Whether the latest like/unlike waited through such a stretch before the server answered.
  const waitedForServer = useRef(false);
  useEffect(() => {
    if (unsent) waitedForServer.current = true;
  }, [unsent]);

  // One function for the component's life: the button then stays as it was when only the
  // count changes (another member's like).
  const onClick = useEventCallback(() => {
    waitedForServer.current = unsent;
    like.toggle().catch(async (error: unknown) => {
      // After an outage the server judges the like against whatever it holds then (after a
      // restart: nothing), so its code says little; that it could not be reached says more.
      // The message tables load only now: a screen with likes should not wait for them.
      const reason = waitedForServer.current
        ? 'The server could not be reached when you made it, and refused it once it answered.'
        : (await import('../../lib/errors')).describeError(error).message;
      notify({
        severity: 'error',
        message: `${like.liked ? 'Your unlike' : 'Your like'} was not saved. ${reason}`,
      });
    });
  });
  return (
    <MemberLikeView
      likeCount={likeCount}
      cardTitle={cardTitle}
      liked={like.liked}
      ready={like.ready}
      pending={like.pending}
      unsent={unsent}
      onClick={onClick}
    />
  );
}

/** What a member sees, from the like's state alone (the first paint's templates render it too). */
export function MemberLikeView({
  likeCount,
  cardTitle,
  liked,
  ready,
  pending,
  unsent,
  onClick,
}: {
  likeCount: number;
  cardTitle?: string | undefined;
  liked: boolean;
  ready: boolean;
  pending: boolean;
  unsent: boolean;
  onClick?: () => void;
}) {
  const hintId = useId();
  const onCard = cardTitle !== undefined;
  return (
    <Stack
      direction="row"
      sx={{ gap: onCard ? 1 : 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      <LikeToggle
        liked={liked}
        ready={ready}
        describedBy={unsent ? hintId : undefined}
        cardTitle={cardTitle}
        onClick={onClick}
      />
      <LikeCount likeCount={likeCount} onCard={onCard} />
      {/* A card shows its showcase's pending chip already; the batch is pending there too. */}
      {pending && !onCard ? <PendingChip /> : null}
      {unsent ? (
        <Typography id={hintId} role="status" variant="body2" color="text.secondary">
          {onCard
            ? `Not sent yet: your ${liked ? 'like' : 'unlike'} is kept on this device.`
            : `The server could not be reached. Your ${liked ? 'like' : 'unlike'} is kept on this device and sent when it answers.`}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The button alone, so that a change of the count beside it leaves it as it is. */
const LikeToggle = memo(function LikeToggle({
  liked,
  ready,
  describedBy,
  cardTitle,
  onClick,
}: {
  liked: boolean;
  ready: boolean;
  describedBy: string | undefined;
  cardTitle: string | undefined;
  onClick: (() => void) | undefined;
}) {
  return (
    <Button
      aria-label={likeName(liked ? 'Unlike' : 'Like', cardTitle)}
      aria-pressed={liked}
      aria-describedby={describedBy}
      variant={liked ? 'contained' : 'outlined'}
      size={cardTitle !== undefined ? 'small' : 'medium'}
      startIcon={liked ? <Favorite /> : <FavoriteBorder />}
      onClick={onClick}
      // Not disabled while a click lands (`toggle` ignores clicks then): a disabled button
      // would drop the keyboard focus of whoever just pressed it.
      disabled={!ready}
    >
      {liked ? 'Unlike' : 'Like'}
    </Button>
  );
});
