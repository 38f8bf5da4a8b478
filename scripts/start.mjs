// `npm start`: install if needed, build the Firestore emulator, start the Auth emulator (behind a
// small in-process proxy so Google sign-in works offline), the Firestore emulator and the web app,
// seed demo data, and print one line with the app's address.
// Ctrl-C stops everything; children run in their own process groups and are stopped as groups.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  PROJECT_ID,
  REPO_ROOT,
  RULES_FILE,
  firestoreEmulatorBuildIsStale,
  loadRules,
  startFirestoreEmulator,
  startProxiedAuthEmulator,
} from './lib/emulators.mjs';
import { installIfNeeded } from './lib/install.mjs';
import { findPortProblems, portFromEnv } from './lib/ports.mjs';
import { Supervisor } from './lib/processes.mjs';
import { startViteDev } from './lib/web.mjs';

const DATA_DIR = path.join(REPO_ROOT, '.data');
const LOG_DIR = path.join(DATA_DIR, 'logs');
const relative = (file) => path.relative(process.cwd(), file) || '.';

function fail(message) {
  console.error(message);
  process.exit(1);
}

let ports;
try {
  ports = {
    web: portFromEnv('SHOWCASE_WEB_PORT', 5173),
    auth: portFromEnv('SHOWCASE_AUTH_PORT', 9099),
    firestore: portFromEnv('SHOWCASE_FIRESTORE_PORT', 8080),
    hub: portFromEnv('SHOWCASE_HUB_PORT', 4400),
    logging: portFromEnv('SHOWCASE_LOGGING_PORT', 4500),
  };
} catch (error) {
  fail(error.message);
}

// 1. Every port up front, before anything is installed or started.
const problems = await findPortProblems([
  { port: ports.web, label: 'web app', envVar: 'SHOWCASE_WEB_PORT' },
  { port: ports.auth, label: 'Auth emulator', envVar: 'SHOWCASE_AUTH_PORT' },
  { port: ports.firestore, label: 'Firestore emulator', envVar: 'SHOWCASE_FIRESTORE_PORT' },
  { port: ports.hub, label: 'Firebase emulator hub', envVar: 'SHOWCASE_HUB_PORT' },
  { port: ports.logging, label: 'Firebase emulator logging', envVar: 'SHOWCASE_LOGGING_PORT' },
]);
if (problems.length > 0) fail(problems.join('\n'));

// 2. Dependencies and the emulator build.
try {
  installIfNeeded();
} catch (error) {
  fail(error.message);
}
if (firestoreEmulatorBuildIsStale()) {
  console.log('Building the Firestore emulator…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'packages/emulator', '--silent'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) fail('Building the Firestore emulator failed (see above).');
}

// 3. The processes.
const supervisor = new Supervisor({ logDir: LOG_DIR });
let shuttingDown = false;
/** The proxy in front of the Auth emulator runs in this process (see startProxiedAuthEmulator). */
let authProxy;

async function shutdown(exitCode) {
  if (shuttingDown) return;
  shuttingDown = true;
  await Promise.all([supervisor.stopAll(), authProxy?.close()]);
  process.exit(exitCode);
}

function onUnexpectedExit(name) {
  return (code, signal) => {
    if (shuttingDown) return;
    const logName = {
      'The Auth emulator': 'auth-emulator',
      'The Firestore emulator': 'firestore-emulator',
      'The web app': 'web',
    }[name];
    console.error(
      `${name} stopped unexpectedly (${signal ?? `exit code ${code}`}). Last lines of ${relative(path.join(LOG_DIR, `${logName}.log`))}:`,
    );
    console.error(supervisor.tail(logName));
    void shutdown(1);
  };
}

let interrupted = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted += 1;
    if (interrupted > 1) {
      // A second Ctrl-C: do not wait for graceful shutdown.
      supervisor.onExit();
      process.exit(130);
    }
    console.log('\nStopping Showcase…');
    void shutdown(0);
  });
}

const authUrl = `http://127.0.0.1:${ports.auth}`;
const firestoreHost = `127.0.0.1:${ports.firestore}`;
const firestoreUrl = `http://${firestoreHost}`;
const appUrl = `http://127.0.0.1:${ports.web}`;

try {
  await Promise.all([
    startProxiedAuthEmulator(supervisor, {
      configDir: path.join(DATA_DIR, 'firebase'),
      authPort: ports.auth,
      hubPort: ports.hub,
      loggingPort: ports.logging,
      onExit: onUnexpectedExit('The Auth emulator'),
    }).then((auth) => {
      authProxy = auth.proxy;
      if (shuttingDown) void auth.proxy.close();
    }),
    startFirestoreEmulator(supervisor, {
      port: ports.firestore,
      rulesFile: RULES_FILE,
      onExit: onUnexpectedExit('The Firestore emulator'),
    }),
  ]);
  const { seedDemoData } = await import('./seed.mjs');
  const [seeded] = await Promise.all([
    seedDemoData({ authUrl, firestoreUrl, appOrigin: appUrl }),
    startViteDev(supervisor, {
      port: ports.web,
      authUrl,
      firestoreHost,
      onExit: onUnexpectedExit('The web app'),
    }),
  ]);
  if (shuttingDown) await new Promise(() => {});
  console.log(`Showcase is running at ${appUrl}`);
  const demo = seeded.members[0];
  console.log(
    `  Auth emulator ${authUrl} · Firestore emulator ${firestoreUrl} (project ${PROJECT_ID}) · logs in ${relative(LOG_DIR)}`,
  );
  console.log(
    `  Demo sign-in: ${demo.email} / ${demo.password} (all demo accounts are in the README). Ctrl-C stops everything.`,
  );
} catch (error) {
  if (shuttingDown) await new Promise(() => {});
  console.error(
    `Could not start Showcase: ${error instanceof Error ? error.message : String(error)}`,
  );
  for (const name of ['auth-emulator', 'firestore-emulator', 'web']) {
    const tail = supervisor.tail(name, 8);
    if (tail)
      console.error(`--- ${name} (${relative(path.join(LOG_DIR, `${name}.log`))}) ---\n${tail}`);
  }
  await shutdown(1);
}

// Rules hot reload: push firestore.rules to the emulator whenever it changes (or first appears).
let lastRules = fs.existsSync(RULES_FILE) ? fs.readFileSync(RULES_FILE, 'utf8') : undefined;
fs.watchFile(RULES_FILE, { interval: 500 }, async () => {
  if (shuttingDown || !fs.existsSync(RULES_FILE)) return;
  const text = fs.readFileSync(RULES_FILE, 'utf8');
  if (text === lastRules) return;
  lastRules = text;
  try {
    const issues = await loadRules(firestoreUrl, RULES_FILE);
    const errors = issues.filter((issue) => issue.severity !== 'WARNING');
    if (errors.length === 0) console.log('firestore.rules changed: reloaded.');
    for (const issue of errors) {
      const where = issue.sourcePosition
        ? `${issue.sourcePosition.line}:${issue.sourcePosition.column} `
        : '';
      console.error(`firestore.rules ${where}${issue.description}`);
    }
  } catch (error) {
    console.error(`firestore.rules changed but reloading failed: ${error.message}`);
  }
});
