import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, preloadRoute } from './app/router';
import { startSession } from './lib/session';

// Auth (a separate chunk) starts restoring the session while the first screen's code downloads;
// until both are there the app shows its progress indicator.
startSession();
preloadRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
);
