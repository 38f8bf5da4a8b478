import type { FirebaseStorage, UploadTask } from 'firebase/storage';
import {
  connectStorageEmulator,
  deleteObject,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytesResumable,
} from 'firebase/storage';
import { readFirebaseConfig } from '../../config/env';
import { getFirebaseApp } from './app';
import { storageEmulatorTarget } from './emulators';

let storage: FirebaseStorage | undefined;

/**
 * The one Storage instance, created on first use (only the editor and the profile screen upload,
 * so other screens never load this SDK). A cut connection fails an upload after a minute rather
 * than the SDK's ten: the app keeps the picture on the device and resumes when back online.
 */
export function getImageStorage(): FirebaseStorage {
  if (storage) return storage;
  const { projectId } = readFirebaseConfig();
  const bucket =
    (import.meta.env.VITE_FIREBASE_STORAGE_BUCKET as string | undefined) ||
    `${projectId}.firebasestorage.app`;
  storage = getStorage(getFirebaseApp(), `gs://${bucket}`);
  storage.maxUploadRetryTime = 60_000;
  const emulator = storageEmulatorTarget();
  if (emulator) connectStorageEmulator(storage, emulator.host, emulator.port);
  return storage;
}

/** One object being uploaded: its progress, and the user's Cancel. */
export type ObjectUpload = {
  /** The object's download URL once stored; rejects with the StorageError (`storage/canceled`…). */
  done: Promise<string>;
  cancel: () => void;
  pause: () => void;
  resume: () => void;
};

/**
 * Uploads `bytes` to `path` as WebP (what the device's pipeline produced) with a resumable
 * upload, reporting bytes sent. Objects are never overwritten (`storage.rules` allow no update):
 * an edit stores a new image id.
 */
export function uploadImageObject(
  path: string,
  bytes: Blob,
  onProgress: (sentBytes: number, totalBytes: number) => void,
): ObjectUpload {
  const objectRef = ref(getImageStorage(), path);
  const task: UploadTask = uploadBytesResumable(objectRef, bytes, {
    contentType: 'image/webp',
    // Immutable: a new image is a new path.
    cacheControl: 'public, max-age=31536000, immutable',
  });
  const done = new Promise<string>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onProgress(snapshot.bytesTransferred, snapshot.totalBytes),
      reject,
      () => {
        getDownloadURL(task.snapshot.ref).then(resolve, reject);
      },
    );
  });
  return {
    done,
    cancel: () => void task.cancel(),
    pause: () => void task.pause(),
    resume: () => void task.resume(),
  };
}

/** Deletes stored objects; one already gone counts as deleted (a retried removal). */
export async function deleteImageObjects(paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map((path) =>
      deleteObject(ref(getImageStorage(), path)).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
      }),
    ),
  );
}
