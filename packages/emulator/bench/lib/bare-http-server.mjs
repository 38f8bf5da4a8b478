// The floor under the REST burst: a bare node:http server that reads each POST's body and answers
// 200 with a commit-shaped JSON body of the same size as ours, spawned exactly as the emulator is
// (same flags, preload and pipes). No connection limit: it shows what Node's HTTP stack costs.
import { createServer } from 'node:http';

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const body = JSON.stringify({
  writeResults: [{ updateTime: '2026-01-01T00:00:00.000000Z' }],
  commitTime: '2026-01-01T00:00:00.000000Z',
});
createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
}).listen(port, '127.0.0.1');
