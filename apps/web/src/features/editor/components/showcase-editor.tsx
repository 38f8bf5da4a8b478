import type { ShowcaseFormValues, ShowcaseImage, ShowcaseStatus } from '@showcase/schema';
import type { StoredShowcaseInput } from '../hooks/use-save-showcase';
import { useSaveShowcase } from '../hooks/use-save-showcase';
import { ImagesSection } from '../images/images-section';
import { useImagesSave } from '../images/use-images-save';
import { ShowcaseForm } from './showcase-form';

type ShowcaseEditorProps = {
  id: string;
  mode: 'create' | 'update';
  initial: ShowcaseFormValues;
  /** The stored showcase, live (edits only): saves write what changed and detect conflicts. */
  current?: StoredShowcaseInput & { status: ShowcaseStatus; images?: ShowcaseImage[] };
};

/** The form wired to the save: shared by /new and /s/:id/edit. */
export function ShowcaseEditor({ id, mode, initial, current }: ShowcaseEditorProps) {
  const { state, save, settle } = useSaveShowcase(id, mode, current ?? null);
  const images = useImagesSave(id, current?.images ?? [], save);
  return (
    <ShowcaseForm
      initial={initial}
      published={current?.status === 'published'}
      saveState={images.waiting ?? state}
      onSettle={settle}
      imagesSection={<ImagesSection images={images.section} />}
      onSave={images.onSave}
    />
  );
}
