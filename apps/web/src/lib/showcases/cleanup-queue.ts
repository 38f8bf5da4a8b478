/**
 * Storage objects whose deletion failed (offline, a cut connection), kept on the device and
 * tried again later with a growing pause. Pure: the runner (`lib/firebase/storage-cleanup.ts`)
 * persists the list and does the deleting. Only the owner may delete their objects, so each
 * entry names its owner and is tried only while they are signed in.
 */
export type CleanupEntry = {
  /** `gs://bucket/path`. */
  object: string;
  ownerUid: string;
  attempts: number;
  /** When it was last tried (ms since the epoch). */
  triedAt: number;
};

/** How a deletion ended: `gone` (already absent) counts as done; `refused` is never retried. */
export type CleanupOutcome = 'deleted' | 'gone' | 'failed' | 'refused';

/** After this many failures an object is given up (a production project sweeps orphans). */
export const CLEANUP_ATTEMPTS_MAX = 12;
const PAUSE_MIN_MS = 30_000;
const PAUSE_MAX_MS = 6 * 60 * 60 * 1000;

/** The pause before the next try after `attempts` failures: 30 s, doubling, at most 6 h. */
export function cleanupPause(attempts: number): number {
  return Math.min(PAUSE_MAX_MS, PAUSE_MIN_MS * 2 ** Math.max(0, attempts - 1));
}

/** `objects` of `ownerUid` added after a first failed try at `now` (no duplicates). */
export function cleanupQueued(
  queue: readonly CleanupEntry[],
  ownerUid: string,
  objects: readonly string[],
  now: number,
): CleanupEntry[] {
  const known = new Set(queue.map((entry) => entry.object));
  const added = objects
    .filter((object) => !known.has(object))
    .map((object) => ({ object, ownerUid, attempts: 1, triedAt: now }));
  return [...queue, ...added];
}

/** The objects of `uid` whose pause is over at `now`. */
export function cleanupDue(queue: readonly CleanupEntry[], uid: string, now: number): string[] {
  return queue
    .filter(
      (entry) => entry.ownerUid === uid && now - entry.triedAt >= cleanupPause(entry.attempts),
    )
    .map((entry) => entry.object);
}

/** The queue after a round of tries: done and refused objects leave, failed ones wait longer. */
export function cleanupSettled(
  queue: readonly CleanupEntry[],
  outcomes: ReadonlyMap<string, CleanupOutcome>,
  now: number,
): CleanupEntry[] {
  return queue.flatMap((entry) => {
    const outcome = outcomes.get(entry.object);
    if (outcome === undefined) return [entry];
    if (outcome !== 'failed') return [];
    const attempts = entry.attempts + 1;
    return attempts > CLEANUP_ATTEMPTS_MAX ? [] : [{ ...entry, attempts, triedAt: now }];
  });
}

/** A stored queue read defensively (another version of the app may have written it). */
export function readCleanupQueue(text: string | null): CleanupEntry[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is CleanupEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as CleanupEntry).object === 'string' &&
        (entry as CleanupEntry).object.startsWith('gs://') &&
        typeof (entry as CleanupEntry).ownerUid === 'string' &&
        Number.isInteger((entry as CleanupEntry).attempts) &&
        typeof (entry as CleanupEntry).triedAt === 'number',
    );
  } catch {
    return [];
  }
}
