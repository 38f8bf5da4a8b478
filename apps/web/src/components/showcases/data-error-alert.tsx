import { lazy, Suspense } from 'react';
import type { DataErrorAlertProps } from './data-error-alert-body';

// The designed messages (every service's table) and the alert load only when a read fails:
// screens that read data should not wait for them on every visit.
const DataErrorAlertBody = lazy(() =>
  import('./data-error-alert-body').then((module) => ({ default: module.DataErrorAlertBody })),
);

/**
 * A failed read, explained with the designed message and its recovery. `unauthenticated`
 * (the session is gone) offers to sign in again: signing out sends the user through sign-in
 * and back to this screen.
 */
export function DataErrorAlert(props: DataErrorAlertProps) {
  return (
    <Suspense fallback={null}>
      <DataErrorAlertBody {...props} />
    </Suspense>
  );
}
