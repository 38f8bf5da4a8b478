// Renders the demo showcases' raster pictures (packages/dev-stack/src/demo-photos.ts) into
// packages/dev-stack/demo-photos/{key}/{width}.webp with the repository's Chromium (its canvas
// encodes WebP; no native image library), and writes each picture's ThumbHash placeholder to
// demo-photos/manifest.json. The seed uploads these files into the Storage emulator.
// `--check` fails when a picture of the catalog has no file or no placeholder.
/* global document, Image -- the function passed to page.evaluate runs in the page. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { rgbaToThumbHash } from 'thumbhash';
import { CHROMIUM_ARGS, DEMO_PHOTO_WIDTHS, DEMO_PHOTOS, ensureChromium } from '@showcase/dev-stack';

const outDir = path.resolve(import.meta.dirname, '../packages/dev-stack/demo-photos');
const manifestFile = path.join(outDir, 'manifest.json');
const fileOf = (key, width) => path.join(outDir, key, `${width}.webp`);

if (process.argv.includes('--check')) {
  const manifest = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : {};
  const missing = DEMO_PHOTOS.flatMap((photo) => [
    ...DEMO_PHOTO_WIDTHS.filter((width) => !fs.existsSync(fileOf(photo.key, width))).map(
      (width) => `${photo.key}/${width}.webp`,
    ),
    ...(manifest[photo.key]?.placeholder ? [] : [`${photo.key} placeholder`]),
  ]);
  if (missing.length > 0) {
    console.error(
      `Demo photos are missing (${missing.join(', ')}). Run: node scripts/generate-demo-photos.mjs`,
    );
    process.exit(1);
  }
  console.log(`Demo photos up to date (${DEMO_PHOTOS.length} pictures).`);
  process.exit(0);
}

const browser = await chromium.launch({
  executablePath: ensureChromium().path,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  const manifest = {};
  for (const photo of DEMO_PHOTOS) {
    const rendered = await page.evaluate(
      async ({ svg, widths, ratio }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const draw = (width, height) => {
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0, width, height);
          return { canvas, context };
        };
        const files = widths.map((width) => {
          const { canvas } = draw(width, Math.round(width * ratio));
          return canvas.toDataURL('image/webp', 0.8).split(',')[1];
        });
        // ThumbHash wants at most 100 × 100 pixels.
        const small = ratio <= 1 ? [100, Math.round(100 * ratio)] : [Math.round(100 / ratio), 100];
        const { context } = draw(small[0], small[1]);
        const pixels = Array.from(context.getImageData(0, 0, small[0], small[1]).data);
        return { files, small, pixels };
      },
      { svg: photo.svg, widths: [...DEMO_PHOTO_WIDTHS], ratio: photo.height / photo.width },
    );
    DEMO_PHOTO_WIDTHS.forEach((width, index) => {
      const bytes = Buffer.from(rendered.files[index], 'base64');
      if (bytes.subarray(8, 12).toString('ascii') !== 'WEBP')
        throw new Error(`Chromium did not encode ${photo.key} as WebP.`);
      fs.mkdirSync(path.dirname(fileOf(photo.key, width)), { recursive: true });
      fs.writeFileSync(fileOf(photo.key, width), bytes);
    });
    const hash = rgbaToThumbHash(
      rendered.small[0],
      rendered.small[1],
      Uint8Array.from(rendered.pixels),
    );
    manifest[photo.key] = { placeholder: Buffer.from(hash).toString('base64') };
  }
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${DEMO_PHOTOS.length} demo photos to ${path.relative(process.cwd(), outDir)}`);
} finally {
  await browser.close();
}
