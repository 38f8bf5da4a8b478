import { useMatches } from 'react-router';

/**
 * The `handle` of routes whose screens show Firestore data (the gallery, a showcase, a profile,
 * the welcome preview): there the app bar shows the connection indicator to visitors too. On
 * the sign-in screens a visitor has no data, so no connection to report.
 */
export const liveDataHandle = { liveData: true } as const;

/** Whether the current route shows live data (any matched route carries `liveDataHandle`). */
export function useShowsLiveData(): boolean {
  return useMatches().some((match) => match.handle === liveDataHandle);
}
