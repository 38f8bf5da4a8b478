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

/** A field's value as the conflict panel shows it (tags as one line, images described). */
export function fieldText(input: ShowcaseInput, field: ShowcaseField): string {
  if (field === 'images') return imagesText(input.images);
  if (field === 'tags') return formatTags(input.tags);
  return input[field];
}

/** Images as words: how many, and the cover's description when it has one. */
function imagesText(images: ShowcaseInput['images']): string {
  if (images.length === 0) return '';
  const count = images.length === 1 ? '1 image' : `${images.length} images`;
  const cover = images[0]!.alt.trim();
  return cover === '' ? count : `${count}, the cover: ${cover}`;
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
