import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, memo, Suspense, useContext } from 'react';
import { FixedViewer } from '../../lib/session';
import { DeferredTooltip } from '../deferred-tooltip';

// The toggle's code (its listener, the write, a visitor's way in) loads after the grid has
// painted: the gallery's first screen stays within its budget.
const SaveControl = lazy(() =>
  import('./save-control').then((module) => ({ default: module.SaveControl })),
);

export const VISITOR_HINT = 'Sign in or continue as a guest to save showcases.';

export type SaveButtonProps = {
  showcaseId: string;
  /** The viewer's uid (a guest's too); null for a visitor. */
  uid: string | null;
  /** On a card: the showcase's title, so each card's button has its own name. */
  cardTitle?: string | undefined;
};

const saveName = (saved: boolean, cardTitle: string | undefined) =>
  `${saved ? 'Saved' : 'Save'}${cardTitle === undefined ? '' : ` “${cardTitle || 'Untitled'}”`}`;

/**
 * **Save** / **Saved**: a private list (`/saved`) for guests and members. A visitor's goes to the
 * sign-in screen, which also offers **Continue as guest**, and comes back here.
 */
export const SaveButton = memo(function SaveButton({
  showcaseId,
  uid,
  cardTitle,
}: SaveButtonProps) {
  const rendersStatic = useContext(FixedViewer) !== undefined;
  // The button before its code has come, and in the first paint's templates (no SDK there): a
  // visitor's as it will be, a signed-in user's waiting for its state.
  const waiting =
    uid === null ? (
      <SaveView saved={false} ready cardTitle={cardTitle} hint={VISITOR_HINT} />
    ) : (
      <SaveView saved={false} ready={false} cardTitle={cardTitle} />
    );
  if (rendersStatic) return waiting;
  return (
    <Suspense fallback={waiting}>
      <SaveControl showcaseId={showcaseId} uid={uid} cardTitle={cardTitle} />
    </Suspense>
  );
});

/** What the button shows, from its state alone. */
export function SaveView({
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
