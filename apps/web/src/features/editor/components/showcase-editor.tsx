import type { ShowcaseFormValues, ShowcaseStatus } from '@showcase/schema';
import type { StoredShowcaseInput } from '../hooks/use-save-showcase';
import { useSaveShowcase } from '../hooks/use-save-showcase';
import { ShowcaseForm } from './showcase-form';

type ShowcaseEditorProps = {
  id: string;
  mode: 'create' | 'update';
  initial: ShowcaseFormValues;
  /** The stored showcase, live (edits only): saves write what changed and detect conflicts. */
  current?: StoredShowcaseInput & { status: ShowcaseStatus };
};

/** The form wired to the save: shared by /new and /s/:id/edit. */
export function ShowcaseEditor({ id, mode, initial, current }: ShowcaseEditorProps) {
  const { state, save, settle } = useSaveShowcase(id, mode, current ?? null);
  return (
    <ShowcaseForm
      initial={initial}
      published={current?.status === 'published'}
      saveState={state}
      onSettle={settle}
      onSave={(fields, intent, values) => {
        void save(fields, intent, values);
      }}
    />
  );
}
