/**
 * The screen tests' browser commands (implemented in screens/support/commands.ts, in Node) and
 * the emulator addresses the global setup provides, as types the browser side can call with.
 */
export type ColorScheme = 'light' | 'dark';

/** Where the screen tests' emulators listen (screens/support/global-setup.ts). */
export type ScreenStack = { authUrl: string; firestoreHost: string };

declare module 'vitest/browser' {
  interface BrowserCommands {
    setColorScheme: (scheme: ColorScheme) => Promise<void>;
    /** The first paint's `<template>`s, as the build puts them into index.html. */
    firstPaintTemplates: () => Promise<string>;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    screenStack: ScreenStack;
  }
}
