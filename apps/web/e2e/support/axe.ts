/** Accessibility checks for any screen state: axe's serious findings, and sideways overflow. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical axe violations on the current page, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** True when nothing on the page overflows the viewport sideways. */
export function fitsTheWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The two layouts new screens are checked in: desktop, and a 390 px phone. */
export const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '390 px phone', viewport: { width: 390, height: 844 } },
] as const;
