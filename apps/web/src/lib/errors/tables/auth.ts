import type { ErrorInfo, ErrorTable } from '../types';

// One wording for every "these credentials do not match" case, so a failure never reveals
// whether an account exists for the email (no account enumeration).
const incorrectCredentials: ErrorInfo = {
  message: 'Email or password is incorrect.',
  recovery: 'none',
};

const sessionEnded: ErrorInfo = {
  message: 'Your session ended, please sign in again.',
  recovery: 'sign-in',
};

const cancelled: ErrorInfo = { message: 'Sign-in was cancelled.', recovery: 'cancel' };

const networkFailed: ErrorInfo = {
  message: "We couldn't reach the server. Check your connection and try again.",
  recovery: 'retry',
};

/** Firebase Authentication codes (`AuthError.code`). */
export const errorTable: ErrorTable = {
  service: 'auth',
  entries: {
    'auth/wrong-password': incorrectCredentials,
    'auth/user-not-found': incorrectCredentials,
    'auth/invalid-credential': incorrectCredentials,
    'auth/invalid-email': {
      message: 'Enter a valid email address, like name@example.com.',
      recovery: 'fix-field',
      field: 'email',
    },
    'auth/missing-email': {
      message: 'Enter your email address.',
      recovery: 'fix-field',
      field: 'email',
    },
    'auth/missing-password': {
      message: 'Enter your password.',
      recovery: 'fix-field',
      field: 'password',
    },
    'auth/weak-password': {
      message: 'Choose a stronger password: at least 6 characters.',
      recovery: 'fix-field',
      field: 'password',
    },
    'auth/password-does-not-meet-requirements': {
      message: 'This password does not meet the requirements. Choose a longer, less common one.',
      recovery: 'fix-field',
      field: 'password',
    },
    'auth/too-many-requests': {
      message:
        'Too many attempts from this device. Wait a few minutes and try again, or reset your password.',
      recovery: 'reset-password',
    },
    'auth/network-request-failed': networkFailed,
    'auth/timeout': networkFailed,
    'auth/internal-error': {
      message: 'Something went wrong on our side. Please try again.',
      recovery: 'retry',
    },
    'auth/user-token-expired': sessionEnded,
    'auth/invalid-user-token': sessionEnded,
    'auth/user-disabled': {
      message:
        'This account has been disabled. Contact the site owner if you think this is a mistake.',
      recovery: 'none',
    },
    'auth/email-already-in-use': {
      message: 'An account already exists for this email.',
      recovery: 'sign-in-instead',
    },
    'auth/credential-already-in-use': {
      message: 'This Google account already belongs to another Showcase account.',
      recovery: 'sign-in-instead',
    },
    'auth/account-exists-with-different-credential': {
      message:
        'An account already exists for this email with another sign-in method. Sign in with your email and password instead.',
      recovery: 'sign-in',
    },
    'auth/popup-blocked': {
      message:
        'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
      recovery: 'allow-popups',
    },
    'auth/popup-closed-by-user': cancelled,
    'auth/cancelled-popup-request': cancelled,
    'auth/user-cancelled': cancelled,
    'auth/redirect-cancelled-by-user': cancelled,
    'auth/web-storage-unsupported': {
      message:
        'Your browser is blocking site storage, which signing in needs. Allow cookies and site data for this site (or leave private browsing), then reload.',
      recovery: 'reload',
    },
    'auth/operation-not-supported-in-this-environment': {
      message:
        'Signing in is not possible in this browser context. Open the site in a regular browser window.',
      recovery: 'none',
    },
    'auth/requires-recent-login': {
      message: 'For your security, confirm it is you before continuing.',
      recovery: 'reauthenticate',
    },
    'auth/user-mismatch': {
      message: 'That is a different account. Confirm with the account you are signed in with.',
      recovery: 'reauthenticate',
    },
    'auth/operation-not-allowed': {
      message: 'This sign-in method is not enabled for Showcase.',
      recovery: 'none',
    },
    'auth/admin-restricted-operation': {
      message: 'This sign-in method is turned off for Showcase.',
      recovery: 'none',
    },
    'auth/provider-already-linked': {
      message: 'Your account already uses this sign-in method.',
      recovery: 'none',
    },
    'auth/invalid-action-code': {
      message: 'This link is invalid or was already used. Ask for a new one.',
      recovery: 'reset-password',
    },
    'auth/expired-action-code': {
      message: 'This link has expired. Ask for a new one.',
      recovery: 'reset-password',
    },
    'auth/quota-exceeded': {
      message: 'The service is busy right now. Wait a few minutes and try again.',
      recovery: 'wait',
    },
    'auth/unauthorized-domain': {
      message: 'Signing in is not allowed from this web address.',
      recovery: 'none',
    },
    'auth/invalid-api-key': {
      message: 'Showcase is not set up correctly (its API key is invalid).',
      recovery: 'none',
    },
  },
};
