/**
 * Real images in the screen tests' Storage emulator, as a showcase stores them: PNG bytes drawn
 * in the page at each stored width, uploaded as the owner (`Firebase owner`, rules bypassed, as
 * `seedShowcases` writes Firestore), and the entry a showcase's `images` list holds for them
 * (download URLs with their token, dimensions, a ThumbHash of the picture).
 */
import type { ShowcaseImage } from '@showcase/schema';
import { showcaseImagePath } from '@showcase/schema';
import { rgbaToThumbHash } from 'thumbhash';
import { inject } from 'vitest';
import { readFirebaseConfig } from '../config/env';
import { uniqueId } from './emulator-rest';

function bucket(): string {
  return `${readFirebaseConfig().projectId}.appspot.com`;
}

function objectsUrl(): string {
  return `http://${inject('screenStack').storageHost}/v0/b/${bucket()}/o`;
}

/** Where a stored object downloads from (with its token, as `getDownloadURL` returns it). */
function downloadUrl(name: string, token: string): string {
  return `${objectsUrl()}/${encodeURIComponent(name)}?alt=media&token=${token}`;
}

/** Uploads `bytes` under `name` as the owner; returns its download URL. */
export async function uploadObject(name: string, bytes: Blob): Promise<string> {
  const boundary = `b${uniqueId('m').slice(2)}`;
  const body = new Blob([
    `--${boundary}\r\ncontent-type: application/json\r\n\r\n`,
    JSON.stringify({ name, contentType: bytes.type }),
    `\r\n--${boundary}\r\ncontent-type: ${bytes.type}\r\n\r\n`,
    bytes,
    `\r\n--${boundary}--\r\n`,
  ]);
  const response = await fetch(`${objectsUrl()}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      authorization: 'Firebase owner',
      'x-goog-upload-protocol': 'multipart',
      'content-type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Uploading ${name} failed: HTTP ${response.status} ${text}`);
  const { downloadTokens } = JSON.parse(text) as { downloadTokens: string };
  return downloadUrl(name, downloadTokens.split(',')[0]!);
}

/** Two colours side by side, so a crop or a stretch would show. */
function draw(width: number, height: number, colors: readonly [string, string]) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = colors[0];
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = colors[1];
  context.fillRect(width / 2, 0, width - width / 2, height);
  return { canvas, context };
}

function thumbHashOf(width: number, height: number, colors: readonly [string, string]): string {
  // ThumbHash takes at most 100 × 100 pixels.
  const scale = 100 / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const { context } = draw(w, h, colors);
  const hash = rgbaToThumbHash(w, h, context.getImageData(0, 0, w, h).data);
  return btoa(String.fromCharCode(...hash));
}

export type SeedImage = {
  /** The owner's uid and the showcase's id: the Storage path the rules expect. */
  ownerUid: string;
  showcaseId: string;
  /** Pixels of the largest size. */
  width: number;
  height: number;
  alt?: string;
  colors?: readonly [string, string];
  /** The stored widths (no wider than `width`); the largest is `width`. */
  widths?: readonly number[];
  /** Leave the objects out of Storage (deleted, never uploaded): the URLs answer 404. */
  missing?: boolean;
};

/** Draws, uploads and describes one showcase image. */
export async function seedImage({
  ownerUid,
  showcaseId,
  width,
  height,
  alt = '',
  colors = ['#d84315', '#1565c0'],
  widths = [width],
  missing = false,
}: SeedImage): Promise<ShowcaseImage> {
  const id = uniqueId('img');
  const sizes = await Promise.all(
    [...widths]
      .sort((a, b) => a - b)
      .map(async (stored) => {
        const name = showcaseImagePath(ownerUid, showcaseId, id, stored);
        if (missing) return { width: stored, url: downloadUrl(name, 'missing') };
        const { canvas } = draw(stored, Math.round((stored * height) / width), colors);
        const bytes = await canvas.convertToBlob({ type: 'image/png' });
        return { width: stored, url: await uploadObject(name, bytes) };
      }),
  );
  return { id, alt, width, height, placeholder: thumbHashOf(width, height, colors), sizes };
}
