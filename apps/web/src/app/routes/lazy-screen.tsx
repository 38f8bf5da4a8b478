import type { ComponentType } from 'react';
import { lazy } from 'react';

export type LazyScreen = {
  Screen: ComponentType;
  /** Starts loading the screen's module (at start-up, for the address opened). */
  preload(): Promise<unknown>;
};

/**
 * `lazy()` for a screen, rendering at once when its module has already arrived (the address
 * opened, fetched beside the entry): a plain `lazy()` suspends on its first render whatever,
 * so its Suspense fallback is committed for a frame and React then holds the screen back for up
 * to 300 ms (its fallback throttle) before showing it.
 */
export function lazyScreen<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): LazyScreen {
  let arrived: { default: ComponentType } | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (arrived = { default: pick(module) }),
      (error: unknown) => {
        // A failed load is tried again when the screen renders.
        loading = null;
        throw error;
      },
    ));
  const Screen = lazy(() =>
    arrived === null
      ? start()
      : // Settles synchronously, so React's lazy reads the component in this very render.
        ({
          then: (resolve: (value: { default: ComponentType }) => void) => resolve(arrived!),
        } as unknown as Promise<{ default: ComponentType }>),
  );
  return { Screen, preload: start };
}
