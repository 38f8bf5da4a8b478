// The selected sort is the most prominent toggle in light and dark mode alike: filled, its text
// readable on the fill, where the unselected one is the page's own background.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { LAYOUTS, setLayout } from '../../src/testing/layout';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

type Rgba = [number, number, number, number];

function rgba(color: string): Rgba {
  const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

/** WCAG relative luminance of an opaque colour. */
function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** What a toggle paints over the page: its fill blended onto the page background. */
function painted(element: Element, pageColor: Rgba): Rgba {
  const [r, g, b, a] = rgba(getComputedStyle(element).backgroundColor);
  return [
    r * a + pageColor[0] * (1 - a),
    g * a + pageColor[1] * (1 - a),
    b * a + pageColor[2] * (1 - a),
    1,
  ];
}

describe.each(LAYOUTS.filter((layout) => layout.width === 1280))(
  'sort toggles at $name',
  (layout) => {
    test('the selected one stands out most, its text readable', async () => {
      await setLayout(layout);
      const tag = uniqueTag('sort');
      await seedShowcases([{ title: `Sorted ${tag}`, tags: [tag] }]);
      await renderApp({ path: `/?tag=${tag}&sort=liked` });
      await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
      const selected = page.getByRole('button', { name: 'Most liked', pressed: true });
      const other = page.getByRole('button', { name: 'Newest', pressed: false });
      await expect.element(selected).toBeVisible();
      await transitionsSettled();

      const pageColor = rgba(getComputedStyle(document.body).backgroundColor);
      const selectedFill = painted(selected.element(), pageColor);
      const otherFill = painted(other.element(), pageColor);
      expect(contrast(selectedFill, pageColor)).toBeGreaterThan(3);
      expect(contrast(selectedFill, pageColor)).toBeGreaterThan(contrast(otherFill, pageColor) + 1);
      const text = rgba(getComputedStyle(selected.element()).color);
      expect(contrast(text, selectedFill)).toBeGreaterThanOrEqual(4.5);
    });
  },
);
