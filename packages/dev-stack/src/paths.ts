// Where things are, and the fixed names of the local project. Both src/ and dist/ sit one level
// below the package, so the same relative paths work from the sources (tests) and the build.
import path from 'node:path';

export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const RULES_FILE = path.join(REPO_ROOT, 'firestore.rules');
export const STORAGE_RULES_FILE = path.join(REPO_ROOT, 'storage.rules');
/** A `demo-` project never reaches Google. */
export const PROJECT_ID = 'demo-showcase';
/** The demo API key of apps/web/.env.development and .env.test (the Auth emulator takes any). */
export const API_KEY = 'demo-api-key';
