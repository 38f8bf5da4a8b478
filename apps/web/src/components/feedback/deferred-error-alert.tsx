import type { ComponentProps } from 'react';
import { lazy, Suspense } from 'react';

const loadErrorAlert = () => import('./error-alert');
const LazyErrorAlert = lazy(() =>
  loadErrorAlert().then((module) => ({ default: module.ErrorAlertFor })),
);

/** Starts downloading the alert's code (after first paint), so it is there even if the network drops. */
export function preloadErrorAlert(): void {
  loadErrorAlert().catch(() => undefined);
}

/**
 * `ErrorAlert` for screens whose first paint must stay small (the welcome screen): it takes the
 * raw failure, and the alert and the error catalogue that describes it load only when needed.
 */
export function DeferredErrorAlert(props: ComponentProps<typeof LazyErrorAlert>) {
  return (
    <Suspense fallback={null}>
      <LazyErrorAlert {...props} />
    </Suspense>
  );
}
