import { errorTable as appErrors } from './tables/app';
import { errorCode } from './error-code';

/**
 * The message for an error that stops the app from starting or a screen from rendering. Reads
 * only the app's own table, so the entry chunk does not carry every service's catalogue.
 */
export function describeStartupError(error: unknown): string {
  const code = errorCode(error);
  const known = code === null ? undefined : appErrors.entries[code];
  if (known) return known.message;
  console.error(`[showcase] Unhandled error code "${code ?? 'none'}"`, error);
  return 'Something went wrong. Please reload the page.';
}
