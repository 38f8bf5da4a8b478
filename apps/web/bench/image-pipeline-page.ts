// The page image-pipeline.bench.mjs drives (served by the stack's Vite dev server): the app's own
// worker and upload code, and beside them their floors, in the same page on the same image.
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { IMAGE_WIDTHS, showcaseImagePath } from '@showcase/schema';
import { getFirebaseApp } from '../src/lib/firebase/app';
import { authEmulatorUrl, storageEmulatorTarget } from '../src/lib/firebase/emulators';
import { uploadImageObject } from '../src/lib/firebase/storage';
import { createImageProcessor } from '../src/lib/images/image-processor';
import { WEBP_QUALITY } from '../src/lib/images/process-image';

declare global {
  interface Window {
    imageBench: typeof imageBench;
  }
}

let photo: Blob | null = null;
let sizes: { width: number; blob: Blob }[] = [];
let uid = '';
let idToken = '';
const processor = createImageProcessor();

/** A 4000 × 3000 JPEG (12 megapixels) with what a photo has: gradients, stripes and grain. */
async function makePhoto(): Promise<number> {
  const canvas = new OffscreenCanvas(4000, 3000);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, 4000, 3000);
  gradient.addColorStop(0, '#1d3557');
  gradient.addColorStop(0.5, '#e9c46a');
  gradient.addColorStop(1, '#e76f51');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 4000, 3000);
  for (let i = 0; i < 4000; i += 7) {
    context.fillStyle = `hsla(${(i * 37) % 360}, 60%, 50%, 0.25)`;
    context.fillRect(i, (i * 13) % 3000, 3, 600);
  }
  // Sensor-like grain, so the JPEG weighs what a phone's does (a few MB), not a flat drawing's.
  const pixels = context.getImageData(0, 0, 4000, 3000);
  let seed = 1;
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const grain = (seed % 25) - 12;
    pixels.data[i] = pixels.data[i]! + grain;
    pixels.data[i + 1] = pixels.data[i + 1]! + grain;
    pixels.data[i + 2] = pixels.data[i + 2]! + grain;
  }
  context.putImageData(pixels, 0, 0);
  photo = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  return photo.size;
}

const imageBench = {
  makePhoto,
  async signIn(email: string, password: string): Promise<void> {
    const auth = getAuth(getFirebaseApp());
    connectAuthEmulator(auth, authEmulatorUrl()!, { disableWarnings: true });
    const credential = await signInWithEmailAndPassword(auth, email, password);
    uid = credential.user.uid;
    idToken = await credential.user.getIdToken();
  },
  /** The app's pipeline in its worker: every stored width, the placeholder, metadata dropped. */
  async process(): Promise<{ ms: number; widths: number[]; bytes: number }> {
    const started = performance.now();
    const image = await processor.process(photo!, 'bench.jpg', IMAGE_WIDTHS);
    const ms = performance.now() - started;
    sizes = image.sizes.map(({ width, blob }) => ({ width, blob }));
    return {
      ms,
      widths: sizes.map((s) => s.width),
      bytes: sizes.reduce((sum, s) => sum + s.blob.size, 0),
    };
  },
  /** Floor: decode once and encode the largest width once, on this page's thread. */
  async floorProcess(): Promise<number> {
    const started = performance.now();
    const bitmap = await createImageBitmap(photo!, { imageOrientation: 'from-image' });
    const width = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const canvas = new OffscreenCanvas(width, Math.round((bitmap.height * width) / bitmap.width));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    await canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
    bitmap.close();
    return performance.now() - started;
  },
  /** The app's upload: each width in turn, resumable, then its download URL. */
  async upload(run: number): Promise<number> {
    const started = performance.now();
    for (const { width, blob } of sizes) {
      const path = showcaseImagePath(uid, 'bench', `sdk${run}`, width);
      await uploadImageObject(path, blob, () => undefined).done;
    }
    return performance.now() - started;
  },
  /** Floor: one plain fetch per width with the same bytes (a single-request media upload). */
  async floorUpload(run: number): Promise<number> {
    const { host, port } = storageEmulatorTarget()!;
    const bucket = `${getFirebaseApp().options.projectId}.firebasestorage.app`;
    const started = performance.now();
    for (const { width, blob } of sizes) {
      const name = showcaseImagePath(uid, 'bench', `fetch${run}`, width);
      const url = `http://${host}:${port}/upload/storage/v1/b/${bucket}/o?uploadType=media&name=${encodeURIComponent(name)}`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'image/webp' },
        body: blob,
      });
      if (!response.ok)
        throw new Error(`floor upload: HTTP ${response.status} ${await response.text()}`);
    }
    return performance.now() - started;
  },
};

window.imageBench = imageBench;
