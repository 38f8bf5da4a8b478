// The soak bench's emulator: the built server in this process (started with --expose-gc), so the
// bench can ask over IPC for memory after a full garbage collection, which an outside reading of
// RSS cannot give.
import { createServer, silentLogger } from '../../dist/index.js';

const server = await createServer({ port: 0, log: silentLogger });

function memoryAfterGc() {
  // Twice, with a turn of the event loop between: finalizers and closed sockets let go late.
  globalThis.gc();
  return new Promise((resolve) =>
    setTimeout(() => {
      globalThis.gc();
      const { heapUsed, rss } = process.memoryUsage();
      resolve({ heapUsed, rss, transport: server.transportStats() });
    }, 100),
  );
}

process.on('message', (message) => {
  if (message === 'memory') {
    void memoryAfterGc().then((memory) => process.send({ memory }));
  } else if (message === 'stop') {
    void server.close().then(() => process.exit(0));
  }
});
process.send({ port: server.port });
