import { useRouteError } from 'react-router';
import { ErrorPage } from '../../components/feedback/error-page';
import { describeStartupError } from '../../lib/errors/startup';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** Shown when a screen throws while rendering or its code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const message = describeStartupError(
    isChunkLoadError(error) ? { code: 'app/chunk-load-failed' } : error,
  );
  return <ErrorPage title="Something went wrong" message={message} />;
}
