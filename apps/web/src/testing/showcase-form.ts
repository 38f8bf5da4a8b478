/** Filling the showcase form (/new, /s/:id/edit) field by field, as a person types. */
import type { ShowcaseFormValues } from '@showcase/schema';
import { page } from 'vitest/browser';

/** What to type into the showcase form (raw text); only the given fields are filled. */
export type FormInput = Partial<ShowcaseFormValues>;

export async function fillShowcaseForm(input: FormInput): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  if (input.title !== undefined) await field('Title').fill(input.title);
  if (input.description !== undefined) await field('Description').fill(input.description);
  if (input.url !== undefined) await field('Link').fill(input.url);
  if (input.tags !== undefined) await field('Tags').fill(input.tags);
}
