// Renders the PWA icons (public/pwa-*.png, apple-touch-icon.png) from the brand mark with
// headless Chromium, so the PNGs in the repo can be regenerated from this one source.
// Run: node apps/web/scripts/generate-pwa-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const BRAND = '#4338ca';

/** The four-tile mark; `padding` (0–1) leaves the safe zone maskable icons need. */
function markSvg(size, { padding = 0, rounded = true } = {}) {
  const inner = 64 * (1 - padding);
  const offset = (64 - inner) / 2;
  const scale = inner / 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="#fff">
    <rect x="14" y="14" width="16" height="16" rx="3"/>
    <rect x="34" y="14" width="16" height="16" rx="3" opacity=".7"/>
    <rect x="14" y="34" width="16" height="16" rx="3" opacity=".7"/>
    <rect x="34" y="34" width="16" height="16" rx="3"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'pwa-192.png', size: 192, options: {} },
  { file: 'pwa-512.png', size: 512, options: {} },
  // Maskable: full-bleed square, content inside the central 80 % safe zone.
  { file: 'pwa-maskable-512.png', size: 512, options: { padding: 0.2, rounded: false } },
  { file: 'apple-touch-icon.png', size: 180, options: { rounded: false } },
];

const browser = await chromium.launch({
  executablePath: ensureChromium().path,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  for (const { file, size, options } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${markSvg(size, options)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    fs.writeFileSync(path.join(PUBLIC_DIR, file), png);
    console.log(`wrote public/${file} (${size}×${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
