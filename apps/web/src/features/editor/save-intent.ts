import type { ShowcaseStatus } from '@showcase/schema';

/**
 * What the user asked a save to do. A new or draft showcase is published or kept as a draft; a
 * published one keeps its status when its changes are saved, and becomes a draft only when the
 * user unpublishes it on purpose (after a confirmation). No save changes the status silently.
 */
export type SaveIntent = 'publish' | 'save-draft' | 'save-changes' | 'unpublish';

/** The form's two actions: the submit button first (Enter in a field), then the other one. */
export type SaveActions = readonly [submit: SaveIntent, other: SaveIntent];

const UNPUBLISHED_ACTIONS: SaveActions = ['publish', 'save-draft'];
const PUBLISHED_ACTIONS: SaveActions = ['save-changes', 'unpublish'];

/** The actions a showcase offers while it is (or is not) published. */
export function saveActions(published: boolean): SaveActions {
  return published ? PUBLISHED_ACTIONS : UNPUBLISHED_ACTIONS;
}

/** The actions shown while a save with `intent` runs: the ones it was started from. */
export function actionsOf(intent: SaveIntent): SaveActions {
  return PUBLISHED_ACTIONS.includes(intent) ? PUBLISHED_ACTIONS : UNPUBLISHED_ACTIONS;
}

/** The status a save with `intent` writes (and validates for: a draft needs only a title). */
export function statusAfter(intent: SaveIntent): ShowcaseStatus {
  return intent === 'publish' || intent === 'save-changes' ? 'published' : 'draft';
}

/** Each intent's words: its button, its confirmation, its failure, its offline note. */
export const intentText: Record<
  SaveIntent,
  { label: string; saved: string; failed: string; queued: string }
> = {
  publish: {
    label: 'Publish',
    saved: 'Your showcase is published.',
    failed: 'Not published',
    queued: "Saved on this device, will publish when you're back online.",
  },
  'save-draft': {
    label: 'Save draft',
    saved: 'Draft saved.',
    failed: 'Not saved',
    queued: "Saved on this device, will sync when you're back online.",
  },
  'save-changes': {
    label: 'Save changes',
    saved: 'Changes saved.',
    failed: 'Not saved',
    // The changes of a published showcase go public when they reach the server.
    queued: "Saved on this device, will publish when you're back online.",
  },
  unpublish: {
    label: 'Unpublish',
    saved: 'Unpublished. It is a draft now: only you can see it.',
    failed: 'Not unpublished',
    queued: "Saved on this device, will unpublish when you're back online.",
  },
};
