import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifier';
import { hrefs } from '../../../config/paths';
import type { DescribedError } from '../../../lib/errors';
import { describeError } from '../../../lib/errors';
import type {
  ShowcaseField,
  ShowcaseFormValues,
  ShowcaseInput,
  ShowcaseStatus,
} from '@showcase/schema';
import { publicNameOf } from '../../../lib/firebase/profiles';
import { createShowcase, updateShowcase } from '../../../lib/firebase/showcases';
import { useFirestore } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import { forgetRejectedForm, rememberRejectedForm } from '../rejected-forms';
import type { FieldConflict } from '../save-plan';
import { planSave, settleConflict } from '../save-plan';

export type SaveState =
  | { phase: 'idle' }
  /** Written to the local cache; `slow` once the server has not answered for a while. */
  | { phase: 'saving'; status: ShowcaseStatus; slow: boolean }
  /** Nothing written: fields the user changed were also changed elsewhere; `against` is theirs. */
  | {
      phase: 'conflict';
      status: ShowcaseStatus;
      conflicts: FieldConflict[];
      against: ShowcaseInput;
    }
  | { phase: 'failed'; status: ShowcaseStatus; error: DescribedError };

/** How long a write may take before the form says it is waiting for the server. */
const SLOW_WRITE_MS = 2_500;

/**
 * Saves a showcase under its client-chosen id and waits for the server. The form stays as typed
 * until the server confirms; a rejection restores the editable form with the designed message.
 * The first save creates the document; once the server has it, later saves update it.
 *
 * An edit (`current` given: the live document) writes only the fields the user changed since the
 * form started, and stops at a conflict when one of them was changed elsewhere meanwhile
 * (save-plan.ts), until the user settles each field.
 */
export function useSaveShowcase(
  id: string,
  mode: 'create' | 'update',
  current: ShowcaseInput | null = null,
) {
  const db = useFirestore();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const created = useRef(mode === 'update');
  const inFlight = useRef(false);
  // The version the form started from, and the latest one this device knows.
  const base = useRef(current);
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  }, [current]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function save(
    input: ShowcaseInput,
    status: ShowcaseStatus,
    values: ShowcaseFormValues,
  ): Promise<void> {
    if (inFlight.current) return; // No double submits, whatever the buttons say.
    let changes: Partial<ShowcaseInput> = input;
    if (base.current && latest.current) {
      const plan = planSave(base.current, input, latest.current);
      if (plan.kind === 'conflict') {
        setState({ phase: 'conflict', status, conflicts: plan.conflicts, against: latest.current });
        return;
      }
      changes = plan.changes;
    }
    inFlight.current = true;
    setState({ phase: 'saving', status, slow: false });
    const slowTimer = setTimeout(() => {
      if (mounted.current)
        setState((current) => (current.phase === 'saving' ? { ...current, slow: true } : current));
    }, SLOW_WRITE_MS);
    const owner = { uid: user.uid, name: publicNameOf(user) };
    try {
      if (created.current) await updateShowcase(db, id, changes, status, owner);
      else await createShowcase(db, id, input, status, owner);
      created.current = true;
      forgetRejectedForm(id);
      notify({
        severity: 'success',
        message: status === 'published' ? 'Your showcase is published.' : 'Draft saved.',
      });
      if (mounted.current) {
        setState({ phase: 'idle' });
        navigate(hrefs.showcase(id), { replace: true });
      }
    } catch (error) {
      const described = describeError(error);
      if (mounted.current) {
        setState({ phase: 'failed', status, error: described });
      } else {
        // The user left while the write was queued: keep what they typed for the way back.
        rememberRejectedForm(id, values);
        notify({
          severity: 'error',
          message: `“${input.title}” was not saved. ${described.message}`,
          action: {
            label: 'Open it',
            onClick: () =>
              navigate(
                created.current ? hrefs.editShowcase(id) : `/new?id=${encodeURIComponent(id)}`,
              ),
          },
        });
      }
    } finally {
      clearTimeout(slowTimer);
      inFlight.current = false;
    }
  }

  /** The user chose a version of `field` (the form already holds it): it no longer conflicts. */
  function settle(field: ShowcaseField): void {
    if (state.phase !== 'conflict' || !base.current) return;
    base.current = settleConflict(base.current, state.against, field);
    const conflicts = state.conflicts.filter((conflict) => conflict.field !== field);
    setState(conflicts.length > 0 ? { ...state, conflicts } : { phase: 'idle' });
  }

  return { state, save, settle };
}
