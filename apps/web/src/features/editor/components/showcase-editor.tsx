import type { ShowcaseImage, ShowcaseStatus } from '@showcase/schema';
import { publicNameOf } from '../../../lib/firebase/profiles';
import { useCurrentUser } from '../../../lib/session';
import type { StoredShowcaseInput } from '../hooks/use-save-showcase';
import { useSaveShowcase } from '../hooks/use-save-showcase';
import { ImagesSection } from '../images/images-section';
import { useImagesSave } from '../images/use-images-save';
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
    images: ShowcaseImage[];
    imageUrl: string | null;
    imageAlt: string | null;
  };
};

/** The form wired to its images and the save: shared by /new and /s/:id/edit. */
export function ShowcaseEditor({ id, mode, initial, current }: ShowcaseEditorProps) {
  const user = useCurrentUser();
  const { state, save, settle } = useSaveShowcase(id, mode, current ?? null);
  const images = useImagesSave(id, current?.images ?? initial.images, save);
  return (
    <ShowcaseForm
      initial={initial}
      published={current?.status === 'published'}
      saveState={images.waiting ?? state}
      preview={{
        id,
        ownerUid: user.uid,
        ownerName: publicNameOf(user),
        likeCount: current?.likeCount ?? 0,
        legacyImage: { imageUrl: current?.imageUrl ?? null, imageAlt: current?.imageAlt ?? null },
      }}
      imagesSection={<ImagesSection images={images.section} />}
      images={images.ready}
      onTakeImages={images.section.saved}
      onSettle={settle}
      onSave={images.onSave}
    />
  );
}
