// @showcase/dev-stack: what `npm start`, `npm test`, the e2e suite and the benches share.
export { startStack, freeStackPorts, startFirestoreEmulator } from './stack.js';
export type { ReadyStack, Stack, StackAddresses, StackOptions, StackPorts } from './stack.js';
export { startAuthEmulator } from './auth-emulator.js';
export type { AuthEmulator, AuthEmulatorOptions } from './auth-emulator.js';
export { startBuiltWeb } from './web.js';
export type { BuiltWebOptions, BuiltWebServer, RebuildOutcome } from './web.js';
export { EmulatorClient } from './emulator-client.js';
export type {
  AccountRecord,
  DocumentWrite,
  EmulatorAddresses,
  FieldsUpdate,
  FieldsUpdateOutcome,
  ImportedAccount,
  OobCode,
  StoredDocument,
} from './emulator-client.js';
export { fromValue, toValue } from '@showcase/schema';
export type { PlainFields, PlainValue } from '@showcase/schema';
export { seedDemoData } from './seed.js';
export type { SeedResult } from './seed.js';
export { migrateNameTerms, migrateSearchFields, migrateSearchTerms } from './migrate.js';
export type { MigrationResult } from './migrate.js';
export { buildDemoData, DEMO_MEMBERS, DEMO_PASSWORD } from './demo-data.js';
export { createRandom } from './random.js';
export { DEMO_COVERS, renderAvatar, renderCover } from './demo-images.js';
export { CHROMIUM_ARGS, ensureChromium, findChromium } from './chromium.js';
export { GAPI_STANDIN_FILE, GAPI_STANDIN_PATH } from './auth-emulator-proxy.js';
export { findPortProblems, portFromEnv } from './ports.js';
export { openLog, removeFinishedRunDirs, tail } from './logs.js';
export {
  API_KEY,
  PROJECT_ID,
  REPO_ROOT,
  RULES_FILE,
  STORAGE_RULES_FILE,
  WEB_DIR,
} from './paths.js';
export { DEMO_PHOTO_WIDTHS, DEMO_PHOTOS, demoPhotoCount, demoPhotosFor } from './demo-photos.js';
export type { DemoPhoto, DemoPhotoManifest, DemoPhotoVariant } from './demo-photos.js';
export {
  DEMO_BUCKET,
  DEMO_PHOTOS_DIR,
  demoShowcaseImages,
  readDemoPhotoManifest,
  uploadDemoPhotos,
} from './demo-uploads.js';
export type { DemoPhotoTarget, DemoUpload } from './demo-uploads.js';
