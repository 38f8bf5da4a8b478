// The floor under every start-up figure: a Node process that only listens on the port, spawned
// exactly as the emulators are (same flags, preload and pipes), so ours ÷ this is what the
// emulator itself adds.
import { createServer } from 'node:net';

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
createServer().listen(port, '127.0.0.1');
