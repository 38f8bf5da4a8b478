/**
 * The first paint in a screen test: its templates as the build renders them, filled by the real
 * fill code with what the real REST read returns from the test's emulator, for the viewer the
 * session marker names; and a box-by-box comparison of it with the app's own screen at the
 * moment the app takes over.
 */
import { inject } from 'vitest';
import { commands } from 'vitest/browser';
import { readFirebaseConfig } from '../../src/config/env';
import structuralCss from '../../src/first-paint/first-paint.css?inline';
import { paintFirst, parseTemplates } from '../../src/first-paint/fill';
import { readFirstScreen } from '../../src/first-paint/rest';
import { matchFirstPaintRoute } from '../../src/first-paint/route';
import { FIRST_PAINT_CLASS, FIRST_PAINT_ID, revealApp } from '../../src/lib/first-paint-hand-over';
import { webStorage } from '../../src/lib/session/browser-ports';
import { readViewerMarker } from '../../src/lib/session/viewer-marker';

/** What is compared of each element, and its children's. */
export type ElementLook = {
  signature: string;
  box: [x: number, y: number, width: number, height: number];
  style: Record<string, string>;
  /** How an image is fetched (at once, first, or near the viewport): the first paint's too. */
  fetching: string;
  text: string;
  descendants: number;
  children: ElementLook[];
};

const STYLES = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-bottom-color',
  'border-top-width',
  'fill',
  'opacity',
  'visibility',
  'font-size',
  'font-weight',
  'line-height',
] as const;

/**
 * What an element is: its tag and classes, without Emotion's development label
 * (`css-abc123-MuiCard-root`) and MUI's state classes (`Mui-selected`, `Mui-disabled`), so that a
 * state drawn wrong is compared, colours and all, and fails rather than passing unpaired.
 */
function signature(element: Element): string {
  const classes = [...element.classList]
    .filter((name) => !name.startsWith('Mui-'))
    .map((name) => (name.startsWith('css-') ? name.split('-').slice(0, 2).join('-') : name))
    .sort();
  return [element.tagName.toLowerCase(), ...classes].join('.');
}

