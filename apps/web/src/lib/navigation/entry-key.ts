/** The history entry the browser is on: React Router keeps its key in `history.state`. */
export function currentEntryKey(state: unknown): string {
  const key = state !== null && typeof state === 'object' && 'key' in state ? state.key : undefined;
  // React Router calls the tab's first entry, which has no state of its own, "default".
  return typeof key === 'string' ? key : 'default';
}
