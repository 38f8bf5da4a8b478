import CheckOutlined from '@mui/icons-material/CheckOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Button from '@mui/material/Button';
import { useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useFollow } from '../../hooks/use-follow';
import { publicNameOf } from '../../lib/firebase/profiles';
import type { SessionUser } from '../../lib/session';
import { FixedViewer, useViewer } from '../../lib/session';
import { locationPath, signInFirst } from '../../utils/return-to';
import { DeferredTooltip } from '../deferred-tooltip';
import { useNotify } from '../feedback/notifier';

type FollowButtonProps = { makerUid: string; size?: 'small' | 'medium' };

/**
 * **Follow** / **Following** for a maker, on their profile and on a showcase's maker line.
 * A visitor's goes to sign in and a guest's to create an account (keeping the guest session),
 * both coming back here; nothing is shown on one's own work.
 */
export function FollowButton({ makerUid, size = 'medium' }: FollowButtonProps) {
  const user = useViewer();
  const rendersStatic = useContext(FixedViewer) !== undefined;
  if (user !== null && !user.isAnonymous && user.uid === makerUid) return null;
  if (user === null || user.isAnonymous)
    return <FollowInvitation isGuest={user !== null} size={size} />;
  // The first paint's template has no SDK: the button as the app first renders it, waiting.
  if (rendersStatic) return <FollowView following={false} ready={false} size={size} />;
  return <MemberFollow user={user} makerUid={makerUid} size={size} />;
}

function FollowInvitation({ isGuest, size }: { isGuest: boolean; size: 'small' | 'medium' }) {
  const navigate = useNavigate();
  const here = locationPath(useLocation());
  const wayIn = isGuest ? { to: paths.signUp, state: { from: here } } : signInFirst(here);
  return (
    <DeferredTooltip
      title={
        isGuest
          ? 'Create an account to follow makers: you keep this guest session.'
          : 'Sign in to follow makers.'
      }
      describeChild
    >
      <Button
        variant="outlined"
        size={size}
        startIcon={<PersonAddOutlined />}
        onClick={() => void navigate(wayIn.to, { state: wayIn.state })}
      >
        Follow
      </Button>
    </DeferredTooltip>
  );
}

function MemberFollow({
  user,
  makerUid,
  size,
}: {
  user: SessionUser;
  makerUid: string;
  size: 'small' | 'medium';
}) {
  const notify = useNotify();
  const follow = useFollow({ uid: user.uid, name: publicNameOf(user) }, makerUid);
  // A maker who deleted their account cannot be followed; one already followed can be left.
  if (follow.ready && !follow.profileExists && !follow.following) return null;
  const onClick = () => {
    const wasFollowing = follow.following;
    follow.toggle().catch(async (error: unknown) => {
      // The message tables load only now: a page with a Follow should not wait for them.
      const reason = (await import('../../lib/errors')).describeError(error).message;
      notify({
        severity: 'error',
        message: `${wasFollowing ? 'Your unfollow' : 'Your follow'} was not saved. ${reason}`,
      });
    });
  };
  return (
    <FollowView following={follow.following} ready={follow.ready} size={size} onClick={onClick} />
  );
}

function FollowView({
  following,
  ready,
  size,
  onClick,
}: {
  following: boolean;
  ready: boolean;
  size: 'small' | 'medium';
  onClick?: () => void;
}) {
  return (
    <Button
      aria-pressed={following}
      variant={following ? 'contained' : 'outlined'}
      size={size}
      startIcon={following ? <CheckOutlined /> : <PersonAddOutlined />}
      onClick={onClick}
      // Not disabled while a click lands (`toggle` ignores clicks then), which would drop focus.
      disabled={!ready}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
