import type { ErrorTable } from '../types';

/** Errors raised by Showcase itself rather than by a Firebase service. */
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
    // A picked file that cannot become an image; the screen shows the refusal's own sentence,
    // which names the file and the reason (lib/images).
    // Deleting an account stopped before the sign-in: some of its images or likes and comments
    // wait for a retry that needs that sign-in (lib/firebase/account-cleanup.ts).
    'app/account-cleanup-incomplete': {
      message:
        'Some of your showcases’ images, likes or comments could not be deleted yet, so your account is kept for now. Try again in a moment.',
      recovery: 'retry',
    },
    'app/image-refused': {
      message: 'This file cannot be used as an image.',
      recovery: 'none',
    },
  },
};
