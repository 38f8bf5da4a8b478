// Not an upstream file: the suite imports the SDK's sources (`../../src`); here it gets the
// published build of the lockfile's `firebase`, as the Firestore suite's firebase_export does.
export * from '@firebase/storage';
