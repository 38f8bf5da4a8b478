/**
 * Scroll positions per history entry (React Router's `location.key`), kept in memory and, when
 * the page hides, in `sessionStorage`, so Back after a reload still finds them. Pure apart from
 * the storage handed in.
 */
export type ScrollPositions = {
  get(entryKey: string): number | undefined;
  set(entryKey: string, y: number): void;
  /** Writes the latest `capacity` entries to the storage. */
  persist(): void;
};

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export const SCROLL_STORAGE_KEY = 'showcase-scroll-positions';

function read(storage: Storage | null): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SCROLL_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return new Map();
    return new Map(
      parsed.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    // Storage blocked or its content not ours: start with none.
    return new Map();
  }
}

export function createScrollPositions(storage: Storage | null, capacity = 100): ScrollPositions {
  const positions = read(storage);
  return {
    get: (entryKey) => positions.get(entryKey),
    set(entryKey, y) {
      // Re-inserted, so the oldest written come first and are the ones dropped.
      positions.delete(entryKey);
      positions.set(entryKey, y);
      if (positions.size > capacity) {
        const oldest = positions.keys().next().value;
        if (oldest !== undefined) positions.delete(oldest);
      }
    },
    persist() {
      try {
        storage?.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // Full or blocked storage: positions then last as long as the page.
      }
    },
  };
}

/** The history entry the browser is on: React Router keeps its key in `history.state`. */
export function currentEntryKey(state: unknown): string {
  const key = state !== null && typeof state === 'object' && 'key' in state ? state.key : undefined;
  // React Router calls the tab's first entry, which has no state of its own, "default".
  return typeof key === 'string' ? key : 'default';
}
