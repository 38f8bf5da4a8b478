import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The page's main heading, made focusable from script only (not a Tab stop). */
function mainHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

function isTextEntry(element: Element | null): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * After a navigation to another route, focus moves to the new screen's `h1` inside `#main`, so a
 * screen reader announces where the reader arrived and Tab continues from there. The first load
 * leaves focus to the browser; query changes within a screen (sort, tag) keep it where it is.
 * A screen whose heading comes with its data gets focus when the heading appears, unless the
 * reader has moved focus meanwhile. Focus stays in a text field the reader is typing in.
 */
export function useHeadingFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    if (previous === null || previous === pathname) return undefined;
    const main = document.getElementById('main');
    if (!main) return undefined;
    const focusedBefore = document.activeElement;

    const focusHeading = (): boolean => {
      const heading = mainHeading(main);
      if (!heading) return false;
      const active = document.activeElement;
      const untouched = active === focusedBefore || active === document.body || active === null;
      // Typing in the app bar's search leads to the gallery: the next keystrokes belong there.
      if (untouched && !isTextEntry(active)) heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return undefined;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}
