// firebase.json's Hosting rewrites to the `previews` function, served in this process by the
// function's own handler (@showcase/functions) in front of `vite preview`: `/s/*` and `/u/*`
// answer with the page's link preview and its data inlined, read by the Admin SDK from the
// stack's Firestore emulator, as Hosting and the deployed function answer them. Every other
// path is served by Vite as before. Why in-process and not firebase-tools' Hosting and Functions
// emulators: packages/dev-stack/README.md.
import fs from 'node:fs';
import path from 'node:path';
import type { HostingRewrite, PreviewSources } from '@showcase/functions';
import {
  adminDocumentReader,
  hostingRewriteFor,
  rewriteFunctionId,
  servePreview,
} from '@showcase/functions';
import type { Plugin } from 'vite';
import { PROJECT_ID, REPO_ROOT } from './paths.js';

/** The longest a local preview waits for its read before answering the plain index.html. */
const LOCAL_READ_DEADLINE_MS = 10_000;

/** What a preview rewrite answered, for the stack's log. */
export type PreviewLog = (message: string) => void;

type Rewrites = HostingRewrite[];

function readRewrites(): Rewrites {
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')) as {
    hosting?: { rewrites?: Rewrites };
  };
  return config.hosting?.rewrites ?? [];
}

/** Whether the build has a file at `pathname` (Hosting serves files before any rewrite). */
function fileExists(servedDir: string, pathname: string): boolean {
  try {
    const file = path.join(servedDir, decodeURIComponent(pathname));
    return (
      file.startsWith(servedDir) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true
    );
  } catch {
    return false;
  }
}

/**
 * A Vite plugin for `vite preview`: requests whose path firebase.json rewrites to a function
 * (and that are not a file of the build, which Hosting would serve first) go to the preview
 * handler, with `servedDir`'s index.html and the emulator at `firestoreHost`.
 */
export function previewRewrites({
  servedDir,
  firestoreHost,
  log,
}: {
  servedDir: string;
  firestoreHost: string;
  log: PreviewLog;
}): Plugin {
  let handler: Promise<PreviewSources> | undefined;
  const sources = () =>
    (handler ??= (async () => {
      // As the Functions emulator points the deployed code at Firestore: the Admin SDK reads
      // the variable when it starts, and never looks for Google credentials.
      process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
      const { getApps, initializeApp } = await import('firebase-admin/app');
      const { getFirestore } = await import('firebase-admin/firestore');
      const app =
        getApps().find((candidate) => candidate.name === 'previews') ??
        initializeApp({ projectId: PROJECT_ID }, 'previews');
      return {
        indexHtml: () => fs.promises.readFile(path.join(servedDir, 'index.html'), 'utf8'),
        readDocument: adminDocumentReader(getFirestore(app)),
        projectId: PROJECT_ID,
        // Production answers the plain index.html after 2.5 s, within a crawler's patience; here
        // a loaded machine's first gRPC connection may take longer, and a test wants the preview.
        readDeadlineMs: LOCAL_READ_DEADLINE_MS,
        onError: (error: unknown) =>
          log(`preview fell back to index.html: ${error instanceof Error ? error.message : error}`),
      };
    })().catch((error: unknown) => {
      // Tried again on the next request; meanwhile Vite serves index.html, as an error would.
      handler = undefined;
      throw error;
    }));
  return {
    name: 'showcase-preview-rewrites',
    configurePreviewServer(server) {
      const rewrites = readRewrites();
      // Loads the handler and the Admin SDK now, beside the stack's start, not on the first page.
      void sources().catch((error: unknown) => log(`previews could not start: ${String(error)}`));
      server.middlewares.use((request, response, next) => {
        void (async () => {
          const { pathname } = new URL(request.url ?? '/', 'http://localhost');
          const rewrite = hostingRewriteFor(rewrites, pathname);
          const isFile = fileExists(servedDir, pathname);
          if (
            (request.method !== 'GET' && request.method !== 'HEAD') ||
            rewrite === null ||
            rewriteFunctionId(rewrite) !== 'previews' ||
            isFile
          ) {
            next();
            return;
          }
          let ready: PreviewSources;
          try {
            ready = await sources();
          } catch (error) {
            log(`preview ${pathname}: the handler could not start (${String(error)}); index.html`);
            next();
            return;
          }
          const answer = await servePreview(request, response, ready);
          log(`preview ${pathname}: ${answer.status} ${answer.kind}`);
        })().catch(next);
      });
    },
  };
}
