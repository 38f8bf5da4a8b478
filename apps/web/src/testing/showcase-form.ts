/** Filling the showcase form (/new, /s/:id/edit) field by field, as a person types. */
import type { ShowcaseFormValues } from '@showcase/schema';
import { page } from 'vitest/browser';

/** What to type into the showcase form (only the given fields are touched). */
export type ShowcaseFormInput = Partial<ShowcaseFormValues>;

export async function fillShowcaseForm(input: ShowcaseFormInput): Promise<void> {
  const fields: [keyof ShowcaseFormInput, string][] = [
    ['title', 'Title'],
    ['description', 'Description'],
    ['url', 'Link'],
    ['imageUrl', 'Image URL'],
    ['imageAlt', 'Image description'],
    ['tags', 'Tags'],
  ];
  for (const [key, name] of fields) {
    const value = input[key];
    if (value !== undefined) await page.getByRole('textbox', { name, exact: true }).fill(value);
  }
}

/** The id of the showcase whose page (`/s/:id`) or form (`/s/:id/edit`, `/new?id=`) is open. */
export function openShowcaseId(): string {
  const { pathname, search } = window.location;
  const id = pathname.startsWith('/s/')
    ? pathname.split('/')[2]
    : new URLSearchParams(search).get('id');
  if (!id) throw new Error(`No showcase is open at ${pathname}${search}`);
  return id;
}
