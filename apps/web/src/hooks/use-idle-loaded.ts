import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadOnce } from '../utils/load-once';
import { whenIdle } from '../utils/when-idle';

/**
 * For a component that works without some deferred code meanwhile: the code's value, at once
 * when an earlier render already loaded it, otherwise null until it arrives. Loading starts once
 * the first screen has shown and the browser is idle, or sooner through `load` (pointer, focus);
 * a failed load leaves the value null, and the next `load` retries. `beforeSwap` runs just
 * before the value replaces the stand-in, to note what must carry over (focus, caret).
 */
export function useIdleLoaded<T>(
  code: LoadOnce<T>,
  beforeSwap?: () => void,
): { loaded: T | null; load: () => void } {
  const [loaded, setLoaded] = useState<T | null>(() => code.current());
  const mounted = useRef(true);
  const latestBeforeSwap = useRef(beforeSwap);
  useEffect(() => {
    latestBeforeSwap.current = beforeSwap;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(() => {
    code
      .load()
      .then((value) => {
        if (!mounted.current) return;
        latestBeforeSwap.current?.();
        setLoaded(() => value);
      })
      .catch(() => undefined);
  }, [code]);
  useEffect(() => (loaded === null ? whenIdle(load) : undefined), [loaded, load]);

  return { loaded, load };
}
