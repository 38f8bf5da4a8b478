import type { ShowcaseFormValues, ShowcaseImage } from '@showcase/schema';

/** What the form held: its text fields as typed and its images. */
export type RejectedForm = { values: ShowcaseFormValues; images: ShowcaseImage[] };

// Form contents whose save the server rejected after the user had left the form. Kept in memory
// for this tab only, so "Open it" on the error brings back exactly what was typed and picked.
const rejected = new Map<string, RejectedForm>();

export function rememberRejectedForm(id: string, form: RejectedForm): void {
  rejected.set(id, form);
}

export function rejectedFormFor(id: string): RejectedForm | undefined {
  return rejected.get(id);
}

export function forgetRejectedForm(id: string): void {
  rejected.delete(id);
}
