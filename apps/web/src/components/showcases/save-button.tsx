import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSaved } from '../../hooks/use-saved';
import { FixedViewer } from '../../lib/session';
import { locationPath, signInFirst } from '../../utils/return-to';
import { DeferredTooltip } from '../deferred-tooltip';
import { useNotify } from '../feedback/notifier';

type SaveButtonProps = {
  showcaseId: string;
  /** The viewer's uid (a guest's too); null for a visitor. */
  uid: string | null;
  /** On a card: the showcase's title, so each card's button has its own name. */
  cardTitle?: string;
};

const saveName = (saved: boolean, cardTitle: string | undefined) =>
  `${saved ? 'Saved' : 'Save'}${cardTitle === undefined ? '' : ` “${cardTitle || 'Untitled'}”`}`;

/**
 * **Save** / **Saved**: a private list (`/saved`) for guests and members. A visitor's goes to the
 * sign-in screen, which also offers **Continue as guest**, and comes back here.
 */
export function SaveButton({ showcaseId, uid, cardTitle }: SaveButtonProps) {
  const rendersStatic = useContext(FixedViewer) !== undefined;
  if (uid === null) return <SaveInvitation cardTitle={cardTitle} />;
  // The first paint's template has no SDK: the button as the app first renders it, waiting.
  if (rendersStatic) return <SaveView saved={false} ready={false} cardTitle={cardTitle} />;
  return <MemberSave showcaseId={showcaseId} uid={uid} cardTitle={cardTitle} />;
}

function SaveInvitation({ cardTitle }: { cardTitle: string | undefined }) {
  const navigate = useNavigate();
  const wayIn = signInFirst(locationPath(useLocation()));
  return (
    <SaveView
      saved={false}
      ready
      cardTitle={cardTitle}
      hint="Sign in or continue as a guest to save showcases."
      onClick={() => void navigate(wayIn.to, { state: wayIn.state })}
    />
  );
}

function MemberSave({
  showcaseId,
  uid,
  cardTitle,
}: Required<Omit<SaveButtonProps, 'cardTitle'>> & {
  cardTitle: string | undefined;
}) {
  const notify = useNotify();
  const save = useSaved(showcaseId, uid);
  const onClick = () => {
    const wasSaved = save.saved;
    save.toggle().then(
      () =>
        notify({
          severity: 'success',
          message: wasSaved ? 'Removed from Saved.' : 'Saved. Find it under Saved in your menu.',
        }),
      async (error: unknown) => {
        const reason = (await import('../../lib/errors')).describeError(error).message;
        notify({
          severity: 'error',
          message: `${wasSaved ? 'Not removed' : 'Not saved'}. ${reason}`,
        });
      },
    );
  };
  return <SaveView saved={save.saved} ready={save.ready} cardTitle={cardTitle} onClick={onClick} />;
}

function SaveView({
  saved,
  ready,
  cardTitle,
  hint,
  onClick,
}: {
  saved: boolean;
  ready: boolean;
  cardTitle: string | undefined;
  hint?: string;
  onClick?: () => void;
}) {
  const icon = saved ? <Bookmark /> : <BookmarkBorder />;
  // Not disabled while a click lands (`toggle` ignores clicks then), which would drop focus.
  const button =
    cardTitle === undefined ? (
      <Button
        variant={saved ? 'contained' : 'outlined'}
        startIcon={icon}
        aria-pressed={hint === undefined ? saved : undefined}
        onClick={onClick}
        disabled={!ready}
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
    ) : (
      <IconButton
        size="small"
        color={saved ? 'primary' : 'default'}
        aria-label={saveName(saved, cardTitle)}
        aria-pressed={hint === undefined ? saved : undefined}
        onClick={onClick}
        disabled={!ready}
      >
        {icon}
      </IconButton>
    );
  // A visitor's button says why it leads to sign in; a member's names itself (a tooltip on a
  // button disabled while its state loads would not work).
  return hint === undefined ? (
    button
  ) : (
    <DeferredTooltip title={hint} describeChild>
      {button}
    </DeferredTooltip>
  );
}
