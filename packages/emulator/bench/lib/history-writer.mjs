// Run as its own process with --expose-gc by scenarios/history-memory.mjs: an in-process emulator
// core on a driven clock takes steady single-document commits (a rotating set of documents, each
// rewritten) over a simulated span, then reports its heap after two full GCs and how many old
// versions it keeps. `--history off` keeps none (maxVersions 0): the floor, the same data without
// history. Prints one JSON line.
import { performance } from 'node:perf_hooks';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const dist = argument('dist');
const history = argument('history', 'on') === 'on';
const commits = Number(argument('commits', '200000'));
const documents = Number(argument('documents', '1000'));
const simulatedMinutes = Number(argument('minutes', '75'));

const { createEmulatorCore } = await import(`${dist}/service/index.js`);
const { createMonotonicClock } = await import(`${dist}/store/clock.js`);

let wallMicros = 1_800_000_000_000_000;
const stepMicros = Math.floor((simulatedMinutes * 60_000_000) / commits);
const core = createEmulatorCore({
  clock: createMonotonicClock(() => wallMicros),
  ...(history ? {} : { versionHistory: { maxVersions: 0 } }),
});
const ctx = { caller: { kind: 'owner' }, database: 'projects/demo-bench/databases/(default)' };
const name = (i) => `projects/demo-bench/databases/(default)/documents/items/doc-${i}`;
const fields = (i) =>
  new Map([
    ['title', { kind: 'string', value: `showcase number ${i}` }],
    ['n', { kind: 'integer', value: BigInt(i) }],
    [
      'tags',
      {
        kind: 'array',
        values: [
          { kind: 'string', value: 'a' },
          { kind: 'string', value: 'b' },
        ],
      },
    ],
    ['at', { kind: 'timestamp', value: { seconds: 1_700_000_000 + i, nanos: 0 } }],
  ]);

const started = performance.now();
for (let i = 0; i < commits; i++) {
  wallMicros += stepMicros;
  await core.service.commit(ctx, {
    writes: [{ kind: 'update', name: name(i % documents), fields: fields(i), transforms: [] }],
  });
}
const writeMs = performance.now() - started;
globalThis.gc();
globalThis.gc();
const stats = core.stats();
console.log(
  JSON.stringify({
    heapUsed: process.memoryUsage().heapUsed,
    documents: stats.documents,
    oldVersions: stats.oldVersions,
    oldVersionBytes: stats.oldVersionBytes,
    microsPerCommit: (writeMs * 1000) / commits,
  }),
);