/** Measures `element` and everything under it, at once (the page may change right after). */
export function look(element: Element): ElementLook {
  const rect = element.getBoundingClientRect();
  const computed = getComputedStyle(element);
  const text = [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
  return {
    signature: signature(element),
    box: [rect.x, rect.y, rect.width, rect.height],
    style: Object.fromEntries(STYLES.map((name) => [name, computed.getPropertyValue(name)])),
    fetching: FETCHING.map((name) => `${name}=${element.getAttribute(name) ?? ''}`).join(' '),
    text,
    descendants: element.querySelectorAll('*').length,
    children: [...element.children].filter((child) => child.tagName !== 'STYLE').map(look),
  };
}

const FETCHING = ['loading', 'fetchpriority', 'sizes'] as const;

const BOX = ['x', 'y', 'width', 'height'] as const;

/**
 * The differences between the first paint and the app, one line per difference, naming the
 * element by its path of signatures (each numbered among siblings of the same signature). Each
 * element the first paint draws is paired with the app's of the same signature and number
 * (the app may have more siblings: its later parts). Where the app has put a part of its own
 * in its place (a lazy part that has arrived, the tag field's combobox), the element at the
 * same place is compared by its box alone. An element may be taller in the app only when the
 * app has more inside it (the page's later parts below what the first paint draws).
 */
export function differences(
  painted: ElementLook,
  shown: ElementLook,
  path = painted.signature,
  exact = true,
  found: string[] = [],
): string[] {
  BOX.forEach((name, index) => {
    if (name === 'height' && shown.descendants > painted.descendants) return;
    if (Math.abs(painted.box[index]! - shown.box[index]!) > 0.5) {
      found.push(
        `${path}: ${name} ${painted.box[index]!.toFixed(2)} in the first paint, ${shown.box[index]!.toFixed(2)} in the app`,
      );
    }
  });
  if (exact) {
    for (const name of STYLES) {
      if (painted.style[name] !== shown.style[name]) {
        found.push(
          `${path}: ${name} ${painted.style[name]} in the first paint, ${shown.style[name]} in the app`,
        );
      }
    }
    if (painted.fetching !== shown.fetching) {
      found.push(`${path}: ${painted.fetching} in the first paint, ${shown.fetching} in the app`);
    }
    if (painted.text !== shown.text) {
      found.push(`${path}: text “${painted.text}” in the first paint, “${shown.text}” in the app`);
    }
  }
  const numbered = new Map<string, number>();
  const used = new Set<ElementLook>();
  painted.children.forEach((child, index) => {
    const nth = numbered.get(child.signature) ?? 0;
    numbered.set(child.signature, nth + 1);
    const name = `${path} > ${child.signature}[${nth}]`;
    const same = shown.children.filter((other) => other.signature === child.signature)[nth];
    if (same !== undefined && exact) {
      used.add(same);
      differences(child, same, name, true, found);
      return;
    }
    const atPlace = shown.children[index];
    if (atPlace !== undefined && !used.has(atPlace)) {
      used.add(atPlace);
      differences(child, atPlace, `${name} (the app's own part here)`, false, found);
      return;
    }
    found.push(`${name}: drawn by the first paint, not in the app`);
  });
  return found;
}

let templates: ParentNode | null = null;

/** The templates as the build emits them, parsed as the boot script parses them (once per file). */
async function firstPaintTemplates(): Promise<ParentNode> {
  templates ??= parseTemplates(await commands.firstPaintTemplates());
  return templates;
}

/**
 * What the boot script would draw at `path`: its route and the showcases the REST read returns
 * from the test's emulator (as nobody), or null when it would start the app at once instead.
 */
export async function readAsTheBootDoes(path: string) {
  const url = new URL(path, location.origin);
  const route = matchFirstPaintRoute(url.pathname, url.search);
  if (route === null) return null;
  const { projectId } = readFirebaseConfig();
  const target = {
    origin: `http://${inject('screenStack').firestoreHost}`,
    projectId,
    apiKey: null,
  };
  const showcases = await readFirstScreen(target, route);
  return showcases === null ? null : { route, showcases };
}

/**
 * Draws the first paint at `path` as the boot script does, reading as nobody from the test's
 * emulator, for the viewer the session marker (written by the real session) names; returns its
 * looks, measured with none of the app's styles in force (only what the templates carry).
 */
export async function drawFirstPaint(path: string): Promise<ElementLook> {
  const parsed = await firstPaintTemplates();
  window.history.replaceState(null, '', path);
  const read = await readAsTheBootDoes(path);
  if (read === null) throw new Error(`Nothing to draw at ${path}`);
  const { route, showcases } = read;
  paintFirst(
    parsed,
    route,
    showcases,
    readViewerMarker(webStorage(() => localStorage)),
    structuralCss,
  );
  const container = document.getElementById(FIRST_PAINT_ID)!;
  // Styles an earlier test's app left in the page would hide a gap in the templates' own.
  const appStyles = [...document.head.querySelectorAll('style')];
  for (const style of appStyles) style.disabled = true;
  try {
    return look(container.lastElementChild!);
  } finally {
    for (const style of appStyles) style.disabled = false;
  }
}

/**
 * The app's looks at the moment it takes over from the first paint (in the same task as its
 * reveal: what the reader sees replace the first paint), from the element that matches the
 * first paint's root.
 */
export function appAtReveal(): Promise<ElementLook> {
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (document.documentElement.classList.contains(FIRST_PAINT_CLASS)) return;
      observer.disconnect();
      const root = document.querySelector('#root')?.firstElementChild;
      if (root) resolve(look(root));
      else reject(new Error('The app revealed itself with nothing in #root'));
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  });
}

/** Takes a first paint down if a test failed before the app did. */
export function takeFirstPaintDown(): void {
  revealApp();
}
