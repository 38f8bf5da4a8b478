import type { Page } from '@playwright/test';
import { fitsTheWidth, seriousViolations } from '../support/axe';
import { expect, signInAt, test } from '../support/fixtures';

// Desktop in light mode and a 360 px phone in dark mode: both widths and both themes are scanned.
const VARIANTS = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' as const },
  { name: '360 px, dark', viewport: { width: 360, height: 740 }, colorScheme: 'dark' as const },
];

const VISITOR_SCREENS: [path: string, ready: (page: Page) => ReturnType<Page['getByRole']>][] = [
  ['/welcome', (page) => page.getByRole('button', { name: 'Continue as guest' })],
  ['/signin', (page) => page.getByRole('button', { name: 'Continue with Google' })],
  ['/signup', (page) => page.getByRole('button', { name: 'Create account', exact: true })],
  ['/reset', (page) => page.getByRole('button', { name: 'Send reset link' })],
];

for (const variant of VARIANTS) {
  test.describe(`axe (${variant.name})`, () => {
    test.use({ viewport: variant.viewport, colorScheme: variant.colorScheme });

    test('/welcome, /signin, /signup and /reset have no serious or critical violations', async ({
      page,
    }) => {
      for (const [path, ready] of VISITOR_SCREENS) {
        await page.goto(path);
        await expect(ready(page)).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
        // Nothing overflows sideways at this width.
        expect(await fitsTheWidth(page), `${path} fits the width`).toBe(true);
      }
    });

    test('/me has no serious or critical violations', async ({ page, member }) => {
      await signInAt(page, member, '/me');
      await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });
  });
}
