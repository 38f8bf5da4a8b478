/**
 * Browser commands: what a screen test asks of the browser that a page cannot do to itself. They
 * run in the Vitest (Node) process with Playwright's handle on the test's page.
 */
import type { BrowserCommand } from 'vitest/node';
import type { ColorScheme } from '../../src/testing/browser-commands';

/** Sets `prefers-color-scheme` for the page (the theme follows it, as it follows the system). */
const setColorScheme: BrowserCommand<[scheme: ColorScheme]> = async (context, scheme) => {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  await context.page.emulateMedia({ colorScheme: scheme });
};

export const screenCommands = { setColorScheme };
