import type { ErrorTable } from '../types';

/**
 * Errors raised by Showcase itself that stop it from starting or a screen from rendering: the
 * entry chunk carries this table (startup.ts). What a screen's own action raises is in
 * screens.ts, loaded with the other tables.
 */
export const errorTable: ErrorTable = {
  service: 'app',
  entries: {
    'config/invalid': {
      message:
        'Showcase is not set up correctly: its Firebase settings are missing. If you run this site, set the VITE_FIREBASE_* variables and rebuild.',
      recovery: 'none',
    },
    'app/chunk-load-failed': {
      message:
        'Part of the app could not be downloaded. Check your connection and reload the page.',
      recovery: 'reload',
    },
  },
};
