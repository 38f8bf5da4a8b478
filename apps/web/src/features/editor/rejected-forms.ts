import type { ShowcaseFormValues } from '@showcase/schema';

// Form contents whose save the server rejected after the user had left the form. Kept in memory
// for this tab only, so "Open it" on the error brings back exactly what was typed.
const rejected = new Map<string, ShowcaseFormValues>();

export function rememberRejectedForm(id: string, values: ShowcaseFormValues): void {
  rejected.set(id, values);
}

export function rejectedFormFor(id: string): ShowcaseFormValues | undefined {
  return rejected.get(id);
}

export function forgetRejectedForm(id: string): void {
  rejected.delete(id);
}
