import { IMAGE_ALT_MAX, IMAGES_MAX, type ShowcaseImage } from './images.js';
import type {
  ShowcaseFieldErrors,
  ShowcaseFormResult,
  ShowcaseFormValues,
  ShowcaseInput,
  ShowcaseStatus,
} from './showcase.js';
import { DESCRIPTION_MAX, parseTags, TITLE_MAX, tagsProblem } from './showcase.js';
import { characterCount, safeHttpUrl, URL_MAX_LENGTH } from './web-url.js';

// The showcase form: its values, how typed text becomes fields, and its validation, apart from
// showcase.ts (the stored shape and its reader), which every screen that shows a showcase loads.

export const emptyShowcaseForm: ShowcaseFormValues = {
  title: '',
  description: '',
  url: '',
  tags: '',
};

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** The form's text values for a stored showcase (editing starts from what is saved). */
export function showcaseFormValues(showcase: ShowcaseInput): ShowcaseFormValues {
  return {
    title: showcase.title,
    description: showcase.description,
    url: showcase.url,
    tags: formatTags(showcase.tags),
  };
}

/**
 * A link typed without its scheme (`example.com/work`) completed to `https://example.com/work`,
 * or null when the text already has one, is empty, or would not be a web address even so. The
 * form shows the completed address in the field and says it did so.
 */
export function completeWebAddress(text: string): string | null {
  const typed = text.trim();
  if (typed.length === 0 || /^[a-z][a-z0-9+.-]*:/i.test(typed)) return null;
  // A host needs a dot (`example.com`, not `lamp`), and `//host` is a scheme-relative address.
  const host = /^([^/?#\s]+)/.exec(typed.replace(/^\/\//, ''))?.[1] ?? '';
  if (!/^[^.]+\.[^.]/.test(host)) return null;
  const completed = `https://${typed.replace(/^\/\//, '')}`;
  return safeHttpUrl(completed) === null ? null : completed;
}

const titleProblem = (title: string): string | undefined => {
  if (title.length === 0) return 'Give your showcase a title.';
  const count = characterCount(title);
  if (count > TITLE_MAX) return `Keep the title to ${TITLE_MAX} characters (now ${count}).`;
  return undefined;
};

const descriptionProblem = (description: string): string | undefined => {
  const count = characterCount(description);
  if (count <= DESCRIPTION_MAX) return undefined;
  return `Keep the description to ${DESCRIPTION_MAX.toLocaleString('en')} characters (now ${count.toLocaleString('en')}).`;
};

const imagesProblem = (images: readonly ShowcaseImage[]): string | undefined => {
  if (images.length > IMAGES_MAX)
    return `Use at most ${IMAGES_MAX} images (now ${images.length}). Remove ${images.length - IMAGES_MAX}.`;
  const long = images.findIndex((image) => characterCount(image.alt.trim()) > IMAGE_ALT_MAX);
  if (long === -1) return undefined;
  return `Keep each image description to ${IMAGE_ALT_MAX} characters (image ${long + 1} has ${characterCount(images[long]!.alt.trim())}).`;
};

/**
 * A tag typed with a space in it (`web design`): the form says how to write it rather than
 * silently making two tags of it.
 */
export const tagSpaceProblem = (text: string): string | undefined => {
  const spaced = text
    .split(',')
    .map((piece) => piece.trim())
    .find((piece) => /\s/u.test(piece));
  if (spaced === undefined) return undefined;
  const hyphenated = spaced.split(/\s+/u).join('-').replace(/^#/, '').toLowerCase();
  return `Tags cannot contain spaces: "${spaced}". Use a hyphen for one tag (${hyphenated}) or a comma between tags.`;
};

/**
 * Checks the form for a save with `status` and, when it is valid, returns the normalized fields
 * to save. A draft needs only a title: its link may stay empty until it is published (a link
 * that is typed must still be a web address, since it is stored as typed; the form completes
 * `example.com` to `https://example.com` before it checks, with `completeWebAddress`).
 */
export function validateShowcaseForm(
  values: ShowcaseFormValues,
  status: ShowcaseStatus = 'published',
  images: readonly ShowcaseImage[] = [],
): ShowcaseFormResult {
  const errors: ShowcaseFieldErrors = {};

  errors.images = imagesProblem(images);

  const title = values.title.trim();
  errors.title = titleProblem(title);

  const description = values.description.trim();
  errors.description = descriptionProblem(description);

  const urlText = values.url.trim();
  const url = safeHttpUrl(urlText);
  if (urlText.length === 0) {
    if (status === 'published') errors.url = 'Add a link where people can see what you made.';
  } else if (urlText.length > URL_MAX_LENGTH)
    errors.url = `Links can be at most ${URL_MAX_LENGTH} characters.`;
  else if (url === null) errors.url = 'Use a full web address starting with http:// or https://.';

  const tags = parseTags(values.tags);
  errors.tags = tagSpaceProblem(values.tags) ?? tagsProblem(tags);

  const present = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as ShowcaseFieldErrors;
  if (Object.keys(present).length > 0) return { ok: false, errors: present };
  return {
    ok: true,
    value: {
      images: images.map((image) => ({ ...image, alt: image.alt.trim() })),
      title,
      description,
      url: url ?? urlText,
      tags,
    },
  };
}
