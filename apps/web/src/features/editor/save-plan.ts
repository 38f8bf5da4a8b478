import type { ShowcaseField, ShowcaseInput } from '@showcase/schema';
import { changedShowcaseFields, formatTags } from '@showcase/schema';

/**
 * What an edit writes, decided field by field against three versions of the showcase:
 * - `base`: the version the form started from (moved forward field by field as the user
 *   settles conflicts);
 * - `mine`: what the form holds now;
 * - `current`: the document as this device knows it now (the server's latest, plus writes
 *   still queued here, from any tab).
 *
 * Only fields the user changed are written, so a concurrent edit of another field survives.
 * A field the user changed that was also changed elsewhere since `base`, to another value, is
 * a conflict: nothing is written until the user picks a version of each.
 */
export type FieldConflict = { field: ShowcaseField; theirs: string; mine: string };

export type SavePlan =
  | { kind: 'write'; changes: Partial<ShowcaseInput> }
  | { kind: 'conflict'; conflicts: FieldConflict[] };

/** A field's value as the form shows it (tags as one line, no image as empty). */
export function fieldText(input: ShowcaseInput, field: ShowcaseField): string {
  const value = input[field];
  if (value === null) return '';
  return Array.isArray(value) ? formatTags(value) : value;
}

export function planSave(
  base: ShowcaseInput,
  mine: ShowcaseInput,
  current: ShowcaseInput,
): SavePlan {
  const changedHere = changedShowcaseFields(base, mine);
  const changedElsewhere = new Set(changedShowcaseFields(base, current));
  const differsNow = new Set(changedShowcaseFields(current, mine));
  const conflicts = changedHere
    .filter((field) => changedElsewhere.has(field) && differsNow.has(field))
    .map((field) => ({ field, theirs: fieldText(current, field), mine: fieldText(mine, field) }));
  if (conflicts.length > 0) return { kind: 'conflict', conflicts };
  const changes: Partial<Record<ShowcaseField, unknown>> = {};
  for (const field of changedHere) if (differsNow.has(field)) changes[field] = mine[field];
  return { kind: 'write', changes: changes as Partial<ShowcaseInput> };
}

/** The user settled a conflict: from now on `field` counts as changed against `current`. */
export function settleConflict(
  base: ShowcaseInput,
  current: ShowcaseInput,
  field: ShowcaseField,
): ShowcaseInput {
  return { ...base, [field]: current[field] };
}
