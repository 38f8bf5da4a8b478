// The link-preview function's answer time, for `npm run bench` (`--only previews` runs it alone):
// a published showcase's `/s/:id` against a floor that serves the same index.html as a bare file,
// both from a fresh Node process (cold: spawn to the first complete answer, the instance start a
// Cloud Function pays once) and warm (sequential requests to a running one), the handler reading
// one document with the Admin SDK from our Firestore emulator over gRPC.
//
// Scenario `previews-firebase-emulators`: the deploy bundle (functions/lib, built from the app's
// apps/web/dist) in firebase-tools' own Functions emulator behind its Hosting emulator, with
// firebase.json's rewrites: the first request (the emulator starts the function's worker then)
// and warm ones, against a static file that Hosting emulator serves.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  EmulatorClient,
  RULES_FILE,
  REPO_ROOT,
  freeStackPorts,
  startFirestoreEmulator,
} from '@showcase/dev-stack';
import { buildShowcase, buildShowcaseImage } from '@showcase/schema';
import {
  formatMs,
  formatRatio,
  median,
  quantile,
} from '../../packages/emulator/bench/lib/stats.mjs';

export const title = 'link previews: the function’s answer to a crawler';
export const scenarios = ['previews-in-process', 'previews-firebase-emulators'];
export const peerLabel = 'floor: the same index.html as a static file (same run)';
export const ratioLabel = 'ratio (ours ÷ floor)';
export const legend =
  'Link previews: `/s/:id` of a published showcase with an uploaded cover, answered by the function’s handler (one Admin SDK read from our Firestore emulator over gRPC) against a floor serving the same index.html as a static file; cold = a fresh Node process from spawn to the first complete answer (module imports and the first connection included), warm = sequential requests to a running one. firebase-tools rows: the deploy bundle in its Functions emulator behind its Hosting emulator, floor = a static file of the same Hosting emulator.';

const FUNCTIONS = path.join(REPO_ROOT, 'functions');
const SERVER = path.join(FUNCTIONS, 'bench/preview-server.mjs');
const BUILT_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const SOURCE_INDEX = path.join(REPO_ROOT, 'apps/web/index.html');
const ID = 'bench-lamp';

async function seed(emulator) {
  const client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: emulator.url });
  const images = [buildShowcaseImage('maya', ID, { widths: [480, 960, 1600], alt: 'A lamp' })];
  await client.commit([
    {
      path: `showcases/${ID}`,
      data: buildShowcase({
        title: 'A lamp that glows',
        description: 'Brass, walnut and a dimmer. '.repeat(20),
        ownerUid: 'maya',
        ownerName: 'Maya Chen',
        images,
      }),
    },
  ]);
}

