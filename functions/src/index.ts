// The deployed Cloud Function (2nd gen): `previews`, behind firebase.json's Hosting rewrites of
// `/s/*` and `/u/*`. scripts/build.mjs bundles this file with the built app's index.html
// (`__INDEX_HTML__`) into lib/, which `firebase deploy` uploads.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { adminDocumentReader } from './firestore-reader.js';
import { servePreview } from './serve.js';

/** The built apps/web/dist/index.html, written in by the build: no file to miss at run time. */
declare const __INDEX_HTML__: string;

const app = initializeApp();
const readDocument = adminDocumentReader(getFirestore(app));
const projectId = process.env.GCLOUD_PROJECT ?? app.options.projectId ?? '';
/** `SITE_URL` in functions/lib/.env (or the environment): the site's address for canonical links. */
const origin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : undefined;

export const previews = onRequest(
  {
    region: 'us-central1',
    // One vCPU lets one instance answer 80 requests at once; a preview is a read and a string
    // rewrite, far below 256 MiB.
    cpu: 1,
    memory: '256MiB',
    concurrency: 80,
    maxInstances: 10,
    timeoutSeconds: 10,
    invoker: 'public',
  },
  async (request, response) => {
    await servePreview(request, response, {
      indexHtml: () => __INDEX_HTML__,
      readDocument,
      projectId,
      origin,
      onError: (error) => logger.error('preview fell back to the plain index.html', error),
    });
  },
);
