/**
 * The screen tests' browser commands (implemented in screens/support/commands.ts, in Node) and
 * the emulator addresses the global setup provides, as types the browser side can call with.
 */
export type ColorScheme = 'light' | 'dark';

/** Where the screen tests' emulators listen (screens/support/global-setup.ts). */
export type ScreenStack = { authUrl: string; firestoreHost: string; storageHost: string };

declare module 'vitest/browser' {
  interface BrowserCommands {
    setColorScheme: (scheme: ColorScheme) => Promise<void>;
    /** Notes the body of each request whose URL matches `pattern` (a RegExp source). */
    recordRequests: (pattern: string) => Promise<void>;
    /** The bodies noted so far, URL-encoded as sent. */
    recordedRequests: () => Promise<string[]>;
    /** Holds each request whose URL matches `pattern` unanswered, until `releaseRequests`. */
    holdRequests: (pattern: string) => Promise<void>;
    heldRequests: () => Promise<number>;
    releaseRequests: () => Promise<void>;
    /** Stops recording, releases what is held, parks the pointer (after each test). */
    resetBrowser: () => Promise<void>;
    /** The first paint's templates file, as the build emits it. */
    firstPaintTemplates: () => Promise<string>;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    screenStack: ScreenStack;
  }
}
