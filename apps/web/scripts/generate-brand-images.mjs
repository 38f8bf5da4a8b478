// Renders the brand's PNGs with headless Chromium from this one source, so the committed files
// can be regenerated: the PWA icons (public/pwa-*.png, apple-touch-icon.png) from the mark, and
// the 1200×630 link-preview image (public/og-image.png, index.html's Open Graph tags).
// Run: node apps/web/scripts/generate-brand-images.mjs
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

/**
 * The link preview every shared address shows (a static host cannot render one per showcase):
 * the mark, the name and what the site is for, over a few tiles standing for showcases.
 * Flat colours keep the PNG small (a gradient's dithering makes it ten times larger), and the
 * text uses a font common on Linux, so a regenerated image looks the same.
 */
function previewHtml() {
  const tile = (x, y, w, h, fill, opacity) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${fill}" opacity="${opacity}"/>`;
  return `<html><body style="margin:0">
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#3730a3"/>
  <g>
    ${tile(760, 70, 190, 150, '#fff', 0.18)}${tile(970, 70, 190, 230, '#fff', 0.1)}
    ${tile(760, 240, 190, 230, '#fff', 0.1)}${tile(970, 320, 190, 150, '#fff', 0.18)}
    ${tile(760, 490, 190, 190, '#fff', 0.14)}${tile(970, 490, 190, 190, '#fff', 0.08)}
  </g>
  <g transform="translate(96 150)">${markSvg(112, { rounded: true })
    .replace(/^<svg[^>]*>/, '<svg x="0" y="0" width="112" height="112" viewBox="0 0 64 64">')
    .replace(`fill="${BRAND}"`, 'fill="#fff" fill-opacity=".14"')}</g>
  <g font-family="'Liberation Sans', 'DejaVu Sans', Arial, sans-serif" fill="#fff">
    <text x="96" y="360" font-size="96" font-weight="700" letter-spacing="-2">Showcase</text>
    <text x="98" y="430" font-size="36" fill-opacity=".86">Publish what you made.</text>
    <text x="98" y="478" font-size="36" fill-opacity=".86">Browse what others made, live.</text>
  </g>
</svg></body></html>`;
}

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
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(previewHtml());
  const preview = await page.locator('svg').first().screenshot();
  fs.writeFileSync(path.join(PUBLIC_DIR, 'og-image.png'), preview);
  console.log(`wrote public/og-image.png (1200×630, ${preview.length} bytes)`);
} finally {
  await browser.close();
}
