// One server process for the previews bench: `preview` answers with the function's handler (the
// Admin SDK on the emulator at FIRESTORE_EMULATOR_HOST, imported and started before listening, as
// a Cloud Function instance does before its first request), `static` with the same index.html as
// a bare file compressed once, as a CDN keeps it (the floor). Both compress as the request
// accepts. Prints its port once it listens.
import fs from 'node:fs';
import http from 'node:http';

const [mode, indexFile] = process.argv.slice(2);
const html = fs.readFileSync(indexFile, 'utf8');
let handle;
if (mode === 'preview') {
  const { adminDocumentReader, servePreview } = await import('@showcase/functions');
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const readDocument = adminDocumentReader(
    getFirestore(initializeApp({ projectId: 'demo-showcase' })),
  );
  handle = (request, response) =>
    void servePreview(request, response, {
      indexHtml: () => html,
      readDocument,
      projectId: 'demo-showcase',
    });
} else {
  // Compressed once, as a CDN keeps a static file; each request only picks the encoding.
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  const encoded = { br: brotliCompressSync(html), gzip: gzipSync(html) };
  handle = (request, response) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/u.test(accepted) ? 'br' : /\bgzip\b/u.test(accepted) ? 'gzip' : null;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== null) response.setHeader('Content-Encoding', encoding);
    response.end(encoding === null ? html : encoded[encoding]);
  };
}
const server = http.createServer(handle);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
