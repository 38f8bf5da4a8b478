import type { Showcase } from '@showcase/schema';
import { parseDescription } from '../lib/showcases/description';
import { formatRelativeDate } from '../lib/showcases/format';
import { galleryHeading } from '../lib/showcases/gallery-search';
import {
  FIRST_PAINT_CLASS,
  FIRST_PAINT_ID,
  FIRST_PAINT_PROGRESS_ID,
} from '../lib/first-paint-hand-over';
import type { FirstPaintRoute } from './route';

/** Who reads the page, as far as a script can tell before Auth loads (its uid marker). */
export type FirstPaintViewer = { uid: string | null };

type Child = Node | string | null;

function el(tag: string, className: string | null, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (className !== null) element.className = className;
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(viewBox: string, markup: (root: SVGSVGElement) => void): SVGSVGElement {
  const root = document.createElementNS(SVG, 'svg');
  root.setAttribute('viewBox', viewBox);
  root.setAttribute('aria-hidden', 'true');
  markup(root);
  return root;
}

function shape(parent: Element, tag: string, attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  parent.append(node);
  return node;
}

/** The brand mark (components/brand-mark.tsx), drawn in the primary colour. */
function brandMark(): SVGSVGElement {
  return svg('0 0 64 64', (root) => {
    shape(root, 'rect', { width: '64', height: '64', rx: '14', fill: 'currentColor' });
    const tiles = shape(root, 'g', { fill: '#fff' });
    for (const [x, y, opacity] of [
      [14, 14, '1'],
      [34, 14, '.7'],
      [14, 34, '.7'],
      [34, 34, '1'],
    ] as const) {
      shape(tiles, 'rect', {
        x: String(x),
        y: String(y),
        width: '16',
        height: '16',
        rx: '3',
        opacity,
      });
    }
  });
}

function plusIcon(): SVGSVGElement {
  return svg('0 0 24 24', (root) =>
    shape(root, 'path', { d: 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z' }),
  );
}

/**
 * The image as the app draws it, or its placeholder (the title's first letter) when there is
 * none. Placed as the app places it (`ImagePlacement`): the first is the page's likely largest
 * paint, fetched before anything else; the rest of a wide first row at once; the others lazily.
 */
function image(showcase: Showcase, placement: 'first' | 'visible' | 'later'): HTMLElement {
  if (showcase.imageUrl === null) {
    return el('div', 'fp-placeholder', Array.from(showcase.title.trim())[0]?.toUpperCase() ?? '·');
  }
  const img = document.createElement('img');
  img.alt = '';
  img.loading = placement === 'later' ? 'lazy' : 'eager';
  img.referrerPolicy = 'no-referrer';
  if (placement === 'first') img.fetchPriority = 'high';
  img.src = showcase.imageUrl;
  return img;
}

function card(showcase: Showcase, index: number, now: Date): HTMLElement {
  const by = showcase.ownerName ? `by ${showcase.ownerName}` : 'by a member';
  const when = showcase.createdAt ? ` · ${formatRelativeDate(showcase.createdAt, now)}` : '';
  const tags = showcase.tags
    .slice(0, 3)
    .map((tag) => el('li', null, el('span', 'fp-chip', `#${tag}`)));
  if (showcase.tags.length > 3) {
    tags.push(el('li', null, el('span', 'fp-chip', `+${showcase.tags.length - 3}`)));
  }
  return el(
    'li',
    null,
    el(
      'div',
      'fp-card',
      el(
        'div',
        'fp-card-link',
        el(
          'div',
          'fp-media',
          image(showcase, index === 0 ? 'first' : index < 4 ? 'visible' : 'later'),
        ),
        el(
          'div',
          'fp-card-content',
          el('p', 'fp-card-title', showcase.title || 'Untitled'),
          el('p', 'fp-body2 fp-secondary fp-nowrap', by + when),
        ),
      ),
      el(
        'div',
        'fp-card-foot',
        tags.length > 0 ? el('ul', 'fp-chips', ...tags) : null,
        el('div', 'fp-like-row'),
      ),
    ),
  );
}

function gallery(route: FirstPaintRoute & { kind: 'gallery' }, showcases: Showcase[]) {
  const now = new Date();
  return el(
    'div',
    'fp-gallery',
    el(
      'div',
      'fp-heading',
      el(
        'div',
        null,
        el('h1', null, galleryHeading(route.tag, null)),
        el('p', 'fp-secondary', 'What people made, live as they publish it.'),
      ),
      el('div', 'fp-button', plusIcon(), 'New showcase'),
    ),
    el('div', route.tag === null ? 'fp-controls' : 'fp-controls fp-tagged'),
    el('ul', 'fp-grid', ...showcases.map((showcase, index) => card(showcase, index, now))),
  );
}

function description(text: string): HTMLElement | null {
  const paragraphs = parseDescription(text);
  if (paragraphs.length === 0) return null;
  return el(
    'div',
    'fp-description',
    ...paragraphs.map((lines) => {
      const paragraph = el('p', null);
      lines.forEach((line, index) => {
        if (index > 0) paragraph.append(document.createElement('br'));
        for (const segment of line) {
          paragraph.append(
            segment.kind === 'text' ? segment.text : el('span', 'fp-link', segment.text),
          );
        }
      });
      return paragraph;
    }),
  );
}

function showcasePage(showcase: Showcase, viewer: FirstPaintViewer): HTMLElement {
  const now = new Date();
  const updated =
    showcase.updatedAt &&
    showcase.createdAt &&
    showcase.updatedAt.getTime() - showcase.createdAt.getTime() > 1000
      ? ` · Updated ${formatRelativeDate(showcase.updatedAt, now)}`
      : '';
  const published = showcase.createdAt
    ? `Published ${formatRelativeDate(showcase.createdAt, now)}`
    : '';
  // Like's block: a visitor's has a hint line under the button; an owner sees only the count.
  const likeKind =
    viewer.uid === null ? '' : viewer.uid === showcase.ownerUid ? ' fp-owner' : ' fp-member';
  return el(
    'div',
    'fp-showcase',
    el('div', 'fp-back'),
    el(
      'div',
      'fp-showcase-head',
      el(
        'div',
        'fp-title-row',
        el('h1', null, showcase.title || 'Untitled'),
        el('div', 'fp-actions'),
      ),
      el('p', 'fp-by fp-secondary', 'by ', el('span', 'fp-link', showcase.ownerName || 'a member')),
      el('p', 'fp-dates fp-body2 fp-secondary', published + updated),
    ),
    el('div', `fp-like${likeKind}`),
    el('div', 'fp-frame', image(showcase, 'first')),
    description(showcase.description),
  );
}

/**
 * Puts the first paint up: the app bar's band and the route's content, above `#root` (which
 * index.html's CSS hides while `<html>` has the first-paint class). The whole container is
 * `aria-hidden` and `inert`: assistive technology keeps announcing index.html's progressbar,
 * moved out of `#root` so that React's first render does not remove it. Returns the images to
 * wait for.
 */
export function paintFirst(
  route: FirstPaintRoute,
  showcases: Showcase[],
  viewer: FirstPaintViewer,
  css: string,
): HTMLImageElement[] {
  const style = el('style', null, css);
  const content =
    route.kind === 'gallery' ? gallery(route, showcases) : showcasePage(showcases[0]!, viewer);
  const container = el(
    'div',
    null,
    style,
    el('div', 'fp-bar', el('span', 'fp-brand', brandMark(), 'Showcase')),
    el('div', 'fp-main', content),
  );
  container.id = FIRST_PAINT_ID;
  container.dataset.address = location.pathname + location.search;
  container.setAttribute('aria-hidden', 'true');
  container.inert = true;
  const progress = document.querySelector('#root [role="progressbar"]');
  if (progress !== null) {
    progress.id = FIRST_PAINT_PROGRESS_ID;
    document.body.append(progress);
  }
  document.documentElement.classList.add(FIRST_PAINT_CLASS);
  document.body.prepend(container);
  return [...container.querySelectorAll('img[fetchpriority="high"]')] as HTMLImageElement[];
}
