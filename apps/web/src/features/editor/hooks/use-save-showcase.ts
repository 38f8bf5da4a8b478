import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifier';
import { hrefs } from '../../../config/paths';
import type { DescribedError } from '../../../lib/errors';
import { describeError } from '../../../lib/errors';
import type { Showcase, ShowcaseField, ShowcaseInput, ShowcaseStatus } from '@showcase/schema';
import { publicNameOf } from '../../../lib/firebase/profiles';
import { connectionStore } from '../../../lib/firebase/connection-store';
import type { ShowcaseOwner } from '../../../lib/firebase/showcases';
import {
  createShowcase,
  showcaseOnDevice,
  updateShowcase,
  updateShowcaseChecked,
} from '../../../lib/firebase/showcase-writes';
import { useFirestore } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import type { RejectedForm } from '../rejected-forms';
import { forgetRejectedForm, rememberRejectedForm } from '../rejected-forms';
import type { SaveIntent } from '../save-intent';
import { intentText, statusAfter } from '../save-intent';
import type { FieldConflict, SavePlan } from '../save-plan';
import { planSave, settleConflict } from '../save-plan';
import { whileLive } from '../while-live';

/** The stored showcase an edit starts from: its editable fields and its search terms. */
export type StoredShowcaseInput = ShowcaseInput & Pick<Showcase, 'searchTerms'>;

export type SaveState =
  | { phase: 'idle' }
  /** Written to the local cache; `slow` once the server has not answered for a while. */
  | { phase: 'saving'; intent: SaveIntent; slow: boolean }
  /** Nothing written: fields the user changed were also changed elsewhere; `against` is theirs. */
  | {
      phase: 'conflict';
      intent: SaveIntent;
      conflicts: FieldConflict[];
      against: ShowcaseInput;
    }
  | { phase: 'failed'; intent: SaveIntent; error: DescribedError };

/** How long a write may take before the form says it is waiting for the server. */
const SLOW_WRITE_MS = 2_500;

/**
 * Saves a showcase under its client-chosen id and waits for the server. The form stays as typed
 * until the server confirms; a rejection restores the editable form with the designed message.
 * The first save creates the document; once the server has it, later saves update it.
 *
 * An edit (`current` given: the live document) writes only the fields the user changed since the
 * form started, and stops at a conflict when one of them was changed elsewhere meanwhile
 * (save-plan.ts), until the user settles each field. While Live the comparison is made with the
 * server's version inside a transaction, so a save from another device that has not reached
 * this one yet is not overwritten; otherwise with the live document, and the write queues.
 */
export function useSaveShowcase(
  id: string,
  mode: 'create' | 'update',
  current: StoredShowcaseInput | null = null,
) {
  const db = useFirestore();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const created = useRef(mode === 'update');
  const inFlight = useRef(false);
  // The version the form started from, and the latest one this device knows.
  const base = useRef<ShowcaseInput | null>(current);
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
    intent: SaveIntent,
    form: RejectedForm,
  ): Promise<boolean> {
    if (inFlight.current) return false; // No double submits, whatever the buttons say.
    const status = statusAfter(intent);
    const startedFrom = base.current;
    const showConflict = (plan: SavePlan & { kind: 'conflict' }, against: ShowcaseInput) => {
      if (mounted.current)
        setState({ phase: 'conflict', intent, conflicts: plan.conflicts, against });
    };
    inFlight.current = true;
    setState({ phase: 'saving', intent, slow: false });
    const slowTimer = setTimeout(() => {
      if (mounted.current)
        setState((current) => (current.phase === 'saving' ? { ...current, slow: true } : current));
    }, SLOW_WRITE_MS);
    const owner = { uid: user.uid, name: publicNameOf(user) };
    try {
      if (!created.current) await createShowcase(db, id, input, status, owner);
      else {
        // Against the server's version when Live: this device's view may be the stale one.
        const checked = startedFrom
          ? await saveChecked(startedFrom, input, status, owner)
          : { kind: 'queue' as const };
        if (checked.kind === 'conflict') {
          showConflict(checked.plan, checked.against);
          return false;
        }
        if (checked.kind === 'queue') {
          // Planned against the device's cache, the best this device knows while queued: it
          // holds another tab's queued save even before this tab's listener has heard of it.
          const local = (await showcaseOnDevice(db, id)) ?? latest.current;
          let changes: Partial<ShowcaseInput> = input;
          if (startedFrom && local) {
            const plan = planSave(startedFrom, input, local);
            if (plan.kind === 'conflict') {
              showConflict(plan, local);
              return false;
            }
            changes = plan.changes;
          }
          await updateShowcase(db, id, changes, local, status, owner);
        }
      }
      created.current = true;
      forgetRejectedForm(id);
      notify({ severity: 'success', message: intentText[intent].saved });
      if (mounted.current) {
        setState({ phase: 'idle' });
        navigate(hrefs.showcase(id), { replace: true });
      }
      return true;
    } catch (error) {
      const described = describeError(error);
      if (mounted.current) {
        setState({ phase: 'failed', intent, error: described });
      } else {
        // The user left while the write was queued: keep what they typed for the way back.
        rememberRejectedForm(id, form);
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
      return false;
    } finally {
      clearTimeout(slowTimer);
      inFlight.current = false;
    }
  }

  /**
   * The edit compared with the server's version and written in one transaction, while Live.
   * `queue`: not Live, or the connection dropped before the server answered; the save then goes
   * on as the queued write of the offline case. The user pressed Save and this app keeps saves
   * on the device until the server is back, so that is what they expect, rather than the form
   * handed back with an error to retry by hand. Also `queue` when the server has no such
   * showcase: its refusal of the update tells the form it is gone, as before.
   */
  async function saveChecked(
    startedFrom: ShowcaseInput,
    input: ShowcaseInput,
    status: ShowcaseStatus,
    owner: ShowcaseOwner,
  ): Promise<
    | { kind: 'written' | 'queue' }
    | { kind: 'conflict'; plan: SavePlan & { kind: 'conflict' }; against: ShowcaseInput }
  > {
    // The plan of the transaction's last run (the SDK runs it again when the document moved).
    const last: { plan?: SavePlan; server?: ShowcaseInput } = {};
    const outcome = await whileLive(
      (abandoned) =>
        updateShowcaseChecked(
          db,
          id,
          (server) => {
            // Queued meanwhile: a retry must not write it a second time.
            if (abandoned()) throw new Error('The save went on as a queued write.');
            last.plan = planSave(startedFrom, input, server);
            last.server = server;
            return last.plan.kind === 'write' ? last.plan.changes : null;
          },
          status,
          owner,
        ),
      connectionStore(),
    );
    if (outcome.kind === 'dropped' || outcome.value === 'missing') return { kind: 'queue' };
    if (outcome.value === 'written') return { kind: 'written' };
    const { plan, server } = last;
    if (plan?.kind !== 'conflict' || !server) throw new Error('A declined save has no conflict.');
    return { kind: 'conflict', plan, against: server };
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
