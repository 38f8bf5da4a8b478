// Starting the two emulators: firebase-tools' Auth emulator (Node, in-process) and our Firestore
// emulator (packages/emulator). firebase-tools cannot host a non-Java Firestore emulator, so the
// Firestore one runs standalone beside `firebase emulators:start --only auth`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startAuthEmulatorProxy } from './auth-emulator-proxy.mjs';
import { findFreePort } from './ports.mjs';
import { waitForHttp } from './wait.mjs';

export const PROJECT_ID = 'demo-showcase';
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FIRESTORE_CLI = path.join(REPO_ROOT, 'packages/emulator/dist/cli.js');
export const RULES_FILE = path.join(REPO_ROOT, 'firestore.rules');

const require = createRequire(import.meta.url);

/** Path of firebase-tools' CLI entry, run with this Node (no npx layer between us and it). */
export function firebaseToolsBin() {
  return require.resolve('firebase-tools/lib/bin/firebase.js');
}

/**
 * Writes a firebase.json that only configures the Auth emulator on the given ports, with the UI off.
 * @param {string} dir
 * @param {{ authPort: number, hubPort: number, loggingPort: number }} ports
 */
export function writeAuthEmulatorConfig(dir, { authPort, hubPort, loggingPort }) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'firebase.json');
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      ui: { enabled: false },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/**
 * Starts the Auth emulator and resolves once it answers HTTP.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {{ configDir: string, authPort: number, hubPort: number, loggingPort: number, tmpDir?: string, onExit?: (code: number | null) => void }} options
 */
export async function startAuthEmulator(
  supervisor,
  { configDir, authPort, hubPort, loggingPort, tmpDir, onExit },
) {
  const config = writeAuthEmulatorConfig(configDir, { authPort, hubPort, loggingPort });
  // CI=true makes firebase-tools skip its message-of-the-day fetch from firebaseio.com: the
  // emulators talk to loopback only.
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: 'true' };
  // firebase-tools writes a hub locator file into the temp dir; isolate it for parallel runs.
  if (tmpDir) env.TMPDIR = tmpDir;
  const child = supervisor.spawn(
    'auth-emulator',
    process.execPath,
    [
      firebaseToolsBin(),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      config,
    ],
    { cwd: configDir, env, onExit },
  );
  await waitForHttp(`http://127.0.0.1:${authPort}/`, {
    timeoutMs: 90_000,
    child,
    label: 'The Auth emulator',
  });
  return { url: `http://127.0.0.1:${authPort}`, child };
}

/**
 * Starts the Auth emulator on a free internal port and, on `authPort`, the proxy that lets its
 * Google sign-in pages work offline (scripts/lib/auth-emulator-proxy.mjs). Everyone (app, seed,
 * tests) uses `url`, the proxy. Resolves once both answer; the caller closes `proxy`.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {{ configDir: string, authPort: number, hubPort: number, loggingPort: number, tmpDir?: string, onExit?: (code: number | null) => void }} options
 */
export async function startProxiedAuthEmulator(supervisor, { authPort, ...options }) {
  const internalPort = await findFreePort();
  const emulator = await startAuthEmulator(supervisor, { ...options, authPort: internalPort });
  const proxy = await startAuthEmulatorProxy({ port: authPort, upstreamPort: internalPort });
  return { url: proxy.url, child: emulator.child, proxy };
}

/**
 * Starts the Firestore emulator CLI (already built) and resolves once it answers HTTP.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {{ port: number, rulesFile?: string, importDir?: string, onExit?: (code: number | null) => void }} options
 */
export async function startFirestoreEmulator(supervisor, { port, rulesFile, importDir, onExit }) {
  if (!fs.existsSync(FIRESTORE_CLI)) {
    throw new Error(
      'The Firestore emulator is not built (packages/emulator/dist/cli.js is missing). Run: npm run build -w packages/emulator',
    );
  }
  const args = [
    FIRESTORE_CLI,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--project',
    PROJECT_ID,
  ];
  if (rulesFile && fs.existsSync(rulesFile)) args.push('--rules', rulesFile);
  if (importDir && fs.existsSync(importDir)) args.push('--import', importDir);
  const child = supervisor.spawn('firestore-emulator', process.execPath, args, {
    cwd: REPO_ROOT,
    onExit,
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, {
    timeoutMs: 30_000,
    child,
    label: 'The Firestore emulator',
  });
  return { host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, child };
}

/**
 * Loads rules text into a running Firestore emulator (the same endpoint firebase-tools uses).
 * Returns the compile issues it reports (empty when the rules compiled).
 * @param {string} firestoreUrl
 * @param {string} rulesFile
 */
export async function loadRules(firestoreUrl, rulesFile) {
  const content = fs.readFileSync(rulesFile, 'utf8');
  const response = await fetch(`${firestoreUrl}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: path.basename(rulesFile), content }] } }),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const issues = Array.isArray(body?.issues) ? body.issues : [];
  if (!response.ok && issues.length === 0) {
    return [{ description: text.trim() || `HTTP ${response.status}`, severity: 'ERROR' }];
  }
  return issues;
}

/** Wipes every Firestore document in the emulator (open listeners see the deletes). */
export async function clearFirestore(firestoreUrl) {
  const response = await fetch(
    `${firestoreUrl}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    {
      method: 'DELETE',
    },
  );
  if (!response.ok) throw new Error(`Clearing Firestore failed: HTTP ${response.status}`);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stat = fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name));
    newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** True when dist/cli.js is older than any source, proto or build config of the emulator. */
export function firestoreEmulatorBuildIsStale() {
  if (!fs.existsSync(FIRESTORE_CLI)) return true;
  const pkg = path.join(REPO_ROOT, 'packages/emulator');
  const built = fs.statSync(FIRESTORE_CLI).mtimeMs;
  const inputs = [
    newestMtime(path.join(pkg, 'src')),
    newestMtime(path.join(pkg, 'protos')),
    ...['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => {
      const file = path.join(pkg, f);
      return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    }),
  ];
  return Math.max(...inputs) > built;
}
