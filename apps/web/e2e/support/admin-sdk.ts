/**
 * Cloud Storage and Firestore seen through the Admin SDK (pointed at this run's emulators), as a
 * production check or clean-up would see them: list a folder, read an object's bytes, a
 * document's create and update times. Rules do not apply to it.
 */
import type { App } from 'firebase-admin/app';
import { PROJECT_ID } from '@showcase/dev-stack';
import { stack } from './env';

let app: Promise<App> | undefined;

async function adminApp(): Promise<App> {
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = stack().storageHost;
  process.env.FIRESTORE_EMULATOR_HOST = stack().firestoreHost;
  // Not on Google Cloud: no need to ask its metadata server for credentials (a warning).
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { initializeApp } = await import('firebase-admin/app');
  return initializeApp({ projectId: PROJECT_ID }, `showcase-e2e-admin-${process.pid}`);
}

async function bucket(name: string) {
  app ??= adminApp();
  const { getStorage } = await import('firebase-admin/storage');
  return getStorage(await app).bucket(name);
}

/** The names of the objects under `prefix` in `bucketName`. */
export async function listObjectNames(bucketName: string, prefix: string): Promise<string[]> {
  const [files] = await (await bucket(bucketName)).getFiles({ prefix });
  return files.map((file) => file.name).sort();
}

/**
 * When a document was created and last written (ISO times), or undefined when missing: equal
 * times mean it was written exactly once.
 */
export async function documentTimes(
  path: string,
): Promise<{ created: string; updated: string } | undefined> {
  app ??= adminApp();
  const { getFirestore } = await import('firebase-admin/firestore');
  const snapshot = await getFirestore(await app)
    .doc(path)
    .get();
  if (!snapshot.exists) return undefined;
  return {
    created: snapshot.createTime!.toDate().toISOString(),
    updated: snapshot.updateTime!.toDate().toISOString(),
  };
}

/** One object's bytes. */
export async function readObject(bucketName: string, name: string): Promise<Uint8Array> {
  const [bytes] = await (await bucket(bucketName)).file(name).download();
  return new Uint8Array(bytes);
}

/** The bucket and object name of a download URL (`…/v0/b/{bucket}/o/{name}?…`). */
export function objectOfDownloadUrl(url: string): { bucket: string; name: string } {
  const match = /\/v0\/b\/([^/]+)\/o\/([^?]+)/.exec(url);
  if (!match) throw new Error(`Not a download URL: ${url}`);
  return { bucket: match[1]!, name: decodeURIComponent(match[2]!) };
}

/**
 * A WebP file's pixel size and chunk names, read from its RIFF chunks: VP8X's canvas, else the
 * VP8L or VP8 frame header.
 */
export function webpInfo(bytes: Uint8Array): { width: number; height: number; chunks: string[] } {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (text(0) !== 'RIFF' || text(8) !== 'WEBP') throw new Error('Not a WebP file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: string[] = [];
  let size: { width: number; height: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const name = text(at);
    const length = view.getUint32(at + 4, true);
    const data = at + 8;
    chunks.push(name);
    const u24 = (offset: number) =>
      bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);
    if (name === 'VP8X') size ??= { width: u24(data + 4) + 1, height: u24(data + 7) + 1 };
    if (name === 'VP8L' && size === undefined) {
      const bits = view.getUint32(data + 1, true);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (name === 'VP8 ' && size === undefined)
      size = {
        width: view.getUint16(data + 6, true) & 0x3fff,
        height: view.getUint16(data + 8, true) & 0x3fff,
      };
    at = data + length + (length % 2);
  }
  if (size === undefined) throw new Error('A WebP file without a frame');
  return { ...size, chunks };
}
