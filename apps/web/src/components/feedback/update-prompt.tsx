import { lazy, Suspense, useEffect, useState } from 'react';
import { startServiceWorker } from '../../lib/service-worker';

// Its code loads only when a new version is ready.
const UpdateSnackbar = lazy(() =>
  import('./update-snackbar').then((module) => ({ default: module.UpdateSnackbar })),
);

/**
 * Registers the service worker and, once a new version of the app has installed beside the
 * running one, offers to reload into it. Nothing shows for the first install.
 */
export function UpdatePrompt() {
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  useEffect(() => startServiceWorker((apply) => setApplyUpdate(() => apply)), []);
  if (!applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar onReload={applyUpdate} onDismiss={() => setApplyUpdate(null)} />
    </Suspense>
  );
}
