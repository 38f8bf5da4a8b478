import { useLocation, useNavigate } from 'react-router';
import { useSaved } from '../../hooks/use-saved';
import { locationPath, signInFirst } from '../../utils/return-to';
import { useNotify } from '../feedback/notifier';
import type { SaveButtonProps } from './save-button';
import { SaveView, VISITOR_HINT } from './save-button';

/** The live **Save** / **Saved** (see `SaveButton`), loaded after the screen has painted. */
export function SaveControl({ showcaseId, uid, cardTitle }: SaveButtonProps) {
  if (uid === null) return <SaveInvitation cardTitle={cardTitle} />;
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
      hint={VISITOR_HINT}
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