/** Spawns a server process; resolves with its port and a stop function once it listens. */
function startServer(mode, indexFile, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER, mode, indexFile], {
    cwd: FUNCTIONS,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    child.stdout.once('data', (chunk) => {
      const port = Number(String(chunk).trim());
      resolve({
        started,
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** One complete GET; throws unless it has the status expected. */
async function get(url, status = 200) {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== status) throw new Error(`${url} answered ${response.status}`);
  return body;
}

async function warmTimes(url, count) {
  const times = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await get(url);
    times.push(performance.now() - started);
  }
  return times;
}

function rows(label, ours, floor, goal) {
  return [
    {
      figure: `${label}: cold (first answer)`,
      measured: formatMs(median(ours.cold)),
      peer: formatMs(median(floor.cold)),
      ratio: formatRatio(median(ours.cold), median(floor.cold)),
      goal: goal.cold,
      reference: '—',
      note: `median of ${ours.cold.length} cold starts (${ours.cold.map((ms) => formatMs(ms)).join(', ')})`,
    },
    {
      figure: `${label}: warm, median (p95)`,
      measured: `${formatMs(median(ours.warm))} (${formatMs(quantile(ours.warm, 0.95))})`,
      peer: `${formatMs(median(floor.warm))} (${formatMs(quantile(floor.warm, 0.95))})`,
      ratio: formatRatio(median(ours.warm), median(floor.warm)),
      goal: goal.warm,
      reference: '—',
      note: `${ours.warm.length} sequential requests after ${WARM_UP} not counted`,
    },
  ];
}

const WARM_UP = 20;

async function inProcess({ log, quick }) {
  const emulator = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  try {
    await seed(emulator);
    const indexFile = fs.existsSync(BUILT_INDEX) ? BUILT_INDEX : SOURCE_INDEX;
    const env = { FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}` };
    const colds = quick ? 3 : 7;
    const requests = quick ? 100 : 400;
    const result = {};
    for (const [mode, pathname] of [
      ['preview', `/s/${ID}`],
      ['static', `/s/${ID}`],
    ]) {
      const cold = [];
      let warm = [];
      for (let run = 0; run < colds; run += 1) {
        const server = await startServer(mode, indexFile, env);
        try {
          const html = await get(`${server.url}${pathname}`);
          cold.push(performance.now() - server.started);
          if (mode === 'preview' && !html.includes('A lamp that glows'))
            throw new Error('the preview did not carry the showcase’s title');
          if (run === 0) {
            await warmTimes(`${server.url}${pathname}`, WARM_UP);
            warm = await warmTimes(`${server.url}${pathname}`, requests);
          }
        } finally {
          await server.stop();
        }
      }
      result[mode] = { cold, warm };
      log(`${mode}: cold ${formatMs(median(cold))}, warm ${formatMs(median(warm))}`);
    }
    return rows('in-process handler, Node', result.preview, result.static, {
      cold: '—',
      warm: 'one read: ≤ 10 ms over the floor',
    });
  } finally {
    await emulator.close();
  }
}

/** The deploy bundle: the app's build (built here when missing) and functions/lib. */
function buildDeployBundle(log) {
  const run = (args) => {
    const result = spawnSync('npm', args, { cwd: REPO_ROOT, stdio: 'pipe', encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stderr}`);
  };
  if (!fs.existsSync(BUILT_INDEX)) {
    log('building apps/web (apps/web/dist is missing)');
    run(['run', 'build', '-w', 'apps/web']);
  }
  run(['run', 'build', '-w', 'functions']);
}

async function firebaseEmulators({ log, quick }) {
  buildDeployBundle(log);
  const emulator = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  const ports = await freeStackPorts();
  const configFile = path.join(REPO_ROOT, `.firebase-bench-${process.pid}.json`);
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8'));
  config.emulators = {
    hosting: { host: '127.0.0.1', port: ports.web },
    functions: { host: '127.0.0.1', port: ports.auth },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  fs.writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/firebase'),
    [
      'emulators:start',
      '--only',
      'functions,hosting',
      '--project',
      'demo-showcase',
      '--config',
      configFile,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`firebase-tools did not start:\n${output}`)),
      120_000,
    );
    const seen = (chunk) => {
      output += chunk;
      if (/http function initialized/u.test(output) && /All emulators ready/u.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) =>
      reject(new Error(`firebase-tools exited with ${code}:\n${output}`)),
    );
  });
  const started = performance.now();
  try {
    await seed(emulator);
    await ready;
    log(`firebase-tools emulators ready in ${formatMs(performance.now() - started)}`);
    const base = `http://127.0.0.1:${ports.web}`;
    const measure = async (pathname) => {
      const first = performance.now();
      await get(`${base}${pathname}`);
      const cold = [performance.now() - first];
      await warmTimes(`${base}${pathname}`, WARM_UP);
      return { cold, warm: await warmTimes(`${base}${pathname}`, quick ? 50 : 200) };
    };
    const ours = await measure(`/s/${ID}`);
    const floor = await measure('/index.html');
    return rows('firebase-tools Hosting → Functions emulators', ours, floor, {
      cold: '—',
      warm: '—',
    });
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(),
    );
    fs.rmSync(configFile, { force: true });
    await emulator.close();
  }
}

export async function run({ log, selected, quick }) {
  const produced = [];
  if (selected('previews-in-process')) produced.push(...(await inProcess({ log, quick })));
  if (selected('previews-firebase-emulators'))
    produced.push(...(await firebaseEmulators({ log, quick })));
  return produced;
}
