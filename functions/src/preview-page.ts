// The pure core of link previews: which document an address names, what its preview says, and
// the built index.html rewritten with it. No I/O: the transport (serve.ts) reads the one document
// and writes the answer.
import type {
  PlainFields,
  PlainValue,
  RestFields,
  Showcase,
  ShowcaseImage,
} from '@showcase/schema';
import {
  isDocumentId,
  readProfileAudience,
  readShowcase,
  safeHttpUrl,
  toFields,
} from '@showcase/schema';

/** An address with a preview of its own: a showcase's page or a maker's profile. */
export type PreviewRoute = { kind: 'showcase'; id: string } | { kind: 'maker'; uid: string };

/**
 * The route of `/s/:id` or `/u/:uid` (one segment, percent-decoded), or null for any other path
 * or an id no document can have (then no read is made).
 */
export function matchPreviewRoute(pathname: string): PreviewRoute | null {
  const match = /^\/([su])\/([^/]+)\/?$/u.exec(pathname);
  if (match === null) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  if (!isDocumentId(id)) return null;
  return match[1] === 's' ? { kind: 'showcase', id } : { kind: 'maker', uid: id };
}

/** The one document a route's preview reads. */
export function previewDocumentPath(route: PreviewRoute): string {
  return route.kind === 'showcase' ? `showcases/${route.id}` : `users/${route.uid}`;
}

/** The tags a page's head carries, as plain text (escaped when written). */
export type PreviewHead = {
  /** The document title, `<what> · Showcase`. */
  documentTitle: string;
  title: string;
  description: string;
  /** Absolute. */
  url: string;
  type: 'article' | 'profile';
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
};

/**
 * What the function answers: 200 with the page's own head (and, for a showcase, its document
 * inlined for the first paint), or 404 with the site's generic head.
 */
export type Preview =
  | { status: 200; head: PreviewHead; inline: InlineDocument | null }
  | { status: 404; head: null; inline: null };

/**
 * The document as Firestore's REST API would answer a GET of it: what the first paint reads
 * when nothing is inlined, so it reads an inlined one with the same code.
 */
export type InlineDocument = { name: string; fields: RestFields };

export const NOT_FOUND: Preview = { status: 404, head: null, inline: null };

/** Longest description a preview carries (chat apps show two or three lines). */
export const DESCRIPTION_MAX = 200;
/** The og:image width crawlers ask for (Open Graph's and X's large card: 1200 × 630). */
export const PREVIEW_IMAGE_WIDTH = 1200;

/** Whitespace collapsed, cut at a word boundary to `max` characters with an ellipsis. */
export function previewText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const characters = [...flat];
  if (characters.length <= max) return flat;
  const cut = characters.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/u, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

/**
 * The cover's stored width closest to 1200 px (the wider of two equally close), with its height
 * from the image's ratio.
 */
export function previewImageSize(
  image: ShowcaseImage,
): { url: string; width: number; height: number } | null {
  let best: ShowcaseImage['sizes'][number] | null = null;
  for (const size of image.sizes) {
    const distance = Math.abs(size.width - PREVIEW_IMAGE_WIDTH);
    const bestDistance = best === null ? Infinity : Math.abs(best.width - PREVIEW_IMAGE_WIDTH);
    if (distance < bestDistance || (distance === bestDistance && size.width > best!.width))
      best = size;
  }
  if (best === null) return null;
  return {
    url: best.url,
    width: best.width,
    height: Math.round((best.width * image.height) / image.width),
  };
}

function showcaseImage(showcase: Showcase): PreviewHead['image'] {
  const cover = showcase.images[0];
  if (cover !== undefined) {
    const size = previewImageSize(cover);
    if (size !== null) return { ...size, alt: cover.alt || `Cover image of “${showcase.title}”` };
  }
  const legacy = safeHttpUrl(showcase.imageUrl);
  if (legacy === null) return null;
  return { url: legacy, width: null, height: null, alt: showcase.imageAlt || showcase.title };
}

/**
 * The stored fields a first paint reads: all but the search terms (up to 200 prefixes nobody
 * draws) and the comment-counter bookkeeping, which would only make every page heavier.
 */
const NOT_INLINED = new Set(['searchTerms', 'lastCommentWrite']);

function inlineFields(data: Readonly<Record<string, unknown>>): PlainFields {
  const fields: PlainFields = {};
  for (const [key, value] of Object.entries(data))
    if (!NOT_INLINED.has(key)) fields[key] = value as PlainValue;
  return fields;
}

/** Firestore's name of a document, as REST answers carry it. */
export function documentName(projectId: string, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `projects/${projectId}/databases/(default)/documents/${encoded}`;
}

/**
 * The preview of a route from its one document (`null`: there is none). A showcase that is not
 * published, and a maker without a public profile, answer 404 with the site's generic head, as
 * an unknown id does: a preview never tells a draft from nothing.
 */
