import type { ShowcaseDocument, ShowcaseDocumentField } from './showcase.js';
import type { ShowcaseImage } from './images.js';
import {
  IMAGE_ALT_MAX,
  IMAGE_PLACEHOLDER_MAX,
  IMAGE_WIDTHS,
  IMAGES_MAX,
  showcaseImagePath,
  storageDownloadUrl,
} from './images.js';
import {
  DESCRIPTION_MAX,
  OWNER_NAME_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
} from './showcase.js';
import { SEARCH_TERM_MAX_LENGTH, SEARCH_TERMS_MAX, searchTermsFor } from './search-terms.js';
import { URL_MAX_LENGTH } from './web-url.js';

/**
 * A stored showcase for demo data and tests: valid defaults (a published showcase with a link,
 * no image, no tags, no likes, created now) with `overrides` applied. Its `searchTerms` are
 * derived from the resulting title and tags, as the app writes them, unless overridden. It does
 * not validate, so tests can also build hostile documents; `assertShowcaseDocument` checks one.
 */
export function buildShowcase(overrides: Partial<ShowcaseDocument> = {}): ShowcaseDocument {
  const createdAt = overrides.createdAt ?? new Date();
  const title = overrides.title ?? 'A showcase';
  const tags = overrides.tags ?? [];
  const showcase: ShowcaseDocument = {
    title,
    description: '',
    url: 'https://example.com/',
    tags,
    searchTerms: searchTermsFor(title, tags),
    status: 'published',
    ownerUid: 'seed-owner',
    ownerName: 'Seed Owner',
    createdAt,
    updatedAt: createdAt,
    likeCount: 0,
    ...overrides,
  };
  // An explicit `undefined` means "none": the key is absent, as the rules want.
  if (showcase.imageUrl === undefined) delete showcase.imageUrl;
  if (showcase.imageAlt === undefined) delete showcase.imageAlt;
  if (showcase.images === undefined) delete showcase.images;
  return showcase;
}

/** Where the Storage emulator listens by default, and the demo project's bucket. */
export const EXAMPLE_STORAGE_ORIGIN = 'http://127.0.0.1:9199';
export const EXAMPLE_BUCKET = 'demo-showcase.appspot.com';

/**
 * An uploaded image as the device stores it: one download URL per width (narrowest first) under
 * the owner's path for this showcase and image. Defaults: 1600 × 1200, stored at 480, 960 and
 * 1600 px.
 */
export function buildShowcaseImage(
  ownerUid: string,
  showcaseId: string,
  overrides: Partial<ShowcaseImage> & {
    widths?: readonly number[];
    origin?: string;
    bucket?: string;
  } = {},
): ShowcaseImage {
  const {
    widths = IMAGE_WIDTHS.slice(0, 3),
    origin = EXAMPLE_STORAGE_ORIGIN,
    bucket = EXAMPLE_BUCKET,
    ...image
  } = overrides;
  const id = image.id ?? 'image-1';
  return {
    id,
    alt: '',
    width: Math.max(...widths),
    height: Math.round((Math.max(...widths) * 3) / 4),
    placeholder: '',
    sizes: widths.map((width) => ({
      width,
      url: storageDownloadUrl(
        origin,
        bucket,
        showcaseImagePath(ownerUid, showcaseId, id, width),
        `token-${id}-${width}`,
      ),
    })),
    ...image,
  };
}

/** A stored document, or a deliberately broken one: any keys, any values. */
export type ShowcaseExampleData = Readonly<Record<string, unknown>>;

export type ValidShowcaseExample = { readonly name: string; readonly data: ShowcaseExampleData };

export type InvalidShowcaseExample = ValidShowcaseExample & {
  /** The one field whose rule it breaks (`fields`: a missing or unknown key). */
  readonly field: ShowcaseDocumentField | 'fields';
  /**
   * The valid example it differs from in one field: `field` itself, or the one field that
   * rule depends on (an empty link is valid on a draft, not once `status` is published).
   */
  readonly twin: string;
  /**
   * Denied only when written: an update may keep the field as stored (a missing `searchTerms`
   * from before it existed; `images`, checked only when an update changes them).
   */
  readonly onlyOnCreate?: boolean;
};

export type ShowcaseExamples = {
  valid: ValidShowcaseExample[];
  invalid: InvalidShowcaseExample[];
};

const EXAMPLE_TIME = new Date(Date.UTC(2025, 0, 1));
/** The owner of every example, so a test can write them as that member. */
export const EXAMPLE_OWNER_UID = 'example-owner';
/**
 * The id every example is stored under: its images' URLs name it, as the rules want (a test
 * writes each example at `showcases/{EXAMPLE_SHOWCASE_ID}`).
 */
export const EXAMPLE_SHOWCASE_ID = 'example-showcase';

