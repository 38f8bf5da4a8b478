/** The layouts and colour schemes screens are checked in, and what "fits" means. */
import { commands, page } from 'vitest/browser';
import type { ColorScheme } from './browser-commands';

export type Layout = { name: string; width: number; height: number; colorScheme: ColorScheme };

/** Desktop, a 390 px phone and the narrowest supported (360 px), each in light and dark. */
export const LAYOUTS: readonly Layout[] = [
  { name: '1280 px, light', width: 1280, height: 800, colorScheme: 'light' },
  { name: '1280 px, dark', width: 1280, height: 800, colorScheme: 'dark' },
  { name: '390 px, light', width: 390, height: 844, colorScheme: 'light' },
  { name: '390 px, dark', width: 390, height: 844, colorScheme: 'dark' },
  { name: '360 px, light', width: 360, height: 740, colorScheme: 'light' },
  { name: '360 px, dark', width: 360, height: 740, colorScheme: 'dark' },
];

export const DESKTOP: Layout = LAYOUTS[0]!;

/** Sizes the page (the app sees it as its window) and sets the system colour scheme. */
export async function setLayout({ width, height, colorScheme }: Layout): Promise<void> {
  await page.viewport(width, height);
  await commands.setColorScheme(colorScheme);
  // A new colour scheme starts CSS transitions (a contained button's background, a field's
  // label): what the test checks next (contrast above all) is the page once they have ended.
  // A frame first, so the transitions the switch starts have begun.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition)
      .map((animation) => animation.finished.catch(() => undefined)),
  );
}

/** True when nothing on the page overflows the viewport sideways. */
export function fitsTheWidth(): boolean {
  return document.documentElement.scrollWidth <= window.innerWidth;
}