export function previewFor(
  route: PreviewRoute,
  data: Readonly<Record<string, unknown>> | null,
  { origin, projectId }: { origin: string; projectId: string },
): Preview {
  if (data === null) return NOT_FOUND;
  if (route.kind === 'showcase') {
    const showcase = readShowcase(route.id, data, false);
    if (showcase.status !== 'published' || showcase.title === '') return NOT_FOUND;
    const by = showcase.ownerName ? ` by ${showcase.ownerName}` : '';
    return {
      status: 200,
      head: {
        documentTitle: `${showcase.title} · Showcase`,
        title: showcase.title,
        description: previewText(showcase.description) || `${showcase.title}${by}, on Showcase.`,
        url: `${origin}/s/${encodeURIComponent(route.id)}`,
        type: 'article',
        image: showcaseImage(showcase),
      },
      inline: {
        name: documentName(projectId, previewDocumentPath(route)),
        fields: toFields(inlineFields(data)),
      },
    };
  }
  const name = typeof data.displayName === 'string' ? data.displayName.trim() : '';
  if (name === '') return NOT_FOUND;
  const { bio } = readProfileAudience(data);
  const photo = safeHttpUrl(data.photoURL);
  return {
    status: 200,
    head: {
      documentTitle: `${name} · Showcase`,
      title: name,
      description: previewText(bio) || `Showcases by ${name}, on Showcase.`,
      url: `${origin}/u/${encodeURIComponent(route.uid)}`,
      type: 'profile',
      image: photo === null ? null : { url: photo, width: null, height: null, alt: name },
    },
    inline: null,
  };
}

// ---- the page ------------------------------------------------------------------------------

/** Text for an HTML attribute value or element content: every character that could end either. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * JSON inside `<script type="application/json">`: `<` escaped so no `</script>` or `<!--` in a
 * value can end or change the element (JSON.parse reads `\u003c` back as `<`).
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The id of the element holding an inlined document; the first paint reads it (`first-paint/`). */
export const INLINE_DATA_ID = 'first-paint-data';

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The head tags a preview adds or replaces, in the order written. */
export function headTags(head: PreviewHead, fallbackImage: string): string[] {
  const image = head.image ?? { url: fallbackImage, width: 1200, height: 630, alt: 'Showcase' };
  return [
    `<title>${escapeHtml(head.documentTitle)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Showcase'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:image', image.url),
    ...(image.width === null ? [] : [meta('property', 'og:image:width', String(image.width))]),
    ...(image.height === null ? [] : [meta('property', 'og:image:height', String(image.height))]),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
}

/** The site's own tags in the built index.html that a page's preview replaces. */
const REPLACED_TAGS = [
  /\s*<title>[^<]*<\/title>/gu,
  /\s*<meta\s+name="description"[^>]*>/gu,
  /\s*<link\s+rel="canonical"[^>]*>/gu,
  /\s*<meta\s+property="og:[^"]*"[^>]*>/gu,
  /\s*<meta\s+name="twitter:[^"]*"[^>]*>/gu,
];

/**
 * The built index.html with the preview's head: the site's title, description, og:* and
 * twitter:* tags replaced by the page's, and the inlined document (if any) placed before the
 * first script so the first paint finds it when it runs. A 404 keeps the site's tags.
 */
export function renderPreviewPage(indexHtml: string, preview: Preview, origin: string): string {
  if (preview.status === 404) return indexHtml;
  const fallbackImage = siteImage(indexHtml, origin);
  let html = indexHtml;
  for (const pattern of REPLACED_TAGS) html = html.replace(pattern, '');
  const tags = headTags(preview.head, fallbackImage).map((tag) => `    ${tag}`);
  if (preview.inline !== null) {
    tags.push(
      `    <script type="application/json" id="${INLINE_DATA_ID}">${inlineJson(preview.inline)}</script>`,
    );
  }
  const at = html.search(/<script\b|<\/head>/u);
  if (at < 0) return indexHtml;
  return `${html.slice(0, at)}${tags.join('\n').trimStart()}\n    ${html.slice(at)}`;
}

/** The site's generic og:image, absolute (index.html holds it site-relative without VITE_SITE_URL). */
function siteImage(indexHtml: string, origin: string): string {
  const found = /<meta\s+property="og:image"\s+content="([^"]*)"/u.exec(indexHtml)?.[1];
  const image = found ?? '/og-image.png';
  return image.startsWith('/') ? `${origin}${image}` : image;
}

/** Plain values for `toFields`: what the Admin SDK's reader hands over, minus its classes. */
export function plainFromAdmin(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(plainFromAdmin);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown> & { toDate?: () => Date };
    // A Timestamp (the Admin SDK's class; checked by shape so the core needs no SDK).
    if (typeof object.toDate === 'function') return object.toDate();
    const plain: Record<string, PlainValue> = {};
    for (const [key, item] of Object.entries(object)) plain[key] = plainFromAdmin(item);
    return plain;
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
    return value;
  return null;
}
