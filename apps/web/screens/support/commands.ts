/**
 * Browser commands: what a screen test asks of the browser that a page cannot do to itself. They
 * run in the Vitest (Node) process with Playwright's handle on the test's page.
 */
import { defaultClientConditions } from 'vite';
import type { BrowserCommand } from 'vitest/node';
import type { ColorScheme } from '../../src/testing/browser-commands';
import { renderFirstPaintTemplates } from '../../vite-plugins/first-paint.ts';
import { SOURCE_CONDITION } from '../../vite.config.ts';

/** Sets `prefers-color-scheme` for the page (the theme follows it, as it follows the system). */
const setColorScheme: BrowserCommand<[scheme: ColorScheme]> = async (context, scheme) => {
  if (context.provider.name !== 'playwright') throw new Error('Screen tests run on Playwright.');
  await context.page.emulateMedia({ colorScheme: scheme });
};

let templates: Promise<string> | null = null;

/**
 * The first paint's templates as the build renders them into index.html (same function, same
 * sources), once per run.
 */
const firstPaintTemplates: BrowserCommand<[]> = () => {
  templates ??= renderFirstPaintTemplates({
    mode: 'test',
    conditions: [SOURCE_CONDITION, ...defaultClientConditions],
  });
  return templates;
};

export const screenCommands = { setColorScheme, firstPaintTemplates };
