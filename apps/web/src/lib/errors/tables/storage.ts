import type { ErrorTable } from '../types';

/**
 * Cloud Storage codes (`StorageError.code`, `storage/…`). An upload's row adds which image; the
 * picked file stays on the device in every case but a cancel.
 */
export const errorTable: ErrorTable = {
  service: 'storage',
  entries: {
    'storage/unauthorized': {
      message: 'You may not upload or open this image. Your form is kept.',
      recovery: 'none',
    },
    'storage/unauthenticated': {
      message: 'Your session ended: sign in again to upload. Your form and pictures are kept.',
      recovery: 'sign-in',
    },
    'storage/canceled': { message: 'Upload cancelled.', recovery: 'cancel' },
    'storage/retry-limit-exceeded': {
      message: 'The upload could not finish. The picture is kept on this device.',
      recovery: 'retry',
    },
    // What the SDK reports when the connection drops mid-request.
    'storage/unknown': {
      message: 'The upload could not finish. The picture is kept on this device.',
      recovery: 'retry',
    },
    'storage/server-file-wrong-size': {
      message: 'The upload could not finish. The picture is kept on this device.',
      recovery: 'retry',
    },
    'storage/quota-exceeded': {
      message: 'There is no room left to store images right now. Try again later.',
      recovery: 'wait',
    },
    'storage/object-not-found': {
      message: 'This image is no longer stored.',
      recovery: 'none',
    },
    'storage/invalid-checksum': {
      message: 'The picture arrived damaged. Try again.',
      recovery: 'retry',
    },
  },
};
