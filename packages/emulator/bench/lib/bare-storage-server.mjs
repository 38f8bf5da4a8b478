// The floor under the Storage rows: a Node HTTP server that speaks only as much of the Firebase
// Storage v0 protocol as the SDK's resumable upload and `getBytes` need, keeping each object's
// chunks in memory as they arrive and sending them back as they are. No checksums, metadata,
// rules, limits or validation: the least any server must do to take and give the same bytes in
// the same chunking. Spawned exactly as the emulator is (`--port P`, the usage probe preloaded).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
/** Object name → its chunks. */
const objects = new Map();
/** Upload id → `{ bucket, name, chunks, size }`. */
const uploads = new Map();

function cors(req, res) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Expose-Headers', 'X-Goog-Upload-Status, X-Goog-Upload-URL');
}

function metadata(bucket, name, size) {
  const now = new Date().toISOString();
  return JSON.stringify({
    bucket,
    name,
    size: String(size),
    generation: '1',
    metageneration: '1',
    contentType: 'application/octet-stream',
    timeCreated: now,
    updated: now,
  });
}

createServer((req, res) => {
  cors(req, res);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? '*',
    );
    res.writeHead(204).end();
    return;
  }
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const [, , , bucket, , encoded] = url.pathname.split('/');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'GET' && url.searchParams.get('alt') === 'media') {
      const stored = objects.get(decodeURIComponent(encoded ?? ''));
      if (stored === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': stored.reduce((n, c) => n + c.length, 0),
      });
      for (const chunk of stored) res.write(chunk);
      res.end();
      return;
    }
    const command = req.headers['x-goog-upload-command'] ?? '';
    const uploadId = url.searchParams.get('upload_id');
    if (req.method === 'POST' && command === 'start') {
      const id = randomUUID();
      const name = url.searchParams.get('name') ?? '';
      uploads.set(id, { bucket, name, chunks: [], size: 0 });
      const location = `http://127.0.0.1:${port}/v0/b/${bucket}/o?name=${encodeURIComponent(name)}&upload_id=${id}&upload_protocol=resumable`;
      res.writeHead(200, { 'X-Goog-Upload-Status': 'active', 'X-Goog-Upload-URL': location });
      res.end();
      return;
    }
    const upload = uploadId === null ? undefined : uploads.get(uploadId);
    if (req.method === 'POST' && upload !== undefined) {
      upload.chunks.push(...chunks);
      upload.size += chunks.reduce((n, c) => n + c.length, 0);
      if (!command.includes('finalize')) {
        res.writeHead(200, { 'X-Goog-Upload-Status': 'active' }).end();
        return;
      }
      uploads.delete(uploadId);
      objects.set(upload.name, upload.chunks);
      res.writeHead(200, { 'X-Goog-Upload-Status': 'final', 'Content-Type': 'application/json' });
      res.end(metadata(upload.bucket, upload.name, upload.size));
      return;
    }
    res.writeHead(400).end();
  });
}).listen(port, '127.0.0.1');
