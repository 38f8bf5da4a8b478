import type { PlainFields } from '@showcase/schema';
import { buildShowcase, buildShowcaseImage, fromFields, readShowcase } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import type { Preview } from './preview-page.js';
import {
  INLINE_DATA_ID,
  escapeHtml,
  matchPreviewRoute,
  plainFromAdmin,
  previewFor,
  previewImageSize,
  previewText,
  renderPreviewPage,
} from './preview-page.js';

const SITE = { origin: 'https://showcase.example', projectId: 'demo-showcase' };
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Showcase · Publish what you made, browse what others made</title>
    <meta
      name="description"
      content="Publish the things you make."
    />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Showcase" />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <script>window.boot = 1;</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Every `<meta>` of a page as property/name → content, decoded as a browser would. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/gu)) {
    tags.set(match[1]!, decode(match[2]!));
  }
  return tags;
}
const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const showcaseRoute = { kind: 'showcase', id: 'lamp' } as const;

function render(preview: Preview): string {
  return renderPreviewPage(INDEX, preview, SITE.origin);
}

describe('matchPreviewRoute', () => {
  it('names a showcase or a maker by one decoded segment, nothing else', () => {
    expect(matchPreviewRoute('/s/lamp')).toEqual({ kind: 'showcase', id: 'lamp' });
    expect(matchPreviewRoute('/s/a%20b')).toEqual({ kind: 'showcase', id: 'a b' });
    expect(matchPreviewRoute('/u/maker-1')).toEqual({ kind: 'maker', uid: 'maker-1' });
    for (const other of ['/', '/s/', '/s/lamp/edit', '/x/lamp', '/s/%2F', '/s/__x__', '/s/%E0'])
      expect(matchPreviewRoute(other)).toBeNull();
  });
});

describe('previewFor a showcase', () => {
  it('gives a published showcase its title, description, cover and address', () => {
    const images = [
      buildShowcaseImage('maker', 'lamp', { alt: 'A brass lamp', widths: [480, 960, 1600] }),
    ];
    const data = buildShowcase({ title: 'Lamp', description: 'A lamp\n\nthat glows.', images });
    const preview = previewFor(showcaseRoute, data, SITE);
    expect(preview.status).toBe(200);
    const tags = metaTags(render(preview));
    expect(tags.get('og:title')).toBe('Lamp');
    expect(tags.get('og:description')).toBe('A lamp that glows.');
    expect(tags.get('description')).toBe('A lamp that glows.');
    // 960 is 240 from 1200, 1600 is 400: the closer one, with its height from the ratio.
    expect(tags.get('og:image')).toBe(images[0]!.sizes[1]!.url);
    expect(tags.get('og:image:width')).toBe('960');
    expect(tags.get('og:image:height')).toBe('720');
    expect(tags.get('og:image:alt')).toBe('A brass lamp');
    expect(tags.get('og:url')).toBe('https://showcase.example/s/lamp');
    expect(tags.get('og:type')).toBe('article');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    const html = render(preview);
    expect(html).toContain('<title>Lamp · Showcase</title>');
    expect(html).toContain('<link rel="canonical" href="https://showcase.example/s/lamp" />');
    // The site's own tags are gone, not doubled.
    expect(html).not.toContain('Publish what you made, browse');
    expect(html.match(/og:title/gu)).toHaveLength(1);
    expect(html.match(/twitter:card/gu)).toHaveLength(1);
  });

  it('falls back to the site image and a description naming the maker', () => {
    const data = buildShowcase({ title: 'Lamp', description: '', ownerName: 'Maya' });
    const tags = metaTags(render(previewFor(showcaseRoute, data, SITE)));
    expect(tags.get('og:description')).toBe('Lamp by Maya, on Showcase.');
    expect(tags.get('og:image')).toBe('https://showcase.example/og-image.png');
  });

  it('answers 404 with the generic page for a draft or no document', () => {
    const draft = previewFor(showcaseRoute, buildShowcase({ status: 'draft' }), SITE);
    expect(draft).toEqual({ status: 404, head: null, inline: null });
    expect(render(draft)).toBe(INDEX);
    expect(previewFor(showcaseRoute, null, SITE).status).toBe(404);
  });

  it('escapes a hostile title and description in every tag', () => {
    const hostile = '"><script>alert(1)</script>';
    const data = buildShowcase({ title: hostile, description: hostile, ownerName: hostile });
    const html = render(previewFor(showcaseRoute, data, SITE));
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/gu)).toHaveLength(2); // the page's own and the inline data
    const tags = metaTags(html);
    for (const key of ['og:title', 'og:description', 'description'])
      expect(tags.get(key)).toContain(hostile);
    expect(html).toContain(`<title>${escapeHtml(hostile)} · Showcase</title>`);
  });

  it('inlines the document as REST would answer it, before the first script, unbreakable', () => {
    const hostile = '</script><script>alert(1)</script>';
    const data = buildShowcase({ title: hostile, likeCount: 3 });
    const html = render(previewFor(showcaseRoute, data, SITE));
    const match = new RegExp(
      `<script type="application/json" id="${INLINE_DATA_ID}">(.*?)</script>`,
      'u',
    ).exec(html);
    expect(match).not.toBeNull();
    expect(html.indexOf(INLINE_DATA_ID)).toBeLessThan(html.indexOf('window.boot'));
    const inline = JSON.parse(match![1]!) as { name: string; fields: never };
    expect(inline.name).toBe('projects/demo-showcase/databases/(default)/documents/showcases/lamp');
    const read = readShowcase('lamp', fromFields(inline.fields), false);
    expect(read.title).toBe(hostile);
    expect(read.likeCount).toBe(3);
    expect(read.searchTerms).toEqual([]); // not inlined: nobody draws them
  });
});

describe('previewFor a maker', () => {
  it('gives a profile its name, bio and photo; none without a public name', () => {
    const route = { kind: 'maker', uid: 'maya' } as const;
    const data = {
      displayName: 'Maya Chen',
      bio: 'Makes lamps.',
      photoURL: 'https://img.example/m.webp',
    };
    const preview = previewFor(route, data, SITE);
    const tags = metaTags(render(preview));
    expect(tags.get('og:title')).toBe('Maya Chen');
    expect(tags.get('og:description')).toBe('Makes lamps.');
    expect(tags.get('og:image')).toBe('https://img.example/m.webp');
    expect(tags.get('og:type')).toBe('profile');
    expect(tags.get('og:url')).toBe('https://showcase.example/u/maya');
    expect(preview.inline).toBeNull();
    expect(previewFor(route, { bio: 'x' }, SITE).status).toBe(404);
    expect(previewFor(route, null, SITE).status).toBe(404);
  });
});

describe('helpers', () => {
  it('picks the stored width closest to 1200, the wider on a tie', () => {
    const image = (widths: number[]) => buildShowcaseImage('o', 's', { widths });
    expect(previewImageSize(image([480, 960, 1600, 2400]))?.width).toBe(960);
    expect(previewImageSize(image([480]))?.width).toBe(480);
    expect(previewImageSize(image([1000, 1400]))?.width).toBe(1400);
  });

  it('shortens long text at a word', () => {
    const text = `${'word '.repeat(60)}end`;
    const short = previewText(text, 50);
    expect([...short].length).toBeLessThanOrEqual(50);
    expect(short.endsWith('word…')).toBe(true);
  });

  it('turns Admin SDK values into plain ones', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const plain = plainFromAdmin({ at: { toDate: () => when }, list: [1, 'a'], map: { b: true } });
    expect(plain).toEqual({ at: when, list: [1, 'a'], map: { b: true } } satisfies PlainFields);
  });
});
