import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, preloadRoute } from './app/router';
import { startSession } from './lib/session';
import { getAppTheme } from './theme/app-theme';
import { inSeparateTasks } from './utils/in-separate-tasks';
import { whenIdle } from './utils/when-idle';
import { drawsBeforeAuth } from './app/before-auth';

const AUTH_AT_THE_LATEST_MS = 3_000;

// Auth (a separate chunk) starts restoring the session while the first screen's code downloads;
// until both are there the app shows its progress indicator. A screen drawn before Auth answers
// (app/before-auth.ts) starts it once painted instead: its chunk and its long evaluation would
// otherwise come before that paint. At the latest after a few seconds, should no screen show.
if (drawsBeforeAuth(window.location.pathname)) {
  whenIdle(startSession);
  setTimeout(startSession, AUTH_AT_THE_LATEST_MS);
} else {
  startSession();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// Evaluating the entry chunk is one long task on a slow phone. Starting the first screen's
// download (a `modulepreload` link per chunk it shares, some thirty for the gallery), building
// the router, building the theme and rendering each take a task of their own after it, and the
// first render is a transition, which React renders in slices between which the browser gets
// its turn.
let router: ReturnType<typeof createAppRouter>;
inSeparateTasks([
  () => preloadRoute(window.location.pathname),
  () => {
    router = createAppRouter();
  },
  getAppTheme,
  () => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>
        </StrictMode>,
      );
    });
  },
]);
