// Runs the peer emulator, `@firestore-emulator/server`, as its own process the way the benches
// spawn ours: `node peer-server.mjs --port P`. Its `start(port)` always binds 0.0.0.0 and has no
// host option, so this binds its grpc-js server (the `server` field) to loopback directly, with
// the same service on it.
import { createRequire } from 'node:module';
import { FirestoreServer } from '@firestore-emulator/server';

// The peer's own grpc-js (it pins a version of its own): its server accepts only its credentials.
const require = createRequire(import.meta.url);
const peerRequire = createRequire(require.resolve('@firestore-emulator/server'));
const { ServerCredentials } = peerRequire('@grpc/grpc-js');

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const peer = new FirestoreServer();
peer.server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  console.log(`peer emulator ready at 127.0.0.1:${port}`);
});
const stop = () => {
  peer.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
