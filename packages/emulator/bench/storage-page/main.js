// The browser side of the Storage transfer bench: the unmodified browser SDK uploads the same
// bytes with `uploadBytesResumable` and reads them back with `getBytes`, against whichever server
// it is pointed at (the emulator or the bare floor). Each call returns the milliseconds it took.
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getStorage,
  ref,
  uploadBytesResumable,
} from 'firebase/storage';

let apps = 0;

function storageAt({ port, bucket }) {
  const app = initializeApp({ projectId: 'demo-bench', storageBucket: bucket }, `bench-${apps++}`);
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', port);
  return { app, storage };
}

/** The same pseudo-random bytes for every call with the same size (no allocation timed). */
const payloads = new Map();
function payload(bytes) {
  let data = payloads.get(bytes);
  if (data === undefined) {
    data = new Uint8Array(bytes);
    let x = 2463534242;
    for (let i = 0; i < bytes; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      data[i] = x & 0xff;
    }
    payloads.set(bytes, data);
  }
  return data;
}

globalThis.uploadOnce = async ({ port, bucket, path, bytes }) => {
  const { app, storage } = storageAt({ port, bucket });
  const data = payload(bytes);
  try {
    const started = performance.now();
    const snapshot = await uploadBytesResumable(ref(storage, path), data);
    const ms = performance.now() - started;
    if (snapshot.totalBytes !== bytes) throw new Error(`uploaded ${snapshot.totalBytes} bytes`);
    return ms;
  } finally {
    await deleteApp(app);
  }
};

globalThis.downloadOnce = async ({ port, bucket, path, bytes }) => {
  const { app, storage } = storageAt({ port, bucket });
  try {
    const started = performance.now();
    const data = await getBytes(ref(storage, path));
    const ms = performance.now() - started;
    if (data.byteLength !== bytes) throw new Error(`downloaded ${data.byteLength} bytes`);
    return ms;
  } finally {
    await deleteApp(app);
  }
};

globalThis.benchReady = true;
