// Puts the demo showcases' pictures (demo-photos/, see demo-photos.ts) where an upload from the
// app would: one object per stored width under the owner's path in the Storage emulator, written
// through the Admin SDK, each with a download token, and the showcase's `images` pointing at them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ShowcaseImage } from '@showcase/schema';
import { showcaseImagePath, storageDownloadUrl } from '@showcase/schema';
import type { DemoPhotoManifest } from './demo-photos.js';
import { DEMO_PHOTO_WIDTHS, demoPhotosFor } from './demo-photos.js';
import { PACKAGE_ROOT, PROJECT_ID } from './paths.js';

export const DEMO_PHOTOS_DIR = path.join(PACKAGE_ROOT, 'demo-photos');
/** The demo project's default bucket (what the app's `storageBucket` names). */
export const DEMO_BUCKET = `${PROJECT_ID}.appspot.com`;

/** Where the seed finds the pictures and where they go. */
export type DemoPhotoTarget = {
  /** `host:port` of the Storage emulator. */
  storageHost: string;
  bucket?: string;
  manifest?: DemoPhotoManifest;
};

/** One object to upload: its Storage path, the committed file and its download token. */
export type DemoUpload = { path: string; file: string; token: string };

export function readDemoPhotoManifest(dir = DEMO_PHOTOS_DIR): DemoPhotoManifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as DemoPhotoManifest;
}

/** A stable token per object, so seeding twice writes the same URLs. */
function downloadToken(objectPath: string): string {
  const hex = createHash('sha256').update(`demo:${objectPath}`).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/** The `images` of a demo showcase made from `cover`, and the uploads they need. */
export function demoShowcaseImages(
  target: Required<DemoPhotoTarget>,
  ownerUid: string,
  showcaseId: string,
  cover: string,
): { images: ShowcaseImage[]; uploads: DemoUpload[] } {
  const uploads: DemoUpload[] = [];
  const images = demoPhotosFor(cover).map((photo) => ({
    id: photo.key,
    alt: photo.alt,
    width: photo.width,
    height: photo.height,
    placeholder: target.manifest[photo.key]?.placeholder ?? '',
    sizes: DEMO_PHOTO_WIDTHS.map((width) => {
      const objectPath = showcaseImagePath(ownerUid, showcaseId, photo.key, width);
      const token = downloadToken(objectPath);
      uploads.push({
        path: objectPath,
        file: path.join(DEMO_PHOTOS_DIR, photo.key, `${width}.webp`),
        token,
      });
      return {
        width,
        url: storageDownloadUrl(`http://${target.storageHost}`, target.bucket, objectPath, token),
      };
    }),
  }));
  return { images, uploads };
}

/**
 * Uploads through the Admin SDK (FIREBASE_STORAGE_EMULATOR_HOST points it at the emulator), as
 * a production seed or migration would; rules do not apply to it, as in production.
 */
export async function uploadDemoPhotos(
  storageHost: string,
  uploads: readonly DemoUpload[],
  bucketName = DEMO_BUCKET,
): Promise<void> {
  if (uploads.length === 0) return;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = storageHost;
  // The Admin SDK copies the host into STORAGE_EMULATOR_HOST only when that is unset, so a second
  // stack in the same process (a bench's) would upload into the first one's closed port.
  process.env.STORAGE_EMULATOR_HOST = `http://${storageHost}`;
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: bucketName },
    `showcase-demo-seed-${Date.now()}`,
  );
  try {
    const bucket = getStorage(app).bucket(bucketName);
    // A few at a time: the emulator shares two cores with everything else.
    for (let start = 0; start < uploads.length; start += 8) {
      await Promise.all(
        uploads.slice(start, start + 8).map((upload) =>
          bucket.file(upload.path).save(fs.readFileSync(upload.file), {
            resumable: false,
            contentType: 'image/webp',
            metadata: {
              cacheControl: 'public, max-age=31536000, immutable',
              metadata: { firebaseStorageDownloadTokens: upload.token },
            },
          }),
        ),
      );
    }
  } finally {
    await deleteApp(app);
  }
}
