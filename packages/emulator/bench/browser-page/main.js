// The browser side of the write-to-listener bench: two Firestore instances of the unmodified
// browser SDK in one page (so one clock times both), a writer and a listener, each with its own
// WebChannel streams to the emulator. `runBench` returns one latency per write.
import { initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  onSnapshot,
  setDoc,
} from 'firebase/firestore';

globalThis.runBench = async ({ host, port, projectId, writes }) => {
  const firestoreFor = (name) => {
    const db = getFirestore(
      initializeApp({ projectId, apiKey: 'bench-key', appId: 'bench' }, name),
    );
    connectFirestoreEmulator(db, host, port);
    return db;
  };
  const writer = firestoreFor('writer');
  const listener = firestoreFor('listener');
  const path = `bench/ping-${Date.now()}`;
  const waiting = new Map();
  await new Promise((resolve, reject) => {
    let first = true;
    onSnapshot(
      doc(listener, path),
      (snapshot) => {
        // Wait for the server's answer, not a snapshot from the empty local cache.
        if (first && !snapshot.metadata.fromCache) {
          first = false;
          resolve();
        }
        const seq = snapshot.get('seq');
        const arrived = performance.now();
        waiting.get(seq)?.(arrived);
      },
      reject,
    );
  });
  const latencies = [];
  for (let seq = 1; seq <= writes; seq++) {
    const seen = new Promise((resolve) => waiting.set(seq, resolve));
    const started = performance.now();
    const written = setDoc(doc(writer, path), { seq, at: Date.now() });
    const arrived = await seen;
    await written;
    waiting.delete(seq);
    latencies.push(arrived - started);
  }
  return latencies;
};
globalThis.benchReady = true;
