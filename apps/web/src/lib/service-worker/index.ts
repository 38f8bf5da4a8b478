/**
 * The app's service worker (built by vite-plugin-pwa, see vite.config.ts): registered once the
 * page has loaded, so it never competes with the first screen, from a chunk of its own.
 * Development builds have none (the plugin's `registerSW` does nothing there).
 */
export function startServiceWorker(onUpdateReady: (applyUpdate: () => void) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  let stopped = false;
  let stop = () => {};
  const register = () => {
    import('./register').then(
      ({ registerServiceWorker }) => {
        if (!stopped) stop = registerServiceWorker(onUpdateReady);
      },
      // Its chunk did not load (offline before the worker cached it): the next visit registers.
      () => undefined,
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', register);
    stop();
  };
}
