/**
 * The first paint: inlined into the built index.html (vite-plugins/first-paint.ts), it runs
 * before any of the app's JavaScript is requested. On the gallery, a showcase's page and a maker's
 * profile it reads what the first screen shows over Firestore's REST API (a showcase page served by the
 * link-preview function carries its document inline instead: inline.ts), fills the app's own components (built
 * into index.html as templates) with it for the viewer the session marker names, and only then
 * starts the app, so the link carries the image before the app's code. Anywhere else, and
 * whenever something goes wrong, it starts the app at once.
 */
import { webStorage } from '../lib/session/browser-ports';
import type { ViewerMarker } from '../lib/session/viewer-marker';
import { readViewerMarker } from '../lib/session/viewer-marker';
import { expectsVisitor } from '../lib/session/expected-viewer';
import css from './first-paint.css?inline';
import { revealApp } from '../lib/first-paint-hand-over';
import { readFirstScreen } from './rest';
import { INLINE_DATA_ID, readInlinedAnswer } from './inline';
import { paintFirst, parseTemplates } from './fill';
import { matchFirstPaintRoute } from './route';
import { FIRST_PAINT_APP_ID, matchesPattern, readFirstPaintApp } from './app-data';

/**
 * The build's data (app files, REST target), from the page's data block. Nothing of the build
 * or its mode is compiled into this script: its bytes, and so the hash firebase.json's
 * Content-Security-Policy allows it by, are the same for every build (vite-plugins/first-paint.ts).
 */
const APP = readFirstPaintApp(document.getElementById(FIRST_PAINT_APP_ID)?.textContent);

/** Longest the app waits for the first paint (real time; a slow network should not wait more). */
const APP_WAIT_MS = 1500;
/** Longest the first paint stays up once the app has started, whatever the app does. */
const REVEAL_CAP_MS = 10_000;

let appStarted = false;

/**
 * Adds the entry script and its modulepreloads, as the HTML would have, Auth's and the Firestore
 * SDK's files where someone was signed in here (the screen waits for them then), and this route's
 * screen's files: the app would ask for them only once its entry has run, a second trip over
 * the network after the first. The entry is preloaded too, ahead of them: a script added by
 * script is fetched at low priority, behind any preload. Auth's come next: the Firestore
 * instance waits for its answer, and a file listed last waits behind thirty on the browser's
 * six connections. Runs once.
 */
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  const { entry, preloads, screens, signedIn } = APP;
  const screen = screens.find(({ pattern }) => matchesPattern(pattern, location.pathname));
  const files = new Set([
    entry,
    ...preloads,
    ...(expectsVisitor() ? [] : signedIn),
    ...(screen?.files ?? []),
  ]);
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
  setTimeout(revealApp, REVEAL_CAP_MS);
}

function readViewer(): ViewerMarker {
  return readViewerMarker(webStorage(() => localStorage));
}

/**
 * Longest wait, once an image has loaded, for the browser to report it painted. The report comes
 * after the frame is presented, later than any frame callback; only an image that is not the
 * largest, or an engine without these reports, waits this long.
 */
const PAINT_REPORT_MS = 250;

/**
 * Settles once the image is on screen (its largest-contentful-paint entry), or a moment after it
 * loaded without such a report, or failed.
 */
function imagePainted(img: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    const observer =
      typeof PerformanceObserver === 'undefined'
        ? null
        : new PerformanceObserver((list) => {
            if (
              list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === img)
            ) {
              done();
            }
          });
    function done() {
      observer?.disconnect();
      resolve();
    }
    try {
      observer?.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      // An engine without the entry type: the timer below decides.
    }
    const settled = () => setTimeout(done, PAINT_REPORT_MS);
    if (img.complete) settled();
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  });
}

/** Settles once the body is parsed (the script runs in the head, so the read starts sooner). */
function bodyParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

async function firstPaint(): Promise<void> {
  const route = matchFirstPaintRoute(location.pathname, location.search);
  if (route === null) return startApp();
  const viewer = readViewer();
  // One's own profile is drawn by the app alone (its Edit profile, its empty state).
  if (route.kind === 'profile' && route.uid === viewer.uid) return startApp();
  // A showcase page answered by the link-preview function carries its document: no REST read.
  const inlined = readInlinedAnswer(route, document.getElementById(INLINE_DATA_ID)?.textContent);
  const { rest } = APP;
  // Nothing to read from (offline, or a build without Firebase configuration): the app at once.
  if (inlined === null && (rest === null || !navigator.onLine)) return startApp();
  setTimeout(startApp, APP_WAIT_MS);
  // Beside the read: the app's components as templates (the service worker keeps the file).
  const templates = fetch(APP.templates).then(async (response) => {
    if (!response.ok) throw new Error(`first paint: templates ${response.status}`);
    return response.text();
  });
  // Not awaited when there is nothing to draw: its failure then matters to no one.
  templates.catch(() => undefined);
  const answer = inlined ?? (rest === null ? null : await readFirstScreen(rest, route));
  // Too late (the app is on its way) or nothing to draw: the app's own loading state.
  if (answer === null || appStarted) return startApp();
  const html = await templates;
  await bodyParsed();
  if (appStarted) return;
  const images = paintFirst(parseTemplates(html), route, answer, viewer, css);
  await Promise.all(images.map(imagePainted));
  startApp();
}

firstPaint().catch(startApp);
