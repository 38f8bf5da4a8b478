// The suite reads its target from `process.env` (the SDK's own browser runner defines it too):
// the emulator port comes from the page URL (`?port=`), and persistence stays enabled so every
// suite also runs with the IndexedDB cache.
const { search } = (globalThis as unknown as { location: { search: string } }).location;
const port = new URLSearchParams(search).get('port') ?? '8080';
(globalThis as { process?: unknown }).process = {
  env: { FIRESTORE_EMULATOR_PORT: port, INCLUDE_FIRESTORE_PERSISTENCE: 'true' },
};
