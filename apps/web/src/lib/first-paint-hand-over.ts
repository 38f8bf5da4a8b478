/**
 * The hand-over between the first paint (a script inlined into index.html) and the app. Both
 * sides import this module: the first paint to put its content up, the app to take it down.
 * Everything goes through the DOM, so the two copies (one inlined, one in the app's bundle)
 * need no shared state.
 */
import type { Showcase } from '@showcase/schema';
import type { UserProfile } from './showcases/profile';

/** What a profile's first paint read: the profile, its first cards and the count it showed. */
export type PaintedProfile = {
  profile: UserProfile;
  showcases: readonly Showcase[];
  /** As the page shows it ("60+" past its limit). */
  showcaseCount: string;
};

/** What a first paint drew: showcases (the gallery's first cards, or one), or a profile. */
export type PaintedAnswer = readonly Showcase[] | PaintedProfile;

/** On `<html>` while the first paint is up: index.html's CSS then hides `#root` (still laid out). */
export const FIRST_PAINT_CLASS = 'first-paint';
/** The first paint's content: `aria-hidden` and `inert`, above the hidden app. */
export const FIRST_PAINT_ID = 'first-paint';
/** index.html's "Loading Showcase" progressbar, kept outside `#root` until the app shows. */
export const FIRST_PAINT_PROGRESS_ID = 'first-paint-progress';

/** The first paint's content element, carrying what it drew (a property, not markup). */
type FirstPaintElement = HTMLElement & { painted?: PaintedAnswer };

/** Whether a first paint is up (the app is rendering hidden under it). */
export function firstPaintShown(): boolean {
  return document.documentElement.classList.contains(FIRST_PAINT_CLASS);
}

/** The address (path and query) the first paint drew, or null when none is up. */
export function paintedAddress(): string | null {
  return firstPaintShown()
    ? (document.getElementById(FIRST_PAINT_ID)?.dataset.address ?? null)
    : null;
}

/**
 * Keeps what the first paint read (its REST answer, or the document inlined into the page) on
 * its content element, for the app's first render of the same address.
 */
export function keepPaintedAnswer(content: HTMLElement, painted: PaintedAnswer): void {
  (content as FirstPaintElement).painted = painted;
}

/**
 * What the first paint drew for `address`, while it is up; null otherwise. The app's screen
 * there renders it at once (a server answer read moments ago: the same query with the first
 * step's limit, the same document) and takes over, while its live listeners start; their
 * answers then replace it. It goes with the first paint, so no later visit to the address sees it.
 */
function paintedAnswer(address: string): PaintedAnswer | null {
  if (paintedAddress() !== address) return null;
  const content = document.getElementById(FIRST_PAINT_ID) as FirstPaintElement | null;
  return content?.painted ?? null;
}

/** The showcases the first paint drew for `address` (the gallery's, or one), or null. */
export function paintedShowcases(address: string): readonly Showcase[] | null {
  const painted = paintedAnswer(address);
  return isPaintedProfile(painted) ? null : painted;
}

/** The profile the first paint drew for `address`, or null. */
export function paintedProfile(address: string): PaintedProfile | null {
  const painted = paintedAnswer(address);
  return isPaintedProfile(painted) ? painted : null;
}

export function isPaintedProfile(painted: PaintedAnswer | null): painted is PaintedProfile {
  return painted !== null && !Array.isArray(painted);
}

/**
 * Shows the app and takes the first paint down, in one frame. Safe to call any number of
 * times, with or without a first paint.
 */
export function revealApp(): void {
  if (!firstPaintShown()) return;
  document.getElementById(FIRST_PAINT_ID)?.remove();
  document.getElementById(FIRST_PAINT_PROGRESS_ID)?.remove();
  document.documentElement.classList.remove(FIRST_PAINT_CLASS);
}
