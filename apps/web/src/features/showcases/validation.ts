import { MAX_URL_LENGTH, safeHttpUrl } from './safe-url';

// Limits mirror firestore.rules (product.md §4); the server enforces them, the form explains them.
export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 24;
const TAG_PATTERN = /^[a-z0-9-]{1,24}$/;

/** What the form holds: raw strings exactly as typed. */
export type ShowcaseFormValues = {
  title: string;
  description: string;
  url: string;
  imageUrl: string;
  tags: string;
};

/** What gets written: trimmed, normalized, valid. */
export type ShowcaseFields = {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  tags: string[];
};

export type ShowcaseFieldErrors = Partial<Record<keyof ShowcaseFormValues, string>>;

export type ShowcaseFormResult =
  { ok: true; value: ShowcaseFields } | { ok: false; errors: ShowcaseFieldErrors };

export const emptyShowcaseForm: ShowcaseFormValues = {
  title: '',
  description: '',
  url: '',
  imageUrl: '',
  tags: '',
};

/** Counts user-perceived characters the way the rules' `size()` does for strings (code points). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * Splits the Tags field on commas and whitespace, lower-cases (tags are case-insensitive to the
 * reader, and the rules only accept lower case) and drops duplicates, keeping the typed order.
 */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\s,]+/u)) {
    const tag = raw.trim().replace(/^#/, '').toLowerCase();
    if (tag.length > 0) seen.add(tag);
  }
  return [...seen];
}

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

export function validateShowcaseForm(values: ShowcaseFormValues): ShowcaseFormResult {
  const errors: ShowcaseFieldErrors = {};

  const title = values.title.trim();
  if (title.length === 0) errors.title = 'Give your showcase a title.';
  else if (characterCount(title) > TITLE_MAX)
    errors.title = `Keep the title to ${TITLE_MAX} characters (now ${characterCount(title)}).`;

  const description = values.description.trim();
  if (characterCount(description) > DESCRIPTION_MAX)
    errors.description = `Keep the description to ${DESCRIPTION_MAX.toLocaleString('en')} characters (now ${characterCount(description).toLocaleString('en')}).`;

  const urlText = values.url.trim();
  const url = safeHttpUrl(urlText);
  if (urlText.length === 0) errors.url = 'Add a link where people can see what you made.';
  else if (urlText.length > MAX_URL_LENGTH)
    errors.url = `Links can be at most ${MAX_URL_LENGTH} characters.`;
  else if (url === null) errors.url = 'Use a full web address starting with http:// or https://.';

  const imageText = values.imageUrl.trim();
  const imageUrl = imageText.length === 0 ? null : safeHttpUrl(imageText);
  if (imageText.length > MAX_URL_LENGTH)
    errors.imageUrl = `Image URLs can be at most ${MAX_URL_LENGTH} characters.`;
  else if (imageText.length > 0 && imageUrl === null)
    errors.imageUrl =
      'Use a full image address starting with http:// or https://, or leave it empty.';

  const tags = parseTags(values.tags);
  const badTag = tags.find((tag) => !TAG_PATTERN.test(tag));
  if (tags.length > TAGS_MAX) errors.tags = `Use at most ${TAGS_MAX} tags (now ${tags.length}).`;
  else if (badTag !== undefined)
    errors.tags =
      badTag.length > TAG_MAX_LENGTH
        ? `Tags can be at most ${TAG_MAX_LENGTH} characters: "${badTag}".`
        : `Tags may use only letters a–z, digits and hyphens: "${badTag}".`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { title, description, url: url ?? urlText, imageUrl, tags },
  };
}
