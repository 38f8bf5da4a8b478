// The page the Storage conformance suite drives: the unmodified firebase/storage browser build
// (XHR uploads, cross-origin), exposed on globalThis.storageHarness. Bytes cross the page
// boundary as base64 and metadata as plain JSON.
import { initializeApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  ref,
  uploadBytes,
  updateMetadata,
  uploadBytesResumable,
} from 'firebase/storage';
import type {
  FirebaseStorage,
  FullMetadata,
  SettableMetadata,
  UploadMetadata,
} from 'firebase/storage';

let storage: FirebaseStorage | undefined;

function opened(): FirebaseStorage {
  if (storage === undefined) throw new Error('call open() first');
  return storage;
}

function toBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function toBase64(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

/** Metadata without the `ref` getter, as JSON. */
function plain(metadata: FullMetadata): Record<string, unknown> {
  return JSON.parse(JSON.stringify({ ...metadata, ref: undefined })) as Record<string, unknown>;
}

export const storageHarness = {
  open(port: number, bucket: string): void {
    const app = initializeApp({
      projectId: 'demo-conformance',
      apiKey: 'fake-api-key',
      storageBucket: bucket,
    });
    storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', port);
  },
  async upload(
    name: string,
    base64: string,
    metadata: UploadMetadata,
    resumable: boolean,
  ): Promise<Record<string, unknown>> {
    const target = ref(opened(), name);
    const result = resumable
      ? await uploadBytesResumable(target, toBytes(base64), metadata)
      : await uploadBytes(target, toBytes(base64), metadata);
    return plain(result.metadata);
  },
  async download(name: string): Promise<string> {
    return toBase64(await getBytes(ref(opened(), name)));
  },
  async fetchDownloadUrl(name: string): Promise<string> {
    const response = await fetch(await getDownloadURL(ref(opened(), name)));
    return toBase64(await response.arrayBuffer());
  },
  async metadata(name: string): Promise<Record<string, unknown>> {
    return plain(await getMetadata(ref(opened(), name)));
  },
  async list(prefix: string, maxResults: number): Promise<{ items: string[]; prefixes: string[] }> {
    const items: string[] = [];
    const prefixes: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await list(ref(opened(), prefix), {
        maxResults,
        ...(pageToken ? { pageToken } : {}),
      });
      items.push(...page.items.map((r) => r.fullPath));
      prefixes.push(...page.prefixes.map((r) => r.fullPath));
      pageToken = page.nextPageToken;
    } while (pageToken !== undefined);
    return { items, prefixes };
  },
  async update(name: string, metadata: SettableMetadata): Promise<Record<string, unknown>> {
    return plain(await updateMetadata(ref(opened(), name), metadata));
  },
  async remove(name: string): Promise<void> {
    await deleteObject(ref(opened(), name));
  },
  /** The SDK's error code for an operation expected to fail. */
  async failure(operation: () => Promise<unknown>): Promise<string> {
    try {
      await operation();
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
    return 'resolved';
  },
};

export type StorageHarness = typeof storageHarness;

(globalThis as unknown as { storageHarness: StorageHarness }).storageHarness = storageHarness;
