// The soak row: open and close many Listen streams (gRPC, one channel each, as separate clients
// would) and WebChannel sessions (handshake, long-poll backchannel, terminate) against one
// emulator, and compare its heap after a full GC before and after.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openQueryListener } from './grpc-client.mjs';
import { webChannelSession } from './webchannel.mjs';

const SERVER_SCRIPT = fileURLToPath(new URL('./soak-server.mjs', import.meta.url));
const PROJECT = 'demo-soak';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const PARENT = `${DATABASE}/documents`;
/** Listens or sessions opened at once. */
export const SOAK_BATCH = 50;

function startSoakServer() {
  const child = fork(SERVER_SCRIPT, [], { execArgv: ['--expose-gc'], stdio: 'ignore' });
  const replies = [];
  let waiting;
  child.on('message', (message) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else replies.push(message);
  });
  const next = () =>
    replies.length > 0
      ? Promise.resolve(replies.shift())
      : new Promise((resolve) => (waiting = resolve));
  return {
    ready: next(),
    async memory() {
      child.send('memory');
      return (await next()).memory;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send('stop');
      }),
  };
}

async function listenCycles(port, count) {
  for (let start = 0; start < count; start += SOAK_BATCH) {
    const listeners = await Promise.all(
      Array.from({ length: Math.min(SOAK_BATCH, count - start) }, (_, i) =>
        openQueryListener({
          port,
          database: DATABASE,
          parent: PARENT,
          structuredQuery: {
            from: [{ collectionId: 'soak' }],
            where: {
              fieldFilter: {
                field: { fieldPath: 'n' },
                op: 'EQUAL',
                value: { integerValue: String(start + i) },
              },
            },
          },
          targetId: 2,
        }),
      ),
    );
    for (const listener of listeners) listener.close();
  }
}

async function webChannelCycles(port, count) {
  for (let start = 0; start < count; start += SOAK_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(SOAK_BATCH, count - start) }, (_, i) =>
        webChannelSession(port, DATABASE, `${PARENT}/soak/doc-${start + i}`),
      ),
    );
  }
}

/** Heap after GC before and after `listens` Listen cycles and `sessions` WebChannel sessions. */
export async function measureSoak({ listens, sessions, log }) {
  const server = startSoakServer();
  try {
    const { port } = await server.ready;
    // A first round warms up what is loaded once (grpc-js, the protos, JIT code).
    await listenCycles(port, SOAK_BATCH);
    await webChannelCycles(port, 10);
    const before = await server.memory();
    log(`emulator: soak, ${listens} Listen streams and ${sessions} WebChannel sessions`);
    const started = Date.now();
    await listenCycles(port, listens);
    await webChannelCycles(port, sessions);
    const seconds = (Date.now() - started) / 1000;
    // Sockets the clients closed are released a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await server.memory();
    return { before, after, seconds };
  } finally {
    await server.stop();
  }
}
