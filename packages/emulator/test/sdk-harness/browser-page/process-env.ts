// What the suites read from their environment, from the page URL. The Firestore suite reads its
// target from `process.env` (the SDK's own browser runner defines it too): the emulator port
// comes from `?port=`, and persistence stays enabled so every suite also runs with the
// IndexedDB cache. The Storage suite calls plain `getStorage()` and `getAuth()`, which connect
// to the emulators named in `__FIREBASE_DEFAULTS__` (as firebase-tools' hosting sets it):
// `?storage=host:port&auth=host:port`.
const params = new URLSearchParams(
  (globalThis as unknown as { location: { search: string } }).location.search,
);
const port = params.get('port') ?? '8080';
(globalThis as { process?: unknown }).process = {
  env: { FIRESTORE_EMULATOR_PORT: port, INCLUDE_FIRESTORE_PERSISTENCE: 'true' },
};
const storage = params.get('storage');
const auth = params.get('auth');
if (storage !== null && auth !== null) {
  (globalThis as { __FIREBASE_DEFAULTS__?: unknown }).__FIREBASE_DEFAULTS__ = {
    emulatorHosts: { storage, auth },
  };
}
