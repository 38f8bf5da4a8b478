import type { ShowcaseStatus } from '@showcase/schema';
import { publicNameOf } from '../../../lib/firebase/profiles';
import { useCurrentUser } from '../../../lib/session';
import type { StoredShowcaseInput } from '../hooks/use-save-showcase';
import { useSaveShowcase } from '../hooks/use-save-showcase';
import type { RejectedForm } from '../rejected-forms';
import { ShowcaseForm } from './showcase-form';

type ShowcaseEditorProps = {
  id: string;
  mode: 'create' | 'update';
  initial: RejectedForm;
  /** The stored showcase, live (edits only): saves write what changed and detect conflicts. */
  current?: StoredShowcaseInput & {
    status: ShowcaseStatus;
    likeCount: number;
    imageUrl: string | null;
    imageAlt: string | null;
  };
};

/** The form wired to the save: shared by /new and /s/:id/edit. */
export function ShowcaseEditor({ id, mode, initial, current }: ShowcaseEditorProps) {
  const user = useCurrentUser();
  const { state, save, settle } = useSaveShowcase(id, mode, current ?? null);
  return (
    <ShowcaseForm
      initial={initial}
      published={current?.status === 'published'}
      saveState={state}
      preview={{
        id,
        ownerUid: user.uid,
        ownerName: publicNameOf(user),
        likeCount: current?.likeCount ?? 0,
        legacyImage: { imageUrl: current?.imageUrl ?? null, imageAlt: current?.imageAlt ?? null },
      }}
      onSettle={settle}
      onSave={(fields, intent, form) => {
        void save(fields, intent, form);
      }}
    />
  );
}
