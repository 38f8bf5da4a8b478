import { useMatches } from 'react-router';

/**
 * The `handle` of routes whose screens show Firestore data (the gallery, a showcase, a profile,
 * the welcome preview): there the app bar shows the connection indicator to visitors too. On
 * the sign-in screens a visitor has no data, so no connection to report.
 */
export const liveDataHandle = { liveData: true } as const;

/**
 * The welcome screen's: its live data (the preview, below the pitch) loads once the pitch has
 * shown, and so does the indicator, so neither's Firestore SDK competes with the pitch's code.
 */
export const laterLiveDataHandle = { liveData: 'after-first-screen' } as const;

/** Whether the current route shows live data, and whether only after its first screen. */
export function useShowsLiveData(): boolean | 'after-first-screen' {
  const matches = useMatches();
  if (matches.some((match) => match.handle === liveDataHandle)) return true;
  return matches.some((match) => match.handle === laterLiveDataHandle)
    ? 'after-first-screen'
    : false;
}
