import type { ErrorTable } from '../types';

/**
 * Cloud Firestore codes (`FirestoreError.code`, the canonical gRPC codes in kebab case).
 * Screens add the context ("your changes are still here") around these sentences.
 */
export const errorTable: ErrorTable = {
  service: 'firestore',
  entries: {
    'permission-denied': {
      message: "You don't have permission to do that.",
      recovery: 'none',
    },
    unauthenticated: {
      message: 'Your session ended, please sign in again.',
      recovery: 'sign-in',
    },
    unavailable: {
      message: "You're offline. Changes are kept on this device and sent when you're back online.",
      recovery: 'offline',
    },
    'not-found': {
      message: 'This no longer exists. It may have been deleted.',
      recovery: 'not-found',
    },
    'failed-precondition': {
      message: "This can't be done right now. Reload the page and try again.",
      recovery: 'reload',
    },
    'resource-exhausted': {
      message: 'Too many requests right now. Wait a moment and try again.',
      recovery: 'wait',
    },
    'deadline-exceeded': {
      message: 'The server took too long to answer. Try again.',
      recovery: 'retry',
    },
    aborted: {
      message: 'Someone changed this at the same time. Try again.',
      recovery: 'retry',
    },
    'already-exists': {
      message: 'This already exists.',
      recovery: 'none',
    },
    'invalid-argument': {
      message: 'The server did not accept this data. Check the fields and try again.',
      recovery: 'none',
    },
    'out-of-range': {
      message: 'The server did not accept this data. Check the fields and try again.',
      recovery: 'none',
    },
    cancelled: {
      message: 'The request stopped before it finished. Try again.',
      recovery: 'retry',
    },
    internal: {
      message: 'Something went wrong on the server. Try again.',
      recovery: 'retry',
    },
    unknown: {
      message: 'Something went wrong. Try again.',
      recovery: 'retry',
    },
    unimplemented: {
      message: "This browser or server can't do that.",
      recovery: 'none',
    },
    'data-loss': {
      message: 'Some data could not be read. Reload the page.',
      recovery: 'reload',
    },
  },
};
