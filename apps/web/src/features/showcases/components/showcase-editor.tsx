import type { ShowcaseFormValues } from '@showcase/schema';
import { useSaveShowcase } from '../hooks/use-save-showcase';
import { ShowcaseForm } from './showcase-form';

type ShowcaseEditorProps = { id: string; mode: 'create' | 'update'; initial: ShowcaseFormValues };

/** The form wired to the save: shared by /new and /s/:id/edit. */
export function ShowcaseEditor({ id, mode, initial }: ShowcaseEditorProps) {
  const { state, save } = useSaveShowcase(id, mode);
  return (
    <ShowcaseForm
      initial={initial}
      saveState={state}
      onSave={(fields, status, values) => {
        void save(fields, status, values);
      }}
    />
  );
}
