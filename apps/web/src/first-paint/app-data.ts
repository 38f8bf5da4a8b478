import type { RestTarget } from './rest';

/**
 * The element holding the first paint's per-build data, written into the built index.html by
 * vite-plugins/first-paint.ts beside the inlined script. A data block, not code: the script's
 * bytes stay the same for every build and mode, so firebase.json's Content-Security-Policy can
 * allow exactly that script by its hash.
 */
export const FIRST_PAINT_APP_ID = 'first-paint-app';

/** What the first paint needs from the build: the app's files and where Firestore's REST API is. */
export type FirstPaintApp = {
  /** The app's entry script and the modules it imports at once, taken out of the HTML. */
  entry: string;
  preloads: string[];
  /**
   * Per route pattern (`/u/:uid`), the files its first screen needs beyond the entry: its
   * screen's chunk with what that imports.
   */
  screens: { pattern: string; files: string[] }[];
  /**
   * Auth's files and the Firestore SDK's, with what they import: needed before the first screen
   * only where someone was signed in in this browser (it waits for Auth's answer, then reads
   * through the SDK). A visitor's screens draw before Auth has answered, and the gallery and a
   * showcase from the first paint's read, before the SDK has loaded.
   */
  signedIn: string[];
  /** The app's components as `<template>`s (an asset of the build). */
  templates: string;
  /** Null when the build has no Firebase configuration: the app shows its error, nothing to read. */
  rest: RestTarget | null;
};

/** The data block's text as the build wrote it; throws when it is missing or not of this shape. */
export function readFirstPaintApp(text: string | null | undefined): FirstPaintApp {
  const value: unknown = JSON.parse(text ?? 'null');
  const app = value as Partial<FirstPaintApp> | null;
  const rest = app?.rest as Partial<RestTarget> | null | undefined;
  if (
    typeof app?.entry !== 'string' ||
    !Array.isArray(app.preloads) ||
    !app.preloads.every((href) => typeof href === 'string') ||
    !Array.isArray(app.screens) ||
    !app.screens.every(
      (screen: Partial<FirstPaintApp['screens'][number]>) =>
        typeof screen.pattern === 'string' &&
        Array.isArray(screen.files) &&
        screen.files.every((href) => typeof href === 'string'),
    ) ||
    !Array.isArray(app.signedIn) ||
    !app.signedIn.every((href) => typeof href === 'string') ||
    typeof app.templates !== 'string' ||
    (rest !== null &&
      (typeof rest?.origin !== 'string' ||
        typeof rest.projectId !== 'string' ||
        (rest.apiKey !== null && typeof rest.apiKey !== 'string')))
  ) {
    throw new Error(`first paint: no valid #${FIRST_PAINT_APP_ID} in the page.`);
  }
  return app as FirstPaintApp;
}

/** Whether `pathname` is one of `pattern`'s addresses (`:name` stands for one segment). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}