const repeat = (count: number, text = 'x') => text.repeat(count);
/** An https URL of exactly `length` characters. */
const urlOfLength = (length: number) => {
  const base = 'https://example.com/';
  return base + repeat(length - base.length, 'a');
};
const without = (data: ShowcaseExampleData, key: string): ShowcaseExampleData =>
  Object.fromEntries(Object.entries(data).filter(([name]) => name !== key));

/**
 * The schema's own examples: valid documents, and invalid ones that each break one rule of one
 * field and name the valid twin they otherwise equal. The rules test writes all of them through
 * firestore.rules, so the rules and this schema cannot drift apart unnoticed.
 */
export function showcaseExamples(): ShowcaseExamples {
  const base = { ownerUid: EXAMPLE_OWNER_UID, createdAt: EXAMPLE_TIME };
  const published = buildShowcase({
    ...base,
    title: 'Published work',
    description: 'Made with care.\n\nIn two paragraphs.',
    url: 'https://example.com/work',
    imageUrl: 'https://example.com/work.png',
    imageAlt: 'A hand-built walnut lamp glowing on a desk',
    tags: ['web', 'art'],
    ownerName: 'Owner',
  });
  const draft = buildShowcase({ ...base, title: 'Draft', status: 'draft', ownerName: 'Owner' });
  // A draft needs only a title: its link may stay empty until it is published.
  const draftWithoutLink = { ...draft, title: 'Draft without a link', url: '' };
  // Titles count code points, as the rules' size() does: 80 emoji are 160 UTF-16 units.
  const atLimits = buildShowcase({
    ...base,
    title: repeat(TITLE_MAX, '😀'),
    description: repeat(DESCRIPTION_MAX),
    url: urlOfLength(URL_MAX_LENGTH),
    imageUrl: urlOfLength(URL_MAX_LENGTH),
    imageAlt: repeat(IMAGE_ALT_MAX, '🖼'),
    tags: Array.from({ length: TAGS_MAX }, (_, index) => repeat(TAG_MAX_LENGTH, String(index))),
    ownerName: repeat(OWNER_NAME_MAX),
  });
  const liked = buildShowcase({ ...base, title: 'Liked', ownerName: 'Owner', likeCount: 7 });
  const image = (id: string, overrides: Parameters<typeof buildShowcaseImage>[2] = {}) =>
    buildShowcaseImage(EXAMPLE_OWNER_UID, EXAMPLE_SHOWCASE_ID, { id, ...overrides });
  // Uploaded images: the cover with a description and a placeholder, a second one without.
  const withImages = buildShowcase({
    ...base,
    title: 'With images',
    ownerName: 'Owner',
    images: [
      image('cover', {
        alt: 'A walnut lamp, lit',
        placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw',
      }),
      image('detail', { widths: [480] }),
    ],
  });
  // Ten images, each at every stored width, with descriptions and placeholders at their limits,
  // served by production Storage (another origin and the newer bucket name).
  const atImageLimits = buildShowcase({
    ...base,
    title: 'At the image limits',
    ownerName: 'Owner',
    images: Array.from({ length: IMAGES_MAX }, (_, index) =>
      buildShowcaseImage(EXAMPLE_OWNER_UID, EXAMPLE_SHOWCASE_ID, {
        id: `${repeat(38, 'i')}-${index}`,
        alt: repeat(IMAGE_ALT_MAX, '🖼'),
        placeholder: repeat(IMAGE_PLACEHOLDER_MAX, 'A'),
        widths: IMAGE_WIDTHS,
        origin: 'https://firebasestorage.googleapis.com',
        bucket: 'demo-showcase.firebasestorage.app',
      }),
    ),
  });
  // The rules bound the terms' shape, not their derivation: 200 distinct terms of letters of
  // several scripts and digits, the first one 24 characters outside the BMP (the rules count
  // characters, not UTF-16 units), are as much as a document may hold.
  const manyTerms = buildShowcase({
    ...base,
    title: 'Many search terms',
    ownerName: 'Owner',
    searchTerms: Array.from({ length: SEARCH_TERMS_MAX }, (_, index) =>
      index === 0
        ? repeat(SEARCH_TERM_MAX_LENGTH, '𠀀')
        : `${['t', 'ä', 'ж', '字'][index % 4]}${index}`,
    ),
  });
  // Links are stored as typed (`safeHttpUrl`): upper case and unicode, not the parser's encoding.
  const linksAsTyped = buildShowcase({
    ...base,
    title: 'Links as typed',
    url: 'https://Example.com/Ünï?Q=Ä#Teil-2',
    imageUrl: 'https://Bücher.example/Bild.png',
    ownerName: 'Owner',
  });

  const valid: ValidShowcaseExample[] = [
    { name: 'published', data: published },
    { name: 'draft', data: draft },
    { name: 'draft without a link', data: draftWithoutLink },
    { name: 'at every limit', data: atLimits },
    { name: 'liked', data: liked },
    { name: 'at the search terms limit', data: manyTerms },
    { name: 'links as typed', data: linksAsTyped },
    { name: 'with images', data: withImages },
    { name: 'at the image limits', data: atImageLimits },
  ];
  const examples = new Map(valid.map((example) => [example.name, example.data]));
  const broken = (
    name: string,
    twin: string,
    field: InvalidShowcaseExample['field'],
    change: (data: ShowcaseExampleData) => ShowcaseExampleData,
  ): InvalidShowcaseExample => ({ name, twin, field, data: change(examples.get(twin)!) });
  // One more stored search term, after the twin's own.
  const withTerm =
    (term: unknown) =>
    (data: ShowcaseExampleData): ShowcaseExampleData => ({
      ...data,
      searchTerms: [...(data.searchTerms as unknown[]), term],
    });
  const set =
    (key: string, value: unknown) =>
    (data: ShowcaseExampleData): ShowcaseExampleData => ({ ...data, [key]: value });
  // The twin's images with the first one changed.
  const firstImage =
    (change: (image: Record<string, unknown>) => unknown) =>
    (data: ShowcaseExampleData): ShowcaseExampleData => {
      const [first, ...rest] = data.images as Record<string, unknown>[];
      return { ...data, images: [change({ ...first }), ...rest] };
    };
  const firstSizeUrl = (url: (stored: string) => string) =>
    firstImage((image) => {
      const [size, ...others] = image.sizes as { width: number; url: string }[];
      return { ...image, sizes: [{ ...size, url: url(size!.url) }, ...others] };
    });
  const otherPath = (from: string, to: string) => (url: string) => url.replace(from, to);

  const invalid: InvalidShowcaseExample[] = [
    broken('empty title', 'published', 'title', set('title', '')),
    broken('untrimmed title', 'published', 'title', set('title', ' Published work ')),
    broken('title over the limit', 'at every limit', 'title', set('title', repeat(81, '😀'))),
    broken('title not a string', 'published', 'title', set('title', 42)),
    broken(
      'description over the limit',
      'at every limit',
      'description',
      set('description', repeat(DESCRIPTION_MAX + 1)),
    ),
    broken('javascript: link', 'published', 'url', set('url', 'javascript:alert(1)')),
    broken(
      'link breaking out of an attribute',
      'published',
      'url',
      set('url', 'https://example.com/"onmouseover="x'),
    ),
    broken('link without a host', 'published', 'url', set('url', 'https:///work')),
    broken(
      'link with a raw space',
      'links as typed',
      'url',
      set('url', 'https://Example.com/Ü nï'),
    ),
    broken('empty link on a published showcase', 'published', 'url', set('url', '')),
    // The link's rule depends on the status: publishing the draft as it is breaks it.
    broken('published without a link', 'draft without a link', 'url', set('status', 'published')),
    broken(
      'link over the limit',
      'at every limit',
      'url',
      set('url', urlOfLength(URL_MAX_LENGTH + 1)),
    ),
    broken('empty image URL', 'published', 'imageUrl', set('imageUrl', '')),
    broken('data: image', 'published', 'imageUrl', set('imageUrl', 'data:image/png;base64,AAAA')),
    broken(
      'image description over the limit',
      'at every limit',
      'imageAlt',
      set('imageAlt', repeat(IMAGE_ALT_MAX + 1, '🖼')),
    ),
    broken('image description not a string', 'published', 'imageAlt', set('imageAlt', 42)),
    broken('eleven images', 'at the image limits', 'images', (data) => ({
      ...data,
      images: [...(data.images as unknown[]), (data.images as unknown[])[0]],
    })),
    broken('images not a list', 'with images', 'images', set('images', 'cover')),
    broken('image not a map', 'with images', 'images', set('images', ['cover'])),
    broken(
      'image with an unknown key',
      'with images',
      'images',
      firstImage((image) => ({ ...image, exif: 'GPS 52.5N' })),
    ),
    broken(
      'image without a placeholder key',
      'with images',
      'images',
      firstImage(({ placeholder: _placeholder, ...image }) => image),
    ),
    broken(
      'image id with a slash',
      'with images',
      'images',
      firstImage((image) => ({ ...image, id: 'a/b' })),
    ),
    broken(
      'image description over the limit',
      'at the image limits',
      'images',
      firstImage((image) => ({ ...image, alt: repeat(IMAGE_ALT_MAX + 1, '🖼') })),
    ),
    broken(
      'image placeholder over the limit',
      'at the image limits',
      'images',
      firstImage((image) => ({ ...image, placeholder: repeat(IMAGE_PLACEHOLDER_MAX + 1, 'A') })),
    ),
    broken(
      'image width of zero',
      'with images',
      'images',
      firstImage((image) => ({ ...image, width: 0 })),
    ),
    broken(
      'image height not an integer',
      'with images',
      'images',
      firstImage((image) => ({ ...image, height: 1200.5 })),
    ),
    broken(
      'image without sizes',
      'with images',
      'images',
      firstImage((image) => ({ ...image, sizes: [] })),
    ),
    broken(
      'image with five sizes',
      'at the image limits',
      'images',
      firstImage((image) => ({
        ...image,
        sizes: [...(image.sizes as unknown[]), (image.sizes as unknown[])[0]],
      })),
    ),
    broken(
      "image URL under another member's path",
      'with images',
      'images',
      firstSizeUrl(otherPath(`users%2F${EXAMPLE_OWNER_UID}%2F`, 'users%2Fsomeone-else%2F')),
    ),
    broken(
      "image URL under another showcase's path",
      'with images',
      'images',
      firstSizeUrl(otherPath(`%2F${EXAMPLE_SHOWCASE_ID}%2F`, '%2Fanother-showcase%2F')),
    ),
    broken(
      "image URL under another image's path",
      'with images',
      'images',
      firstSizeUrl(otherPath('%2Fcover%2F', '%2Fdetail%2F')),
    ),
    broken(
      "image URL of another width's object",
      'with images',
      'images',
      firstSizeUrl(otherPath('%2F480.webp', '%2F960.webp')),
    ),
    broken(
      'image URL on another host',
      'with images',
      'images',
      firstSizeUrl(otherPath(EXAMPLE_STORAGE_ORIGIN, 'https://evil.example')),
    ),
    broken(
      'image URL in a bucket that is no default bucket',
      'with images',
      'images',
      firstSizeUrl(otherPath(EXAMPLE_BUCKET, 'uploads.example.com')),
    ),
    broken(
      'image URL with its path unencoded',
      'with images',
      'images',
      firstSizeUrl((url) => decodeURIComponent(url)),
    ),
    broken(
      'image URL with a query of its own',
      'with images',
      'images',
      firstSizeUrl((url) => `${url}&x=1`),
    ),
    broken('six tags', 'at every limit', 'tags', (data) => ({
      ...data,
      tags: [...(data.tags as string[]), 'six'],
    })),
    broken('repeated tag', 'published', 'tags', set('tags', ['web', 'web'])),
    broken('upper-case tag', 'published', 'tags', set('tags', ['Web', 'art'])),
    broken(
      'tag over the limit',
      'published',
      'tags',
      set('tags', ['web', repeat(TAG_MAX_LENGTH + 1)]),
    ),
    broken('tags not a list', 'published', 'tags', set('tags', 'web')),
    broken('201 search terms', 'at the search terms limit', 'searchTerms', withTerm('extra')),
    broken('search term over the limit', 'at the search terms limit', 'searchTerms', (data) => ({
      ...data,
      searchTerms: [
        repeat(SEARCH_TERM_MAX_LENGTH + 1, '𠀀'),
        ...(data.searchTerms as string[]).slice(1),
      ],
    })),
    broken('empty search term', 'published', 'searchTerms', withTerm('')),
    broken('upper-case search term', 'published', 'searchTerms', withTerm('Work')),
    broken('search term with punctuation', 'published', 'searchTerms', withTerm('web-art')),
    broken('search term with a space', 'published', 'searchTerms', withTerm('published work')),
    broken('search term not a string', 'published', 'searchTerms', withTerm(42)),
    broken('repeated search term', 'published', 'searchTerms', withTerm('web')),
    broken('search terms not a list', 'published', 'searchTerms', set('searchTerms', 'web')),
    {
      ...broken('missing search terms', 'published', 'fields', (data) =>
        without(data, 'searchTerms'),
      ),
      onlyOnCreate: true,
    },
    broken('unknown status', 'published', 'status', set('status', 'archived')),
    broken(
      'owner name over the limit',
      'at every limit',
      'ownerName',
      set('ownerName', repeat(OWNER_NAME_MAX + 1)),
    ),
    broken('negative like count', 'liked', 'likeCount', set('likeCount', -1)),
    broken('fractional like count', 'liked', 'likeCount', set('likeCount', 7.5)),
    broken(
      'creation time not a timestamp',
      'published',
      'createdAt',
      set('createdAt', '2025-01-01'),
    ),
    broken('unknown field', 'published', 'fields', set('featured', true)),
    broken('missing owner name', 'published', 'fields', (data) => without(data, 'ownerName')),
  ];
  // The rules check images only when an update changes them: saving a stored list again as it
  // is passes (test/rules.test.ts changes the images to each of these instead).
  return {
    valid,
    invalid: invalid.map((example) =>
      example.field === 'images' ? { ...example, onlyOnCreate: true } : example,
    ),
  };
}
