// `npm start`: install if needed, build the workspace packages when stale, check every port, then
// run the stack in this process (Firestore and Storage emulators, Auth proxy and Vite here; only
// firebase-tools' Auth emulator is a child), seed the demo data and print one line with the app's address.
// The app is built and served with its service worker, and rebuilt when its sources change;
// `--dev` (`npm run dev`) runs Vite's dev server with hot reload instead, and no service worker.
// Ctrl-C stops everything with close(); a second Ctrl-C kills at once.
import fs from 'node:fs';
import path from 'node:path';
import { prepareRepository } from './lib/bootstrap.mjs';

function fail(message) {
  console.error(message);
  process.exit(1);
}

try {
  prepareRepository();
} catch (error) {
  fail(error.message);
}
const {
  PROJECT_ID,
  REPO_ROOT,
  RULES_FILE,
  STORAGE_RULES_FILE,
  findPortProblems,
  portFromEnv,
  seedDemoData,
  startStack,
} = await import('@showcase/dev-stack');

const SERVICES = [
  { key: 'web', label: 'web app', envVar: 'SHOWCASE_WEB_PORT', fallback: 5173 },
  { key: 'auth', label: 'Auth emulator', envVar: 'SHOWCASE_AUTH_PORT', fallback: 9099 },
  {
    key: 'firestore',
    label: 'Firestore emulator',
    envVar: 'SHOWCASE_FIRESTORE_PORT',
    fallback: 8080,
  },
  { key: 'storage', label: 'Storage emulator', envVar: 'SHOWCASE_STORAGE_PORT', fallback: 9199 },
  { key: 'hub', label: 'Firebase emulator hub', envVar: 'SHOWCASE_HUB_PORT', fallback: 4400 },
  {
    key: 'logging',
    label: 'Firebase emulator logging',
    envVar: 'SHOWCASE_LOGGING_PORT',
    fallback: 4500,
  },
];
let needs;
try {
  needs = SERVICES.map((s) => ({ ...s, port: portFromEnv(s.envVar, s.fallback) }));
} catch (error) {
  fail(error.message);
}
const problems = await findPortProblems(needs);
if (problems.length > 0) fail(problems.join('\n'));

const dev = process.argv.includes('--dev');
// Logs, the Auth emulator's config and the app's builds; a test run points it elsewhere.
const dataDir = path.resolve(REPO_ROOT, process.env.SHOWCASE_DATA_DIR || '.data');
const logDir = path.join(dataDir, 'logs');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const stack = startStack({
  ports: Object.fromEntries(needs.map(({ key, port }) => [key, port])),
  logDir,
  workDir: path.join(dataDir, 'work'),
  web: dev ? 'dev' : 'build',
  ...(dev
    ? {}
    : {
        onRebuild: (outcome) => {
          if (outcome.kind === 'published')
            console.log(`App rebuilt in ${seconds(outcome.ms)}: open tabs offer to reload.`);
          else if (outcome.kind === 'failed')
            console.error(
              `App rebuild failed, still serving the last build: ${outcome.error.message}`,
            );
        },
      }),
  rulesFile: RULES_FILE,
  storageRulesFile: STORAGE_RULES_FILE,
  onUnexpectedExit: (message) => {
    console.error(message);
    void stop(1);
  },
});

let stopping;
const stop = (exitCode) => (stopping ??= stack.close().then(() => process.exit(exitCode)));
let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupts += 1;
    if (interrupts > 1) {
      stack.kill();
      process.exit(130);
    }
    console.log('\nStopping Showcase…');
    void stop(0);
  });
}

let ready;
let seeded;
try {
  ready = await stack.ready;
  seeded = await seedDemoData(ready.client, {
    appOrigin: ready.appUrl,
    storageHost: ready.storageHost,
  });
} catch (error) {
  if (!stopping) console.error(`Could not start Showcase: ${error.message}`);
  await stop(1);
}
if (stopping) await stopping;

const relative = (file) => path.relative(process.cwd(), file) || '.';
const demo = seeded.members[0];
console.log(`Showcase is running at ${ready.appUrl}`);
console.log(
  dev
    ? '  Development server: hot reload, no service worker (offline needs npm start).'
    : '  Built app with its service worker (works offline); rebuilt when you change its sources.',
);
console.log(
  `  Auth emulator ${ready.authUrl} · Firestore emulator ${ready.firestoreUrl} · Storage emulator ${ready.storageUrl} (project ${PROJECT_ID}) · logs in ${relative(logDir)}`,
);
console.log(
  `  Demo sign-in: ${demo.email} / ${demo.password} (all demo accounts are in the README). Ctrl-C stops everything.`,
);

// Rules hot reload: load firestore.rules and storage.rules into the running emulators whenever
// they change; a file that does not compile is reported and the rules in force stay.
function watchRules(file, load) {
  const name = path.basename(file);
  const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  let last = read();
  fs.watchFile(file, { interval: 500 }, async () => {
    const content = read();
    if (stopping || content === undefined || content === last) return;
    last = content;
    const result = await load({ name, content });
    if (result.loaded) console.log(`${name} changed: reloaded.`);
    for (const issue of result.issues.filter((i) => i.severity !== 'WARNING'))
      console.error(`${name} ${issue.line}:${issue.column} ${issue.description}`);
  });
}
watchRules(RULES_FILE, (source) => ready.firestore.rules.load(source));
watchRules(STORAGE_RULES_FILE, async (source) =>
  (await ready.firestore.storage.load()).rules.load(source),
);
