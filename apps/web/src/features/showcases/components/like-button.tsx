import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifier';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { locationPath, signInFirst } from '../../../utils/return-to';
import { likesLabel } from '../format';
import { useLike } from '../hooks/use-like';
import { PendingChip } from './pending-chip';

type LikeButtonProps = {
  showcaseId: string;
  likeCount: number;
  /** The viewer's uid; null for a visitor (signed out). */
  uid: string | null;
  isGuest: boolean;
};

/**
 * **Like** / **Unlike** for members. A visitor's Like goes to sign in and a guest's to create
 * an account (keeping the guest session); both come back to this showcase. Owners see their
 * like count instead (the detail page), never this button.
 */
export function LikeButton({ showcaseId, likeCount, uid, isGuest }: LikeButtonProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
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
  const count = (
    <Typography
      component="span"
      aria-live="polite"
      data-testid="like-count"
      sx={{ fontWeight: 600 }}
    >
      {likesLabel(likeCount)}
    </Typography>
  );

  if (uid === null || isGuest) {
    const here = locationPath(location);
    const wayIn = isGuest ? { to: paths.signUp, state: { from: here } } : signInFirst(here);
    return (
      <Stack sx={{ gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<FavoriteBorder />}
            onClick={() => void navigate(wayIn.to, { state: wayIn.state })}
            aria-describedby="like-sign-in-hint"
          >
            Like
          </Button>
          {count}
        </Stack>
        <Typography id="like-sign-in-hint" variant="body2" color="text.secondary">
          {isGuest
            ? 'Create an account to like showcases: you keep this guest session.'
            : 'Sign in to like showcases.'}
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
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        aria-describedby={unsent ? 'like-unsent-hint' : undefined}
        variant={like.liked ? 'contained' : 'outlined'}
        startIcon={like.liked ? <Favorite /> : <FavoriteBorder />}
        onClick={onClick}
        disabled={!like.ready || like.busy}
      >
        {like.liked ? 'Unlike' : 'Like'}
      </Button>
      {count}
      {like.pending ? <PendingChip /> : null}
      {unsent ? (
        <Typography id="like-unsent-hint" role="status" variant="body2" color="text.secondary">
          The server could not be reached. Your {like.liked ? 'like' : 'unlike'} is kept on this
          device and sent when it answers.
        </Typography>
      ) : null}
    </Stack>
  );
}
