import { useEffect, useState } from 'react';

/** Whether an image address loads: nothing to load, still trying, loaded, or failed. */
export type ImageLoad = 'none' | 'loading' | 'loaded' | 'failed';

/** Typing pauses this long before the address is tried, so half-typed ones are not. */
const SETTLE_MS = 400;

/**
 * Tries `src` as an image once the typing has paused (sending no referrer, as the app's images
 * do) and says whether it loaded. A new address starts over as `loading`.
 */
export function useImageLoad(src: string | null): ImageLoad {
  const [outcome, setOutcome] = useState<{ src: string; loaded: boolean } | null>(null);

  useEffect(() => {
    if (src === null) return undefined;
    let image: HTMLImageElement | null = null;
    const timer = setTimeout(() => {
      image = new Image();
      image.referrerPolicy = 'no-referrer';
      image.onload = () => setOutcome({ src, loaded: true });
      image.onerror = () => setOutcome({ src, loaded: false });
      image.src = src;
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      if (image) {
        image.onload = null;
        image.onerror = null;
      }
    };
  }, [src]);

  if (src === null) return 'none';
  if (outcome?.src !== src) return 'loading';
  return outcome.loaded ? 'loaded' : 'failed';
}
