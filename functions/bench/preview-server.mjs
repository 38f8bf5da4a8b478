// One server process for the previews bench: `preview` answers with the function's handler (the
// Admin SDK on the emulator at FIRESTORE_EMULATOR_HOST, imported and started before listening, as
// a Cloud Function instance does before its first request), `static` with the same index.html as
// a bare file (the floor). Prints its port once it listens.
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
  handle = (_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache');
    response.end(html);
  };
}
const server = http.createServer(handle);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
