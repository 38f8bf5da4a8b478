import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSaved } from '../../hooks/use-saved';
import { locationPath, signInFirst } from '../../utils/return-to';
import { useNotify } from '../feedback/notifier';
import { rememberPendingSave, takePendingSave } from './pending-save';
import type { SaveButtonProps } from './save-button';
import { SaveView, VISITOR_HINT } from './save-button';

/** The live **Save** / **Saved** (see `SaveButton`), loaded after the screen has painted. */
export function SaveControl({ showcaseId, uid, cardTitle }: SaveButtonProps) {
  if (uid === null) return <SaveInvitation showcaseId={showcaseId} cardTitle={cardTitle} />;
  return <MemberSave showcaseId={showcaseId} uid={uid} cardTitle={cardTitle} />;
}

/**
 * A visitor's Save: to the sign-in screen (which offers Continue as guest) and back here, where
 * the Save they pressed is kept (`takePendingSave` below).
 */
function SaveInvitation({
  showcaseId,
  cardTitle,
}: {
  showcaseId: string;
  cardTitle: string | undefined;
}) {
  const navigate = useNavigate();
  const wayIn = signInFirst(locationPath(useLocation()));
  return (
    <SaveView
      saved={false}
      ready
      cardTitle={cardTitle}
      hint={VISITOR_HINT}
      onClick={() => {
        rememberPendingSave(showcaseId);
        void navigate(wayIn.to, { state: wayIn.state });
      }}
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
    if (!save.ready) return;
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
  // Back from signing in or continuing as a guest: the Save pressed as a visitor happens now,
  // once its state is known (already saved, e.g. by a member on another device: nothing to do).
  // Asked once per card when it becomes ready, not on every render of every card.
  const takeVisitorsSave = useEffectEvent(() => {
    if (takePendingSave(showcaseId) && !save.saved) onClick();
  });
  useEffect(() => {
    if (save.ready) takeVisitorsSave();
  }, [save.ready]);
  return <SaveView saved={save.saved} ready={save.ready} cardTitle={cardTitle} onClick={onClick} />;
}
