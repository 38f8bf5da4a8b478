import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { createScrollPositions, currentEntryKey } from '../lib/navigation/scroll-positions';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const positions = createScrollPositions(sessionStorageOrNull());

/**
 * Scroll as browsers do between full pages: a new screen starts at the top (or at its `#id`),
 * Back and Forward return to where that history entry was left, also after a reload.
 *
 * React Router's <ScrollRestoration> does the same, but react-router is a single module of the
 * entry chunk, so using it adds 0.7 KB gzip to every first load (over the first route's
 * budget); this hook lives in a lazy chunk. Like it, it restores when the screen renders; the
 * gallery, whose height comes with its live query, finishes its own restoring
 * (features/gallery/hooks/use-gallery-scroll.ts).
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // The entry the app was opened on, until the first navigation away from it.
  const landing = useRef<string | null>(key);

  useEffect(() => {
    // The browser's own restoring would run before the screen has rendered.
    window.history.scrollRestoration = 'manual';
    const persist = () => positions.persist();
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const record = () => {
      // The scroll that follows a navigation away belongs to the next entry, not this one.
      if (currentEntryKey(window.history.state) === key) positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key]);

  useLayoutEffect(() => {
    const onLanding = landing.current === key;
    if (!onLanding) landing.current = null;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    // An entry never scrolled has no position: it was left at the top. Opening the app stays
    // where the browser put it.
    else if (!onLanding) window.scrollTo(0, 0);
    // Only a new entry scrolls; a re-render of the same one must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
