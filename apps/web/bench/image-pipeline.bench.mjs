// The image pipeline, for `npm run bench` (`--only image-pipeline` runs it alone): a 12-megapixel
// JPEG processed by the app's worker (four WebP widths, placeholder, metadata dropped), and those
// widths uploaded to the Storage emulator by the app's upload code (the Firebase SDK's resumable
// uploads, then each download URL). Each has a floor measured in the same page, alternating with
// it run by run: a bare decode and one WebP encode of the largest width, and one plain fetch per
// width with the same bytes. Runs in the stack's dev server (image-pipeline.html).
/* global window */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';
import { withBenchStack } from './bench-stack.mjs';

export const title = 'image pipeline (12-megapixel JPEG: worker, then Storage emulator)';
export const scenarios = ['image-pipeline'];
export const peerLabel = 'floor (same page)';
export const ratioLabel = 'ours ÷ floor';
export const legend =
  "Image pipeline: medians, ours and the floor alternating in one Chromium page. Processing floor: createImageBitmap + one convertToBlob (WebP, the largest width) on the page; ours does four widths, the ThumbHash and the metadata strip in the worker. Upload floor: one fetch (GCS media upload) per width with the same bytes; ours is the SDK's resumable upload (start, bytes, finish) and getDownloadURL per width.";

const SETTINGS = { full: { runs: 7, warmUp: 2 }, quick: { runs: 3, warmUp: 1 } };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${value.toFixed(0)} ms`;

export async function run({ log, selected, quick }) {
  if (!selected('image-pipeline')) return [];
  const { runs, warmUp } = quick ? SETTINGS.quick : SETTINGS.full;
  return withBenchStack(
    'images',
    log,
    async (stack) => {
      const account = { email: `bench-${randomUUID()}@example.com`, password: 'bench-password-1' };
      await stack.client.signUp({ ...account, displayName: 'Bench' });
      const browser = await chromium.launch({
        executablePath: ensureChromium().path,
        args: CHROMIUM_ARGS,
      });
      try {
        const page = await browser.newPage();
        page.on('pageerror', (error) => log(`page error: ${error.message}`));
        await page.goto(`${stack.appUrl}/bench/image-pipeline.html`);
        await page.waitForFunction(() => window.imageBench !== undefined, null, {
          timeout: 120_000,
        });
        const jpegBytes = await page.evaluate(() => window.imageBench.makePhoto());
        await page.evaluate(
          ([email, password]) => window.imageBench.signIn(email, password),
          [account.email, account.password],
        );
        const ours = { process: [], upload: [] };
        const floor = { process: [], upload: [] };
        let output = { widths: [], bytes: 0 };
        for (let i = 0; i < warmUp + runs; i++) {
          const counted = i >= warmUp;
          const floorProcess = await page.evaluate(() => window.imageBench.floorProcess());
          output = await page.evaluate(() => window.imageBench.process());
          const upload = await page.evaluate((n) => window.imageBench.upload(n), i);
          const floorUpload = await page.evaluate((n) => window.imageBench.floorUpload(n), i);
          if (!counted) continue;
          floor.process.push(floorProcess);
          ours.process.push(output.ms);
          ours.upload.push(upload);
          floor.upload.push(floorUpload);
        }
        log(
          `image pipeline: ${(jpegBytes / 1e6).toFixed(1)} MB JPEG → widths ${output.widths.join(', ')} (${(output.bytes / 1e6).toFixed(2)} MB WebP)`,
        );
        const row = (figure, mine, theirs, note) => ({
          figure,
          measured: ms(median(mine)),
          peer: ms(median(theirs)),
          ratio: `${(median(mine) / median(theirs)).toFixed(2)}×`,
          note: `${note}; median of ${runs}`,
        });
        return [
          row(
            'process a 12 MP JPEG in the worker (4 widths, placeholder, strip)',
            ours.process,
            floor.process,
            `${(jpegBytes / 1e6).toFixed(1)} MB JPEG → ${(output.bytes / 1e6).toFixed(2)} MB WebP`,
          ),
          row(
            'upload its widths to the Storage emulator (SDK resumable + URL)',
            ours.upload,
            floor.upload,
            `${output.widths.length} objects`,
          ),
        ];
      } finally {
        await browser.close();
      }
    },
    { web: 'dev' },
  );
}
