import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../../../components/feedback/notifier';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { likesLabel } from '../format';
import { useLike } from '../hooks/use-like';
import { PendingChip } from './pending-chip';

type LikeButtonProps = {
  showcaseId: string;
  likeCount: number;
  uid: string;
  isGuest: boolean;
};

/**
 * **Like** / **Unlike** for members; guests see it disabled with the reason. Owners see their
 * like count instead (the detail page), never this button.
 */
export function LikeButton({ showcaseId, likeCount, uid, isGuest }: LikeButtonProps) {
  const notify = useNotify();
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

  if (isGuest) {
    return (
      <Stack sx={{ gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<FavoriteBorder />}
            disabled
            aria-describedby="like-guest-hint"
          >
            Like
          </Button>
          {count}
        </Stack>
        <Typography id="like-guest-hint" variant="body2" color="text.secondary">
          Guests can&apos;t like showcases.{' '}
          <Link component={RouterLink} to={paths.signUp}>
            Create an account
          </Link>{' '}
          to like and publish.
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
