import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../feedback/notifier';
import { paths } from '../../config/paths';
import { describeError } from '../../lib/errors';
import { useConnectionStatus } from '../../lib/firebase/use-connection-status';
import { locationPath, signInFirst } from '../../utils/return-to';
import { likesLabel } from '../../lib/showcases/format';
import { useLike } from '../../hooks/use-like';
import { PendingChip } from './pending-chip';
import { DeferredTooltip } from '../deferred-tooltip';

type LikeButtonProps = {
  showcaseId: string;
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
export function LikeButton({ showcaseId, likeCount, uid, isGuest, cardTitle }: LikeButtonProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  const onCard = cardTitle !== undefined;
  const like = useLike(showcaseId, isGuest ? null : uid);
  const connection = useConnectionStatus();
  // The SDK keeps a like it cannot send queued (and shown); it never fails it for that. Say why
  // it is still pending once the connection says the server is silent or out of reach.
  const unsent = like.pending && (connection === 'waiting' || connection === 'offline');
  // Whether the latest like/unlike waited through such a stretch before the server answered.
  const waitedForServer = useRef(false);
  useEffect(() => {
    if (unsent) waitedForServer.current = true;
  }, [unsent]);
  // A card's count is not live-announced: a grid of 24 would talk over itself.
  const count = (
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
  const nameOf = (action: 'Like' | 'Unlike') =>
    onCard ? `${action} “${cardTitle || 'Untitled'}”` : undefined;
  const size = onCard ? 'small' : 'medium';

  if (uid === null || isGuest) {
    const here = locationPath(location);
    const wayIn = isGuest ? { to: paths.signUp, state: { from: here } } : signInFirst(here);
    const hint = isGuest
      ? 'Create an account to like showcases: you keep this guest session.'
      : 'Sign in to like showcases.';
    const button = (
      <Button
        variant="outlined"
        size={size}
        startIcon={<FavoriteBorder />}
        onClick={() => void navigate(wayIn.to, { state: wayIn.state })}
        aria-label={nameOf('Like')}
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
          {count}
        </Stack>
      );
    }
    return (
      <Stack sx={{ gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          {button}
          {count}
        </Stack>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Stack>
    );
  }

  const onClick = () => {
    waitedForServer.current = unsent;
    like.toggle().catch((error: unknown) => {
      // After an outage the server judges the like against whatever it holds then (after a
      // restart: nothing), so its code says little; that it could not be reached says more.
      const reason = waitedForServer.current
        ? 'The server could not be reached when you made it, and refused it once it answered.'
        : describeError(error).message;
      notify({
        severity: 'error',
        message: `${like.liked ? 'Your unlike' : 'Your like'} was not saved. ${reason}`,
      });
    });
  };

  return (
    <Stack
      direction="row"
      sx={{ gap: onCard ? 1 : 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      <Button
        aria-label={nameOf(like.liked ? 'Unlike' : 'Like')}
        aria-pressed={like.liked}
        aria-describedby={unsent ? hintId : undefined}
        variant={like.liked ? 'contained' : 'outlined'}
        size={size}
        startIcon={like.liked ? <Favorite /> : <FavoriteBorder />}
        onClick={onClick}
        // Not disabled while a click lands (`toggle` ignores clicks then): a disabled button
        // would drop the keyboard focus of whoever just pressed it.
        disabled={!like.ready}
      >
        {like.liked ? 'Unlike' : 'Like'}
      </Button>
      {count}
      {/* A card shows its showcase's pending chip already; the batch is pending there too. */}
      {like.pending && !onCard ? <PendingChip /> : null}
      {unsent ? (
        <Typography id={hintId} role="status" variant="body2" color="text.secondary">
          {onCard
            ? `Not sent yet: your ${like.liked ? 'like' : 'unlike'} is kept on this device.`
            : `The server could not be reached. Your ${like.liked ? 'like' : 'unlike'} is kept on this device and sent when it answers.`}
        </Typography>
      ) : null}
    </Stack>
  );
}
