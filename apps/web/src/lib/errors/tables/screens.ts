import type { ErrorTable } from '../types';

/** Errors raised by Showcase itself, by a screen's own action, rather than by a Firebase service. */
export const errorTable: ErrorTable = {
  service: 'app',
  entries: {
    // Deleting an account stopped before the sign-in: some of its images or likes and comments
    // wait for a retry that needs that sign-in (lib/firebase/account-cleanup.ts).
    'app/account-cleanup-incomplete': {
      message:
        'Some of your showcases’ images, likes or comments could not be deleted yet, so your account is kept for now. Try again in a moment.',
      recovery: 'retry',
    },
    // A picked file that cannot become an image; the screen shows the refusal's own sentence,
    // which names the file and the reason (lib/images).
    'app/image-refused': {
      message: 'This file cannot be used as an image.',
      recovery: 'none',
    },
  },
};
